import { passwordSchema } from '@conveyor/shared';
import {
  PasswordInput,
  useCanAccess,
  required,
  useGetIdentity,
  useRecordContext,
} from 'react-admin';
import { textRules } from '../common/schemaRules.ts';
import { currentPasswordIfNew } from '../common/validators.ts';
import { isOwnAccount } from './password.ts';

const passwordRules = textRules(passwordSchema);
const newPasswordRules = [required(), ...passwordRules];

/** A new user's password, required. */
export function CreatePasswordInput() {
  return (
    <PasswordInput source="password" validate={newPasswordRules} autoComplete="new-password" />
  );
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
 * The password on an edit screen. Its owner changes it and gives the current one with the new:
 * one's own account has both inputs, required together once a new password is typed. An admin
 * sets another user's (one they forgot) with the new one alone, which signs that user out
 * everywhere. Nobody else sees a password input (the API refuses them).
 */
export function EditPasswordInputs() {
  const own = useOwnAccount();
  const { canAccess: admin, isPending } = useCanAccess({ action: 'edit', resource: 'users.role' });
  if (own === undefined || isPending) return null;
  if (!own) {
    if (!admin) return null;
    return (
      <PasswordInput
        source="password"
        validate={passwordRules}
        autoComplete="new-password"
        helperText="conveyor.users.password_set_other"
      />
    );
  }
  return (
    <>
      <PasswordInput
        source="password"
        validate={passwordRules}
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
