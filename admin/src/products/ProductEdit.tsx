import { DocumentsSection } from '../documents/DocumentsSection.tsx';
import { ProductForm } from './ProductForm.tsx';
import { EditPage } from '../screens/FormPages.tsx';

export const ProductEdit = () => (
  <EditPage>
    <ProductForm />
    <DocumentsSection owner="product_id" />
  </EditPage>
);
