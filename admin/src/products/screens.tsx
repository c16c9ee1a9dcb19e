import {
  AutocompleteInput,
  BooleanInput,
  ReferenceField,
  ReferenceInput,
  required,
  SimpleForm,
  TextField,
} from 'react-admin';
import { LocalizedField, RowNumber, TruncatedText } from '../common/fields.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { CreatePage, EditPage, FormToolbar, ListPage, RowActions } from '../common/pages.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';

export function ProductList() {
  return (
    <ListPage>
      <RowNumber label="conveyor.list.number" />
      <LocalizedField source="name_uz" label="resources.products.fields.name" />
      <TruncatedText
        sortable={false}
        source="description_uz"
        label="resources.products.fields.description"
      />
      <ReferenceField source="category_id" reference="categories" link={false}>
        <TextField source="name_uz" />
      </ReferenceField>
      <StatusSwitch label="conveyor.list.status" />
      <RowActions label="conveyor.list.actions" />
    </ListPage>
  );
}

function ProductForm() {
  return (
    <SimpleForm toolbar={<FormToolbar />} defaultValues={{ is_active: true, images: [] }}>
      <LocalizedInputs prefix="name" required />
      <ReferenceInput
        source="category_id"
        reference="categories"
        sort={{ field: 'name_uz', order: 'ASC' }}
      >
        <AutocompleteInput
          optionText="name_uz"
          filterToQuery={(q) => ({ q })}
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
      <LocalizedInputs prefix="description" multiline />
      <ImageUpload source="image" />
      <ImageUpload source="images" multiple />
      <BooleanInput source="is_active" />
    </SimpleForm>
  );
}

export const ProductCreate = () => (
  <CreatePage>
    <ProductForm />
  </CreatePage>
);
export const ProductEdit = () => (
  <EditPage>
    <ProductForm />
  </EditPage>
);
