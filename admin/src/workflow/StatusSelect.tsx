import { LEAD_STATUSES, type LeadStatus } from '@conveyor/shared';
import { MenuItem, TextField } from '@mui/material';
import { useResourceContext, useTranslate } from 'react-admin';
import { useInPlaceUpdate } from '../common/useInPlaceUpdate.ts';

/**
 * Where sales stand with a lead or an application (new, in progress, won, lost, spam), changed
 * in place with one update, in a list row or on the record's screen.
 */
export function StatusSelect(_props: { label?: string; sortable?: boolean; source?: string }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { record, save, isPending } = useInPlaceUpdate(
    `resources.${resource ?? ''}.notifications.updated`,
  );
  if (!record) return null;
  return (
    <TextField
      select
      size="small"
      value={record.status as LeadStatus}
      disabled={isPending}
      onClick={(event) => event.stopPropagation()}
      slotProps={{ htmlInput: { 'aria-label': translate(`resources.${resource}.fields.status`) } }}
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
