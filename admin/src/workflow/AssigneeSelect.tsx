import { MenuItem, TextField } from '@mui/material';
import { useGetList, useResourceContext, useTranslate } from 'react-admin';
import { useInPlaceUpdate } from '../common/useInPlaceUpdate.ts';

interface StaffUser {
  id: number;
  user_name: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
}

export const userName = (user: StaffUser) =>
  `${user.first_name} ${user.last_name}`.trim() || user.user_name;

/** The staff who can take a lead: every user (a team is small; 100 is the API's page). */
export function useStaff() {
  return useGetList<StaffUser>('users', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'first_name', order: 'ASC' },
  });
}

/** Who has the lead or application: changed in place, or cleared. */
export function AssigneeSelect(_props: { label?: string; sortable?: boolean; source?: string }) {
  const translate = useTranslate();
  const { data: staff = [] } = useStaff();
  const resource = useResourceContext();
  const { record, save, isPending } = useInPlaceUpdate(
    `resources.${resource ?? ''}.notifications.updated`,
  );
  if (!record) return null;
  const current = (record.assignee_id as number | null) ?? '';
  // A user who is inactive still shows as the assignee of what they had.
  const choices = staff.filter((user) => user.is_active || user.id === current);
  return (
    <TextField
      select
      size="small"
      value={choices.some((user) => user.id === current) ? current : ''}
      disabled={isPending}
      onClick={(event) => event.stopPropagation()}
      sx={{ minWidth: 140 }}
      slotProps={{
        htmlInput: { 'aria-label': translate(`resources.${resource}.fields.assignee_id`) },
      }}
      onChange={(event) =>
        save({ assignee_id: event.target.value === '' ? null : Number(event.target.value) })
      }
    >
      <MenuItem value="">
        <em>{translate('conveyor.workflow.unassigned')}</em>
      </MenuItem>
      {choices.map((user) => (
        <MenuItem key={user.id} value={user.id}>
          {userName(user)}
        </MenuItem>
      ))}
    </TextField>
  );
}
