import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useBackupStatus } from '../backups/api.ts';
import { useFormat } from '../publishing/format.ts';
import { DashCard } from './DashCard.tsx';

/** The last backup: when, and whether backups are failing or overdue. */
export function BackupsCard() {
  const translate = useTranslate();
  const format = useFormat();
  const { data, isPending, error } = useBackupStatus();
  const state = !data
    ? null
    : data.lastFailure
      ? 'failed'
      : data.pending
        ? 'running'
        : data.stale
          ? 'stale'
          : data.lastGoodAt
            ? 'ok'
            : 'none';
  return (
    <DashCard card="backups" to="/backups" pending={isPending} error={error}>
      {data && (
        <>
          <Typography variant="h6" component="p" data-testid="dashboard-backups-state">
            {translate(`conveyor.dashboard.backups.${state}`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('conveyor.dashboard.backups.last', { date: format.date(data.lastGoodAt) })}
          </Typography>
        </>
      )}
    </DashCard>
  );
}
