import { DocumentsSection } from '../documents/DocumentsSection.tsx';
import { CategoryForm } from './CategoryForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const CategoryCreate = () => (
  <CreatePage>
    <CategoryForm />
    <DocumentsSection owner="category_id" />
  </CreatePage>
);
