import { Switch } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import type { ColumnProps } from './gridFit.ts';
import { useInPlaceUpdate } from './useInPlaceUpdate.ts';

/**
 * The list's status switch: one partial update that sends only the inverted `is_active`.
 * Toasts: 'Ma'lumotlar tahrirlandi' on success, 'Ma'lumotlarni tahrirlab bo'lmadi' (with the
 * API's reason, e.g. the last admin) on failure. Read-only for a role that may not change it
 * (sales see the catalogue, and the staff list, without changing them).
 */
export function StatusSwitch(_props: ColumnProps) {
  const translate = useTranslate();
  const { record, resource, save, isPending } = useInPlaceUpdate('ra.notification.updated');
  const { canAccess } = useCanAccess({
    action: 'edit',
    resource: `${resource}.is_active`,
    record,
  });
  if (!record || !resource) return null;
  const active = Boolean(record.is_active);
  return (
    <Switch
      checked={active}
      disabled={isPending || canAccess !== true}
      slotProps={{ input: { 'aria-label': translate(`resources.${resource}.fields.is_active`) } }}
      onClick={(event) => event.stopPropagation()}
      onChange={() => save({ is_active: !active })}
    />
  );
}
