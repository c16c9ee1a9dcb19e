import { CreatePage } from '../common/FormPages.tsx';
import { CategoryForm } from './CategoryForm.tsx';

export const CategoryCreate = () => (
  <CreatePage>
    <CategoryForm />
  </CreatePage>
);
