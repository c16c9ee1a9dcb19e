import EditNoteIcon from '@mui/icons-material/EditNote';
import { isDraftable } from '@conveyor/shared';
import {
  type RaRecord,
  SaveButton,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
} from 'react-admin';
import { useErrorToast } from '../common/useErrorToast.ts';
import { useDraftChanged } from './api.ts';

/**
 * 'Save as draft' on the edit screen of a record the site shows: the form's changes
 * are kept as the record's draft, the live record and the site stay as they are. The data
 * provider sends them to the draft (`meta.draft`); the screen stays open.
 *
 * On a create screen there is no live record to keep: the new record is saved hidden, so
 * nothing reaches the site, and its edit screen opens to preview it, draft on, schedule it or
 * switch it on.
 */
export function DraftSaveButton() {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext<{ id?: number }>();
  const notify = useNotify();
  const redirect = useRedirect();
  const changed = useDraftChanged();
  const onError = useErrorToast('conveyor.drafts.save_failed');
  if (!isDraftable(resource)) return null;
  const common = {
    type: 'button',
    variant: 'outlined',
    label: 'conveyor.drafts.save',
    icon: <EditNoteIcon />,
    'data-testid': 'save-draft',
    alwaysEnable: true,
  } as const;
  if (record?.id === undefined || record.id === null) {
    return (
      <SaveButton
        {...common}
        transform={(data: Record<string, unknown>) => ({ ...data, is_active: false })}
        mutationOptions={{
          onSuccess: (created: RaRecord) => {
            notify('conveyor.drafts.created_hidden', { type: 'success' });
            redirect('edit', resource, created.id);
          },
          onError,
        }}
      />
    );
  }
  const id = record.id;
  return (
    <SaveButton
      {...common}
      mutationOptions={{
        meta: { draft: true },
        onSuccess: async () => {
          notify('conveyor.drafts.saved', { type: 'success' });
          await changed(resource, id);
        },
        onError,
      }}
    />
  );
}
