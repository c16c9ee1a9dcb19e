import { userFields } from '@conveyor/shared';
import { CanAccess, email, required, TextInput } from 'react-admin';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { textRules } from '../common/schemaRules.ts';
import { userName } from '../common/validators.ts';
import { FormToolbar, ResourceForm } from '../screens/ResourceForm.tsx';
import { CreatePasswordInput, EditPasswordInputs } from './PasswordInputs.tsx';
import { RoleInput } from './roles.tsx';
import { useLastAdmin } from './useLastAdmin.ts';

const rules = {
  user_name: [required(), userName],
  first_name: textRules(userFields.first_name),
  last_name: textRules(userFields.last_name),
  email: [required(), email(), ...textRules(userFields.email)],
  role: [required()],
};

/** The edit form's delete is locked on the last active admin, as the list's is. */
function UserToolbar() {
  return <FormToolbar disableDelete={useLastAdmin()} />;
}

/**
 * A user's form; the password inputs differ between a new account and an existing one. The
 * role is an admin's to give, and someone editing their own profile does not see it. A new
 * account's role is asked, none preselected, and required, so that a click on Save never
 * gives the widest role unasked; the API's default for a body without a role stays for its
 * other callers.
 */
export function UserForm({ creating }: { creating: boolean }) {
  return (
    <ResourceForm toolbar={<UserToolbar />}>
      <TextInput source="user_name" validate={rules.user_name} autoComplete="off" />
      {creating ? <CreatePasswordInput /> : <EditPasswordInputs />}
      <CanAccess action="edit" resource="users.role">
        <RoleInput validate={rules.role} />
      </CanAccess>
      <TextInput source="first_name" validate={rules.first_name} />
      <TextInput source="last_name" validate={rules.last_name} />
      <TextInput source="email" type="email" validate={rules.email} />
      <ImageUpload source="avatar" />
    </ResourceForm>
  );
}
