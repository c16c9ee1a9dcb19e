import { passwordSchema } from '@conveyor/shared';
import { Alert } from '@mui/material';
import {
  PasswordInput,
  required,
  useGetIdentity,
  useRecordContext,
  useTranslate,
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
 * The password on an edit screen. Only its owner may change it, and gives the current one with
 * the new (the API refuses anything else): one's own account has both inputs, required together
 * once a new password is typed; another user's has a line saying so instead.
 */
export function EditPasswordInputs() {
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
