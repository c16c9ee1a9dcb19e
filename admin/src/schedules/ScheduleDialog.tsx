import type { Schedule } from '@conveyor/shared';
import { Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import {
  Button,
  DateTimeInput,
  Form,
  type HttpError,
  SaveButton,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useErrorToast } from '../common/useErrorToast.ts';
import { saveSchedule, toInstant, useScheduleChanged } from './api.ts';

const FIELDS = ['publish_at', 'unpublish_at'] as const;
type Values = Partial<Record<(typeof FIELDS)[number], string | null>>;

/**
 * Sets or changes a record's schedule: when it goes live, and when (optionally) it goes
 * offline again, in the staff's local time. The API's refusal of a time (in the past, or the
 * wrong order) is shown under that time, in the staff's language; any other as a toast.
 */
export function ScheduleDialog({
  resource,
  id,
  schedule,
  onClose,
}: {
  resource: string;
  id: number;
  schedule: Schedule | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const changed = useScheduleChanged();
  const onError = useErrorToast('conveyor.schedule.failed');
  const titleId = `schedule-title-${resource}-${id}`;

  const submit = async (values: Values) => {
    try {
      await saveSchedule(resource, id, {
        publish_at: toInstant(values.publish_at),
        unpublish_at: toInstant(values.unpublish_at),
      });
    } catch (error) {
      const field = ((error as HttpError).body as { field?: unknown } | undefined)?.field;
      // the form shows a returned error under its field
      if (FIELDS.some((name) => name === field)) {
        return { [field as string]: (error as Error).message };
      }
      onError(error);
      return undefined;
    }
    notify('conveyor.schedule.saved', { type: 'success' });
    await changed(resource, id);
    onClose();
    return undefined;
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <Form
        onSubmit={submit}
        record={{
          id,
          publish_at: schedule?.publish_at ?? null,
          unpublish_at: schedule?.unpublish_at ?? null,
        }}
      >
        <DialogTitle id={titleId}>{translate('conveyor.schedule.dialog_title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('conveyor.schedule.explain')}
          </Typography>
          <DateTimeInput
            source="publish_at"
            label="conveyor.schedule.publish_at"
            helperText="conveyor.schedule.publish_help"
            fullWidth
          />
          <DateTimeInput
            source="unpublish_at"
            label="conveyor.schedule.unpublish_at"
            helperText="conveyor.schedule.unpublish_help"
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <SaveButton label="conveyor.schedule.save" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
