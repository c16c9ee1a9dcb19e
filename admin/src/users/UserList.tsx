import { TextField } from 'react-admin';
import { ListPage } from '../common/ListPage.tsx';
import { RowActions } from '../common/RowActions.tsx';
import { useLastUser } from './useLastUser.ts';

/** Delete is disabled while only one user is left. */
function UserActions() {
  return <RowActions disableDelete={useLastUser()} />;
}

export function UserList() {
  return (
    <ListPage rowActions={<UserActions />}>
      <TextField source="user_name" />
      <TextField source="email" />
    </ListPage>
  );
}
