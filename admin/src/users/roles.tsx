import { ROLES } from '@conveyor/shared';
import { SelectField, SelectInput, type SelectInputProps } from 'react-admin';

/** The roles as choices; react-admin translates each name (`conveyor.roles.admin`…). */
export const roleChoices = ROLES.map((id) => ({ id, name: `conveyor.roles.${id}` }));

/** A user's role in a list. */
export const RoleField = (props: { label?: string; sortable?: boolean }) => (
  <SelectField source="role" choices={roleChoices} {...props} />
);

/** The role picker; its help line says what each role may do, so nobody needs a manual. */
export const RoleInput = (props: Omit<SelectInputProps, 'source' | 'choices'>) => (
  <SelectInput
    source="role"
    choices={roleChoices}
    helperText="conveyor.roles.help"
    emptyText=""
    {...props}
  />
);
