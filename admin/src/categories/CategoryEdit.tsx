import { CategoryForm } from './CategoryForm.tsx';
import { EditPage } from '../screens/FormPages.tsx';

export const CategoryEdit = () => (
  <EditPage>
    <CategoryForm />
  </EditPage>
);
