import {
  BooleanInput,
  email,
  maxLength,
  minLength,
  PasswordInput,
  regex,
  required,
  SimpleForm,
  TextField,
  TextInput,
  useListContext,
} from 'react-admin';
import { RowNumber } from '../common/fields.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { CreatePage, EditPage, ListPage, RowActions } from '../common/pages.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';

/** Delete is disabled while only one user is left (the API refuses it too). */
function UserActions(_props: { label?: string }) {
  const { total } = useListContext();
  return <RowActions disableDelete={total !== undefined && total <= 1} />;
}

export function UserList() {
  return (
    <ListPage>
      <RowNumber label="conveyor.list.number" />
      <TextField source="user_name" />
      <TextField source="email" />
      <StatusSwitch label="conveyor.list.status" />
      <UserActions label="conveyor.list.actions" />
    </ListPage>
  );
}

const userName = [required(), regex(/^[A-Za-z0-9_.-]{3,50}$/, 'conveyor.errors.user_name')];

function UserForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm defaultValues={creating ? { is_active: true } : undefined}>
      <TextInput source="user_name" validate={userName} autoComplete="off" />
      <PasswordInput
        source="password"
        validate={creating ? [required(), minLength(8)] : [minLength(8)]}
        autoComplete="new-password"
        helperText={creating ? undefined : 'conveyor.users.password_keep'}
      />
      <TextInput source="first_name" validate={maxLength(100)} />
      <TextInput source="last_name" validate={maxLength(100)} />
      <TextInput source="email" type="email" validate={[required(), email()]} />
      <ImageUpload source="avatar" />
      <BooleanInput source="is_active" />
    </SimpleForm>
  );
}

/** An empty password on edit means "keep the current one". */
const dropEmptyPassword = (data: Record<string, unknown>) => {
  const { password, ...rest } = data;
  return password ? { ...rest, password } : rest;
};

export const UserCreate = () => (
  <CreatePage>
    <UserForm creating />
  </CreatePage>
);

export const UserEdit = () => (
  <EditPage transform={dropEmptyPassword}>
    <UserForm creating={false} />
  </EditPage>
);
