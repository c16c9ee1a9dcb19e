import EditNoteIcon from '@mui/icons-material/EditNote';
import { isDraftable } from '@conveyor/shared';
import { SaveButton, useNotify, useRecordContext, useResourceContext } from 'react-admin';
import { useErrorToast } from '../common/useErrorToast.ts';
import { useDraftChanged } from './api.ts';

/**
 * 'Save as draft' on the edit screen of a record the site shows (issue 17): the form's changes
 * are kept as the record's draft, the live record and the site stay as they are. The data
 * provider sends them to the draft (`meta.draft`); the screen stays open.
 */
export function DraftSaveButton() {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext<{ id: number }>();
  const notify = useNotify();
  const changed = useDraftChanged();
  const onError = useErrorToast('conveyor.drafts.save_failed');
  if (!record || !isDraftable(resource)) return null;
  return (
    <SaveButton
      type="button"
      variant="outlined"
      label="conveyor.drafts.save"
      icon={<EditNoteIcon />}
      data-testid="save-draft"
      alwaysEnable
      mutationOptions={{
        meta: { draft: true },
        onSuccess: async () => {
          notify('conveyor.drafts.saved', { type: 'success' });
          await changed(resource, record.id);
        },
        onError,
      }}
    />
  );
}
