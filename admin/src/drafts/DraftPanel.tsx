import { isDraftable, type Preview } from '@conveyor/shared';
import PreviewIcon from '@mui/icons-material/Preview';
import PublishIcon from '@mui/icons-material/Publish';
import { Alert, Box, Stack } from '@mui/material';
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  CanAccess,
  Confirm,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useErrorToast } from '../common/useErrorToast.ts';
import { useFormat } from '../publishing/format.ts';
import {
  buildPreview,
  discardDraft,
  isDraftQuery,
  publishDraft,
  useDraft,
  useDraftChanged,
} from './api.ts';
import { PreviewDialog } from './PreviewDialog.tsx';

const notDraft = (query: Query) => !isDraftQuery(query);

/**
 * A content record's draft on its edit screen: whether it has unpublished changes
 * and who saved them, and buttons to preview the record as the site would show it, publish
 * the draft, or discard it, for the roles that may change the record.
 */
export function DraftPanel() {
  const record = useRecordContext<{ id: number }>();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const format = useFormat();
  const changed = useDraftChanged();
  const queryClient = useQueryClient();
  const onError = useErrorToast('conveyor.drafts.failed');
  const draftable = isDraftable(resource);
  const { data: draft } = useDraft(resource, record?.id, draftable);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [building, setBuilding] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  if (!record || !draftable || draft === undefined) return null;

  const run = async (step: () => Promise<unknown>, done: string, published = false) => {
    try {
      await step();
      notify(done, { type: 'success' });
      // Published: the live record is read again before the draft leaves the form, which goes
      // on from the draft over the record; the other way round, it would show the old record for
      // the moment between the two answers.
      if (published) await queryClient.refetchQueries({ type: 'active', predicate: notDraft });
      await changed(resource, record.id);
      refresh();
    } catch (error) {
      onError(error);
    }
  };
  const openPreview = async () => {
    setBuilding(true);
    try {
      setPreview(await buildPreview(resource, record.id));
    } catch (error) {
      onError(error);
    } finally {
      setBuilding(false);
    }
  };

  return (
    <Box data-testid="draft" sx={{ px: 2, pt: 2, maxWidth: 900 }}>
      {draft && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="draft-notice">
          {translate('conveyor.drafts.notice', {
            name: draft.user_name,
            time: format.date(draft.updated_at),
          })}
        </Alert>
      )}
      <CanAccess action="edit" resource={resource}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button
            label={building ? 'conveyor.drafts.building' : 'conveyor.drafts.preview'}
            disabled={building}
            onClick={() => void openPreview()}
            data-testid="preview-button"
          >
            <PreviewIcon />
          </Button>
          {draft && (
            <>
              <Button
                label="conveyor.drafts.publish"
                onClick={() =>
                  void run(
                    () => publishDraft(resource, record.id),
                    'conveyor.drafts.published',
                    true,
                  )
                }
                data-testid="publish-draft"
              >
                <PublishIcon />
              </Button>
              <Button
                label="conveyor.drafts.discard"
                color="error"
                onClick={() => setDiscarding(true)}
                data-testid="discard-draft"
              />
            </>
          )}
        </Stack>
      </CanAccess>
      <Confirm
        isOpen={discarding}
        title="conveyor.drafts.discard_title"
        content="conveyor.drafts.discard_content"
        onConfirm={() => {
          setDiscarding(false);
          void run(() => discardDraft(resource, record.id), 'conveyor.drafts.discarded');
        }}
        onClose={() => setDiscarding(false)}
      />
      {preview && (
        <PreviewDialog
          resource={resource}
          id={record.id}
          preview={preview}
          onClose={() => setPreview(null)}
        />
      )}
    </Box>
  );
}
