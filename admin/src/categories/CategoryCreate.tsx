import { CategoryForm } from './CategoryForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const CategoryCreate = () => (
  <CreatePage>
    <CategoryForm />
  </CreatePage>
);
