import { LEAD_STATUSES, type LeadStatus } from '@conveyor/shared';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useInPlaceUpdate } from '../common/useInPlaceUpdate.ts';

/** The lead's workflow state (new / in progress / done), changed in place with one update. */
export function LeadStatusSelect(_props: { label?: string; sortable?: boolean; source?: string }) {
  const translate = useTranslate();
  const { record, save, isPending } = useInPlaceUpdate('resources.leads.notifications.updated');
  if (!record) return null;
  return (
    <TextField
      select
      size="small"
      value={record.status as LeadStatus}
      disabled={isPending}
      onClick={(event) => event.stopPropagation()}
      slotProps={{ htmlInput: { 'aria-label': translate('resources.leads.fields.status') } }}
      onChange={(event) => save({ status: event.target.value })}
    >
      {LEAD_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {translate(`conveyor.lead_status.${status}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
