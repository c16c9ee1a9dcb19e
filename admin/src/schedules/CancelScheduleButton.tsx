import EventBusyIcon from '@mui/icons-material/EventBusy';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, CanAccess, Confirm, useNotify, useTranslate } from 'react-admin';
import { useErrorToast } from '../common/useErrorToast.ts';
import { cancelSchedule, useScheduleChanged } from './api.ts';

/**
 * Cancels a record's schedule after a confirmation: nothing happens at its times, the record
 * stays as it is. Shown to the roles that may change the record (editors and admins).
 */
export function CancelScheduleButton({
  resource,
  id,
  name,
}: {
  resource: string;
  id: number;
  name: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const changed = useScheduleChanged();
  const onError = useErrorToast('conveyor.schedule.cancel_failed');
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelSchedule(resource, id),
    onSuccess: async () => {
      setOpen(false);
      notify('conveyor.schedule.cancelled', { type: 'success' });
      await changed(resource, id);
    },
    onError: (error) => {
      setOpen(false);
      onError(error);
    },
  });
  return (
    <CanAccess action="edit" resource={resource}>
      <Button
        label="conveyor.schedule.cancel"
        color="error"
        disabled={cancel.isPending}
        onClick={() => setOpen(true)}
      >
        <EventBusyIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={cancel.isPending}
        title={translate('conveyor.schedule.cancel_title', { name })}
        content="conveyor.schedule.cancel_content"
        onConfirm={() => cancel.mutate()}
        onClose={() => setOpen(false)}
      />
    </CanAccess>
  );
}
