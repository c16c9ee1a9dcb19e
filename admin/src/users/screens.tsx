import { Alert } from '@mui/material';
import {
  BooleanInput,
  email,
  type Identifier,
  maxLength,
  minLength,
  PasswordInput,
  required,
  SimpleForm,
  TextField,
  TextInput,
  useGetIdentity,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { RowNumber } from '../common/fields.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { CreatePage, EditPage, FormToolbar, ListPage, RowActions } from '../common/pages.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';
import { currentPasswordIfNew, userName } from '../common/validators.ts';
import { isOwnAccount, passwordChange } from './password.ts';

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

/**
 * Whether the signed-in user is editing their own account: `undefined` while their identity
 * is loading, and false when it cannot be had (the password stays out of reach then).
 */
function useOwnAccount(): boolean | undefined {
  const record = useRecordContext();
  const { identity, isPending } = useGetIdentity();
  if (isPending) return undefined;
  return isOwnAccount(record?.id, identity?.id);
}

/**
 * The password on an edit screen. Only its owner may change it, and gives the current one with
 * the new (the API refuses anything else): one's own account has both inputs, required together
 * once a new password is typed; another user's has a line saying so instead.
 */
function EditPasswordInputs() {
  const own = useOwnAccount();
  const translate = useTranslate();
  if (own === undefined) return null;
  if (!own) {
    return (
      <Alert severity="info" role="note" sx={{ mb: 2 }} data-testid="password-owner-only">
        {translate('conveyor.users.password_owner_only')}
      </Alert>
    );
  }
  return (
    <>
      <PasswordInput
        source="password"
        validate={minLength(8)}
        autoComplete="new-password"
        helperText="conveyor.users.password_keep"
      />
      <PasswordInput
        source="current_password"
        validate={currentPasswordIfNew}
        autoComplete="current-password"
      />
    </>
  );
}

function UserForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm
      toolbar={<UserToolbar />}
      defaultValues={creating ? { is_active: true } : undefined}
    >
      <TextInput source="user_name" validate={[required(), userName]} autoComplete="off" />
      {creating ? (
        <PasswordInput
          source="password"
          validate={[required(), minLength(8)]}
          autoComplete="new-password"
        />
      ) : (
        <EditPasswordInputs />
      )}
      <TextInput source="first_name" validate={maxLength(100)} />
      <TextInput source="last_name" validate={maxLength(100)} />
      <TextInput source="email" type="email" validate={[required(), email()]} />
      <ImageUpload source="avatar" />
      <BooleanInput source="is_active" />
    </SimpleForm>
  );
}

export const UserCreate = () => (
  <CreatePage>
    <UserForm creating />
  </CreatePage>
);

/**
 * Saves send a password only for one's own account, with the current one, and only when a new
 * one was typed (empty keeps it); another user's edit never carries one.
 */
export function UserEdit() {
  const { identity } = useGetIdentity();
  const transform = (
    data: Record<string, unknown>,
    options?: { previousData?: { id?: Identifier } },
  ) =>
    passwordChange(
      data,
      isOwnAccount(options?.previousData?.id ?? (data.id as Identifier), identity?.id),
    );
  return (
    <EditPage transform={transform}>
      <UserForm creating={false} />
    </EditPage>
  );
}
