import { CreatePage } from '../common/FormPages.tsx';
import { ClientForm } from './ClientForm.tsx';

export const ClientCreate = () => (
  <CreatePage>
    <ClientForm />
  </CreatePage>
);
