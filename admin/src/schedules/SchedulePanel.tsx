import { isSchedulable } from '@conveyor/shared';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, CanAccess, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { useFormat } from '../publishing/format.ts';
import { ScheduleFailure } from './ScheduleFailure.tsx';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { useSchedule } from './api.ts';
import { CancelScheduleButton } from './CancelScheduleButton.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';

/**
 * The publishing schedule of a content record, on its edit screen above its History (issue
 * 17): when it goes live and when it goes offline, who set that, and buttons to set, change
 * or cancel it for the roles that may change the record.
 */
export function SchedulePanel() {
  const record = useRecordContext<{ id: number }>();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  const schedulable = isSchedulable(resource);
  const { data: schedule } = useSchedule(resource, record?.id, schedulable);
  if (!record || !schedulable || schedule === undefined) return null;
  const name = labelRepresentation(resource)(record);

  return (
    <Box data-testid="schedule" sx={{ px: 2, pb: 2, maxWidth: 900 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('conveyor.schedule.title')}
      </Typography>
      {schedule ? (
        <Box sx={{ mb: 1 }}>
          {schedule.publish_at && (
            <Typography variant="body2" data-testid="schedule-publish">
              {translate('conveyor.schedule.publish_line', {
                time: format.date(schedule.publish_at),
              })}
            </Typography>
          )}
          {schedule.unpublish_at && (
            <Typography variant="body2" data-testid="schedule-unpublish">
              {translate('conveyor.schedule.unpublish_line', {
                time: format.date(schedule.unpublish_at),
              })}
            </Typography>
          )}
          <ScheduleFailure schedule={schedule} />
          <Typography variant="caption" color="text.secondary">
            {translate('conveyor.schedule.set_by', { name: schedule.user_name })}
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('conveyor.schedule.none')}
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        <CanAccess action="edit" resource={resource}>
          <Button
            label={schedule ? 'conveyor.schedule.change' : 'conveyor.schedule.set'}
            onClick={() => setEditing(true)}
          >
            <ScheduleIcon />
          </Button>
        </CanAccess>
        {schedule && <CancelScheduleButton resource={resource} id={record.id} name={name} />}
      </Stack>
      {editing && (
        <ScheduleDialog
          resource={resource}
          id={record.id}
          schedule={schedule}
          onClose={() => setEditing(false)}
        />
      )}
    </Box>
  );
}
