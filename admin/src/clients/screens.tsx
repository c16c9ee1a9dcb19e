import {
  BooleanInput,
  ImageField,
  maxLength,
  required,
  SimpleForm,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { fileUrl } from '../config.ts';
import { RowNumber } from '../common/fields.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { CreatePage, EditPage, FormToolbar, ListPage, RowActions } from '../common/pages.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';

function Logo(_props: { label?: string }) {
  const record = useRecordContext();
  if (!record?.image) return null;
  return (
    <ImageField
      record={{ ...record, src: fileUrl(record.image as string) }}
      source="src"
      sx={{ '& img': { maxWidth: 80, maxHeight: 40, objectFit: 'contain', m: 0 } }}
    />
  );
}

export function ClientList() {
  return (
    <ListPage>
      <RowNumber label="conveyor.list.number" />
      <TextField source="name" />
      <Logo label="resources.clients.fields.image" />
      <StatusSwitch label="conveyor.list.status" />
      <RowActions label="conveyor.list.actions" />
    </ListPage>
  );
}

function ClientForm() {
  return (
    <SimpleForm toolbar={<FormToolbar />} defaultValues={{ is_active: true }}>
      <TextInput source="name" validate={[required(), maxLength(200)]} />
      <ImageUpload source="image" />
      <BooleanInput source="is_active" />
    </SimpleForm>
  );
}

export const ClientCreate = () => (
  <CreatePage>
    <ClientForm />
  </CreatePage>
);
export const ClientEdit = () => (
  <EditPage>
    <ClientForm />
  </EditPage>
);
