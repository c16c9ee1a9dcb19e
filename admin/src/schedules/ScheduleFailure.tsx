import { isErrorCode, type Schedule } from '@conveyor/shared';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat } from '../publishing/format.ts';
import { apiErrorKey } from '../providers/apiErrors.ts';

/**
 * Why a schedule's time came and nothing happened (its change was refused: a draft that would
 * take its record past a cap), in staff's language, with when; nothing for a schedule that has
 * not failed. The schedule stays until staff change it or cancel it.
 */
export function ScheduleFailure({ schedule }: { schedule: Schedule }) {
  const translate = useTranslate();
  const format = useFormat();
  if (!schedule.failed_at) return null;
  const code = schedule.failure_code;
  const fallback = schedule.failure ?? '';
  const reason = isErrorCode(code) ? translate(apiErrorKey(code), { _: fallback }) : fallback;
  return (
    <Typography variant="body2" color="error" data-testid="schedule-failure">
      {translate('conveyor.schedule.did_fail', { time: format.date(schedule.failed_at), reason })}
    </Typography>
  );
}
