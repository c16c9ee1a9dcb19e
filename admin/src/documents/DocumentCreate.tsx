import { DocumentForm } from './DocumentForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const DocumentCreate = () => (
  <CreatePage>
    <DocumentForm />
  </CreatePage>
);
