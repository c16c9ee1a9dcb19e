import { DocumentForm } from './DocumentForm.tsx';
import { EditPage } from '../screens/FormPages.tsx';

export const DocumentEdit = () => (
  <EditPage>
    <DocumentForm />
  </EditPage>
);
