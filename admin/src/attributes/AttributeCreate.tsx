import { AttributeForm } from './AttributeForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const AttributeCreate = () => (
  <CreatePage>
    <AttributeForm />
  </CreatePage>
);
