import { Switch } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useInPlaceUpdate } from './useInPlaceUpdate.ts';

/**
 * The list's status switch: one partial update that sends only the inverted `is_active`.
 * Toasts: 'Ma'lumotlar tahrirlandi' on success, 'Ma'lumotlarni tahrirlab bo'lmadi' (with the
 * API's reason, e.g. the last user) on failure.
 */
export function StatusSwitch(_props: { label?: string; sortable?: boolean; source?: string }) {
  const translate = useTranslate();
  const { record, resource, save, isPending } = useInPlaceUpdate('ra.notification.updated');
  if (!record || !resource) return null;
  const active = Boolean(record.is_active);
  return (
    <Switch
      checked={active}
      disabled={isPending}
      slotProps={{ input: { 'aria-label': translate(`resources.${resource}.fields.is_active`) } }}
      onClick={(event) => event.stopPropagation()}
      onChange={() => save({ is_active: !active })}
    />
  );
}
