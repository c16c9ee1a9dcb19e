import { ClientForm } from './ClientForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const ClientCreate = () => (
  <CreatePage>
    <ClientForm />
  </CreatePage>
);
