import type { BackupArchive } from '@conveyor/shared';
import BackupIcon from '@mui/icons-material/Backup';
import DownloadIcon from '@mui/icons-material/GetApp';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { SimpleTable } from '../common/SimpleTable.tsx';
import { useFormat } from '../publishing/format.ts';
import { archiveUrl, requestBackup, useBackupStatus } from './api.ts';
import { useBackupFormat } from './format.ts';

/** What an archive holds, from its manifest: the schema and the records that matter most. */
function Contents({ archive }: { archive: BackupArchive }) {
  const translate = useTranslate();
  if (!archive.summary) return <>{translate('conveyor.backups.unreadable')}</>;
  const { tables, uploads, schemaVersion } = archive.summary;
  return (
    <>
      {translate('conveyor.backups.counts', {
        leads: tables.leads ?? 0,
        products: tables.products ?? 0,
        uploads,
      })}
      <Typography variant="caption" component="div" color="text.secondary">
        {schemaVersion}
      </Typography>
    </>
  );
}

/**
 * The backups screen, administrators only: the last backup, the schedule, a "back up
 * now" button with the backup's progress, the last failure, and every archive to download.
 */
export function BackupsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const sizes = useBackupFormat();
  const queryClient = useQueryClient();
  const { data, isPending, error } = useBackupStatus();
  const backUp = useMutation({
    mutationFn: requestBackup,
    onSuccess: () => {
      notify('conveyor.backups.requested', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['backups'] });
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
  });

  if (isPending) return <Loading />;
  if (error || !data) return <Alert severity="error">{(error as Error)?.message}</Alert>;
  const last = data.archives[0];
  const { pending, lastFailure, schedule } = data;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('conveyor.backups.title')} />
      {data.stale && (
        <Alert severity="error" data-testid="backups-stale">
          {translate('conveyor.backups.stale')}
        </Alert>
      )}
      <Alert severity="info" data-testid="backups-schedule">
        {schedule.enabled
          ? translate('conveyor.backups.schedule_on', {
              hours: schedule.intervalHours,
              keep: schedule.keep,
            })
          : translate('conveyor.backups.schedule_off')}
      </Alert>
      <Card>
        <CardContent>
          <Typography variant="overline">{translate('conveyor.backups.last')}</Typography>
          {last ? (
            <Box data-testid="backups-last">
              <Typography variant="h6">{format.date(last.createdAt)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {sizes.age(last.createdAt)} · {sizes.size(last.bytes)} · {last.name}
              </Typography>
            </Box>
          ) : (
            <Typography variant="h6" data-testid="backups-last">
              {translate('conveyor.backups.none')}
            </Typography>
          )}
          <Button
            sx={{ mt: 2 }}
            variant="contained"
            startIcon={<BackupIcon />}
            disabled={backUp.isPending || pending?.status === 'running'}
            onClick={() => backUp.mutate()}
          >
            {translate('conveyor.backups.back_up_now')}
          </Button>
          {pending && (
            <Box sx={{ mt: 2 }} data-testid="backups-progress" role="status">
              <Typography variant="body2">
                {pending.status === 'running'
                  ? translate('conveyor.backups.running')
                  : pending.attempts > 0 // failed before: waiting for its retry
                    ? translate('conveyor.backups.retry_at', { time: format.date(pending.runAt) })
                    : translate('conveyor.backups.queued')}
              </Typography>
              <LinearProgress sx={{ mt: 1 }} />
            </Box>
          )}
        </CardContent>
      </Card>
      {lastFailure && (
        <Alert severity="error" data-testid="backups-failure">
          <strong>
            {translate('conveyor.backups.failed')} · {format.date(lastFailure.at)}
          </strong>
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 12, m: 0, mt: 1 }}>
            {lastFailure.error}
          </Box>
          {lastFailure.retryAt &&
            translate('conveyor.backups.retry_at', { time: format.date(lastFailure.retryAt) })}
        </Alert>
      )}
      <Card>
        <CardContent>
          <Typography variant="overline">{translate('conveyor.backups.list')}</Typography>
          <SimpleTable
            rows={data.archives}
            rowKey={(archive) => archive.name}
            empty={
              <Typography color="text.secondary">{translate('conveyor.backups.empty')}</Typography>
            }
            columns={[
              {
                label: 'conveyor.backups.taken',
                render: (archive) => format.date(archive.createdAt),
              },
              {
                label: 'conveyor.backups.name',
                render: (archive) => (
                  <Link
                    href={archiveUrl(archive.name)}
                    download={archive.name}
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                    aria-label={`${translate('conveyor.backups.download')} ${archive.name}`}
                  >
                    <DownloadIcon fontSize="small" />
                    {archive.name}
                  </Link>
                ),
              },
              { label: 'conveyor.backups.size', render: (archive) => sizes.size(archive.bytes) },
              {
                label: 'conveyor.backups.contents',
                render: (archive) => <Contents archive={archive} />,
              },
              {
                label: 'conveyor.backups.made_by',
                render: (archive) =>
                  translate(archive.auto ? 'conveyor.backups.auto' : 'conveyor.backups.manual'),
              },
            ]}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
