import { Switch } from '@mui/material';
import {
  useNotify,
  useRecordContext,
  useResourceContext,
  useTranslate,
  useUpdate,
} from 'react-admin';

/**
 * The list's status switch: one partial update that sends only the inverted `is_active`.
 * Toasts: 'Ma'lumotlar tahrirlandi' on success, 'Ma'lumotlarni tahrirlab bo'lmadi' (with the
 * API's reason, e.g. the last user) on failure.
 */
export function StatusSwitch(_props: { label?: string; sortable?: boolean; source?: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate();
  if (!record || !resource) return null;
  const active = Boolean(record.is_active);
  return (
    <Switch
      checked={active}
      disabled={isPending}
      slotProps={{ input: { 'aria-label': translate(`resources.${resource}.fields.is_active`) } }}
      onClick={(event) => event.stopPropagation()}
      onChange={() =>
        update(
          resource,
          { id: record.id, data: { is_active: !active }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify('ra.notification.updated', { type: 'success' }),
            onError: (error) =>
              notify(`${translate('conveyor.errors.toggle')}: ${(error as Error).message ?? ''}`, {
                type: 'error',
              }),
          },
        )
      }
    />
  );
}
