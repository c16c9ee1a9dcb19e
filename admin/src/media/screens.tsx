import {
  AutocompleteInput,
  BooleanInput,
  ReferenceField,
  ReferenceInput,
  required,
  SimpleForm,
  TextField,
  TextInput,
} from 'react-admin';
import { LocalizedField, RowNumber, TruncatedText } from '../common/fields.tsx';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { CreatePage, EditPage, FormToolbar, ListPage, RowActions } from '../common/pages.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';
import { httpUrl } from '../common/validators.ts';

export function MediaList() {
  return (
    <ListPage>
      <RowNumber label="conveyor.list.number" />
      <LocalizedField source="title_uz" label="resources.media.fields.title" />
      <TruncatedText sortable={false} source="link" label="resources.media.fields.link" />
      <ReferenceField source="product_id" reference="products" link={false}>
        <TextField source="name_uz" />
      </ReferenceField>
      <StatusSwitch label="conveyor.list.status" />
      <RowActions label="conveyor.list.actions" />
    </ListPage>
  );
}

function MediaForm() {
  return (
    <SimpleForm toolbar={<FormToolbar />} defaultValues={{ is_active: true }}>
      <LocalizedInputs prefix="title" required />
      <TextInput source="link" validate={[required(), httpUrl]} fullWidth />
      <ReferenceInput source="product_id" reference="products">
        <AutocompleteInput
          optionText="name_uz"
          filterToQuery={(q) => ({ q })}
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
      <BooleanInput source="is_active" />
    </SimpleForm>
  );
}

export const MediaCreate = () => (
  <CreatePage>
    <MediaForm />
  </CreatePage>
);
export const MediaEdit = () => (
  <EditPage>
    <MediaForm />
  </EditPage>
);
