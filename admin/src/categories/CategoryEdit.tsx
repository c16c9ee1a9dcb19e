import { EditPage } from '../common/FormPages.tsx';
import { CategoryForm } from './CategoryForm.tsx';

export const CategoryEdit = () => (
  <EditPage>
    <CategoryForm />
  </EditPage>
);
