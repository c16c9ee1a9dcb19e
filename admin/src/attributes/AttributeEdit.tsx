import { AttributeForm } from './AttributeForm.tsx';
import { EditPage } from '../screens/FormPages.tsx';

export const AttributeEdit = () => (
  <EditPage>
    <AttributeForm />
  </EditPage>
);
