import { userFields } from '@conveyor/shared';
import { email, required, TextInput } from 'react-admin';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { FormToolbar, ResourceForm } from '../common/ResourceForm.tsx';
import { textRules } from '../common/schemaRules.ts';
import { userName } from '../common/validators.ts';
import { CreatePasswordInput, EditPasswordInputs } from './PasswordInputs.tsx';
import { useLastUser } from './useLastUser.ts';

const rules = {
  user_name: [required(), userName],
  first_name: textRules(userFields.first_name),
  last_name: textRules(userFields.last_name),
  email: [required(), email(), ...textRules(userFields.email)],
};

/** The edit form's delete is locked on the last user, as the list's is. */
function UserToolbar() {
  return <FormToolbar disableDelete={useLastUser()} />;
}

/** A user's form; the password inputs differ between a new account and an existing one. */
export function UserForm({ creating }: { creating: boolean }) {
  return (
    <ResourceForm toolbar={<UserToolbar />}>
      <TextInput source="user_name" validate={rules.user_name} autoComplete="off" />
      {creating ? <CreatePasswordInput /> : <EditPasswordInputs />}
      <TextInput source="first_name" validate={rules.first_name} />
      <TextInput source="last_name" validate={rules.last_name} />
      <TextInput source="email" type="email" validate={rules.email} />
      <ImageUpload source="avatar" />
    </ResourceForm>
  );
}
