import { BooleanInput, maxLength, SimpleForm, TextInput } from 'react-admin';
import { LocalizedField, RowNumber, TruncatedText } from '../common/fields.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { CreatePage, EditPage, FormToolbar, ListPage, RowActions } from '../common/pages.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';

export function CategoryList() {
  return (
    <ListPage>
      <RowNumber label="conveyor.list.number" />
      <LocalizedField source="name_uz" label="resources.categories.fields.name" />
      <TruncatedText
        sortable={false}
        source="description_uz"
        label="resources.categories.fields.description"
      />
      <StatusSwitch label="conveyor.list.status" />
      <RowActions label="conveyor.list.actions" />
    </ListPage>
  );
}

function CategoryForm() {
  return (
    <SimpleForm toolbar={<FormToolbar />} defaultValues={{ is_active: true }}>
      <LocalizedInputs prefix="name" required />
      <LocalizedInputs prefix="description" multiline />
      <TextInput source="link" validate={maxLength(500)} fullWidth />
      <ImageUpload source="image" />
      <BooleanInput source="is_active" />
    </SimpleForm>
  );
}

export const CategoryCreate = () => (
  <CreatePage>
    <CategoryForm />
  </CreatePage>
);
export const CategoryEdit = () => (
  <EditPage>
    <CategoryForm />
  </EditPage>
);
