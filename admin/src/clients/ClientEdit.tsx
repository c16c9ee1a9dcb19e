import { EditPage } from '../common/FormPages.tsx';
import { ClientForm } from './ClientForm.tsx';

export const ClientEdit = () => (
  <EditPage>
    <ClientForm />
  </EditPage>
);
