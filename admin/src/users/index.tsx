import {
  BooleanInput,
  email,
  maxLength,
  minLength,
  PasswordInput,
  required,
  SimpleForm,
  TextField,
  TextInput,
  useGetList,
} from 'react-admin';
import { RowNumber } from '../common/fields.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { CreatePage, EditPage, FormToolbar, ListPage, RowActions } from '../common/pages.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';
import { userName } from '../common/validators.ts';

/**
 * Whether the last user is left, counted over all users: the list's `total` follows its search
 * box, and a search that finds one user must not lock that user's delete. Locked while the
 * count is unknown; the API refuses deleting the last user too.
 */
export function useLastUser(): boolean {
  const { total } = useGetList('users', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  return total === undefined || total <= 1;
}

/** Delete is disabled while only one user is left. */
function UserActions(_props: { label?: string }) {
  return <RowActions disableDelete={useLastUser()} />;
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

/** The edit form's delete is locked on the last user, as the list's is. */
function UserToolbar() {
  return <FormToolbar disableDelete={useLastUser()} />;
}

function UserForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm
      toolbar={<UserToolbar />}
      defaultValues={creating ? { is_active: true } : undefined}
    >
      <TextInput source="user_name" validate={[required(), userName]} autoComplete="off" />
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
