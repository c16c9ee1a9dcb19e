import { ProductForm } from './ProductForm.tsx';
import { EditPage } from '../screens/FormPages.tsx';

export const ProductEdit = () => (
  <EditPage>
    <ProductForm />
  </EditPage>
);
