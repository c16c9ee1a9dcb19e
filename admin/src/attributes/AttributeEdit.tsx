import { AttributeForm } from './AttributeForm.tsx';
import { onlyTheTypesFields } from './types.ts';
import { EditPage } from '../screens/FormPages.tsx';

export const AttributeEdit = () => (
  <EditPage transform={onlyTheTypesFields}>
    <AttributeForm />
  </EditPage>
);
