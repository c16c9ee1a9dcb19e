import { type Identifier, useCanAccess, useGetIdentity } from 'react-admin';
import { useReadOnly } from '../common/readOnly.ts';
import { EditPage } from '../screens/FormPages.tsx';
import { isOwnAccount, passwordChange } from './password.ts';
import { SessionsPanel } from './SessionsPanel.tsx';
import { TwoFactorPanel } from './TwoFactorPanel.tsx';
import { UserForm } from './UserForm.tsx';

/**
 * Saves send a password only when a new one was typed (empty keeps it): for one's own account
 * with the current one, for another user's only from an admin.
 */
export function UserEdit() {
  const { identity } = useGetIdentity();
  const { canAccess: admin } = useCanAccess({ action: 'edit', resource: 'users.role' });
  const transform = (
    data: Record<string, unknown>,
    options?: { previousData?: { id?: Identifier } },
  ) =>
    passwordChange(data, {
      own: isOwnAccount(options?.previousData?.id ?? (data.id as Identifier), identity?.id),
      admin: admin === true,
    });
  // EditPage checks access with the address's id: every role opens its own profile, and
  // sales read another user's record (they read the staff list) without changing it
  return (
    <EditPage transform={transform}>
      <UserForm creating={false} />
      <AccountPanels />
    </EditPage>
  );
}

/** Two-factor sign-in and sessions: for whoever may change the account, not for a reader. */
function AccountPanels() {
  if (useReadOnly()) return null;
  return (
    <>
      <TwoFactorPanel />
      <SessionsPanel />
    </>
  );
}
