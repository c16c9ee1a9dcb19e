import { AttributeForm } from './AttributeForm.tsx';
import { onlyTheTypesFields } from './types.ts';
import { CreatePage } from '../screens/FormPages.tsx';

export const AttributeCreate = () => (
  <CreatePage transform={onlyTheTypesFields}>
    <AttributeForm />
  </CreatePage>
);
