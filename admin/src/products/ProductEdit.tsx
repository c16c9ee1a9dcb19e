import { EditPage } from '../common/FormPages.tsx';
import { ProductForm } from './ProductForm.tsx';

export const ProductEdit = () => (
  <EditPage>
    <ProductForm />
  </EditPage>
);
