import { BooleanField, SearchInput, TextField } from 'react-admin';
import { RowActions } from '../common/RowActions.tsx';
import { ListPage } from '../screens/ListPage.tsx';
import { RoleField, RoleInput } from './roles.tsx';
import { useLastAdmin } from './useLastAdmin.ts';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <RoleInput key="role" alwaysOn helperText={false} />,
];

/** Delete is disabled on the last active admin. */
function UserActions() {
  return <RowActions disableDelete={useLastAdmin()} />;
}

export function UserList() {
  return (
    <ListPage rowActions={<UserActions />} filters={filters}>
      <TextField source="user_name" />
      <TextField source="email" />
      {/* the header is named here: Datagrid reads it from the column's own props */}
      <RoleField label="resources.users.fields.role" />
      <BooleanField source="two_factor" />
    </ListPage>
  );
}
