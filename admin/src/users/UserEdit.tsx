import {
  AccessDenied,
  CanAccess,
  type Identifier,
  useCanAccess,
  useGetIdentity,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { EditPage } from '../common/FormPages.tsx';
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
  // react-admin asks canAccess for the edit screen before it has the record, which would shut
  // an editor or a salesman out of their own profile: the check is made here with the id of
  // the address instead (the API checks every call anyway).
  const { id } = useParams();
  return (
    <CanAccess
      action="edit"
      resource="users"
      record={{ id: id ?? '' }}
      accessDenied={<AccessDenied />}
    >
      <EditPage transform={transform} disableAuthentication>
        <UserForm creating={false} />
        <TwoFactorPanel />
        <SessionsPanel />
      </EditPage>
    </CanAccess>
  );
}
