import { DocumentsSection } from '../documents/DocumentsSection.tsx';
import { CategoryForm } from './CategoryForm.tsx';
import { EditPage } from '../screens/FormPages.tsx';

export const CategoryEdit = () => (
  <EditPage>
    <CategoryForm />
    <DocumentsSection owner="category_id" />
  </EditPage>
);
