import { ProductForm } from './ProductForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const ProductCreate = () => (
  <CreatePage>
    <ProductForm />
  </CreatePage>
);
