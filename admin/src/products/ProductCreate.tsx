import { CreatePage } from '../common/FormPages.tsx';
import { ProductForm } from './ProductForm.tsx';

export const ProductCreate = () => (
  <CreatePage>
    <ProductForm />
  </CreatePage>
);
