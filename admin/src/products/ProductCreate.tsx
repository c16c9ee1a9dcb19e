import { DocumentsSection } from '../documents/DocumentsSection.tsx';
import { ProductForm } from './ProductForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const ProductCreate = () => (
  <CreatePage>
    <ProductForm />
    <DocumentsSection owner="product_id" />
  </CreatePage>
);
