import { type Identifier, useGetIdentity } from 'react-admin';
import { EditPage } from '../common/FormPages.tsx';
import { isOwnAccount, passwordChange } from './password.ts';
import { UserForm } from './UserForm.tsx';

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
