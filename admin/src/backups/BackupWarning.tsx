import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useBackupStatus } from './api.ts';

/**
 * In the app bar, for administrators (the layout asks `canAccess` first): a red chip when
 * backups are scheduled and the last good one is older than twice the interval.
 */
export function BackupWarning() {
  const translate = useTranslate();
  const { data } = useBackupStatus();
  if (!data?.stale) return null;
  return (
    <Chip
      component={Link}
      to="/admin/backups"
      clickable
      size="small"
      color="error"
      data-testid="backup-warning"
      label={translate('conveyor.backups.warning')}
      sx={{ mx: 1 }}
    />
  );
}
