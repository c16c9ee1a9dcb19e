import { SelectField, TextField } from 'react-admin';
import { LocalizedField } from '../common/fields.tsx';
import { ListPage } from '../screens/ListPage.tsx';
import { TYPE_CHOICES } from './types.ts';
import { UnitField } from './UnitField.tsx';

export function AttributeList() {
  return (
    <ListPage>
      <LocalizedField source="name" sortBy="name_uz" />
      <TextField source="code" />
      <SelectField source="type" choices={TYPE_CHOICES} />
      <UnitField label="resources.attributes.fields.unit" sortBy="unit_uz" />
    </ListPage>
  );
}
