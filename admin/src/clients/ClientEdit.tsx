import { ClientForm } from './ClientForm.tsx';
import { EditPage } from '../screens/FormPages.tsx';

export const ClientEdit = () => (
  <EditPage>
    <ClientForm />
  </EditPage>
);
