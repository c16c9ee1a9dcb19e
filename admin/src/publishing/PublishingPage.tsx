import type { BuildStatus } from '@conveyor/shared';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CanAccess, Loading, Title, useNotify, useTranslate } from 'react-admin';
import { SimpleTable } from '../common/SimpleTable.tsx';
import { requestRebuild, usePublishingStatus } from './api.ts';
import { useFormat } from './format.ts';
import { Releases } from './Releases.tsx';
import { publishingSummary, summaryKey } from './state.ts';

function StatusChip({ status }: { status: BuildStatus }) {
  const translate = useTranslate();
  const map = {
    success: ['success', 'conveyor.publishing.success'],
    failed: ['error', 'conveyor.publishing.failed'],
    running: ['warning', 'conveyor.publishing.running'],
    queued: ['default', 'conveyor.publishing.queued'],
    announced: ['info', 'conveyor.publishing.announced'],
  } as const;
  const [color, label] = map[status];
  return <Chip size="small" color={color} label={translate(label)} />;
}

/**
 * The publishing screen: what is live (and whether it is an older release), what is building,
 * the kept releases to go back to, the recent builds, rebuild now.
 */
export function PublishingPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const queryClient = useQueryClient();
  const { data, isPending, error } = usePublishingStatus();
  const rebuild = useMutation({
    mutationFn: requestRebuild,
    onSuccess: () => {
      notify('conveyor.publishing.requested', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
  });

  if (isPending) return <Loading />;
  if (error || !data) return <Alert severity="error">{(error as Error)?.message}</Alert>;
  // where another instance publishes, a recorded request is no reason to hold the button
  const busy = data.mode !== 'off' && (data.running || data.queued);
  const summary = publishingSummary(data);
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('conveyor.publishing.title')} />
      {/* only an admin can set SITE_URL: editors and sales are not told what they cannot fix */}
      {data.siteUrlProblem && (
        <CanAccess action="edit" resource="settings">
          <Alert severity="warning" data-testid="publishing-site-url">
            {translate(`conveyor.publishing.site_url_${data.siteUrlProblem}`)}
          </Alert>
        </CanAccess>
      )}
      {data.rolledBack && data.live && (
        <Alert severity="warning" data-testid="publishing-rolled-back">
          {translate('conveyor.publishing.rolled_back', {
            date: format.date(data.live.finishedAt),
          })}
        </Alert>
      )}
      {data.mode === 'off' && (
        <Alert severity="info" data-testid="publishing-off">
          {translate('conveyor.publishing.off')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Card>
          <CardContent>
            <Typography variant="overline">{translate('conveyor.publishing.live')}</Typography>
            <Typography variant="h6" data-testid="publishing-live">
              {data.mode === 'webhook'
                ? translate('conveyor.publishing.external')
                : data.live
                  ? data.live.release
                  : translate('conveyor.publishing.none')}
            </Typography>
            {data.live?.finishedAt && (
              <Typography variant="body2" color="text.secondary">
                {format.date(data.live.finishedAt)}
              </Typography>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="overline">
              {translate('conveyor.publishing.last_build')}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" data-testid="publishing-state">
                {translate(summaryKey(summary))}
              </Typography>
              {data.lastBuild && <StatusChip status={data.lastBuild.status} />}
            </Box>
            {data.retry && (
              <Typography variant="body2" color="text.secondary" data-testid="publishing-retry">
                {translate('conveyor.publishing.retrying', {
                  attempt: data.retry.attempt,
                  time: format.date(data.retry.at),
                })}
              </Typography>
            )}
            {/* sales see what is live; rebuilding is for the roles that publish */}
            <CanAccess action="edit" resource="publishing">
              <Button
                sx={{ mt: 1 }}
                variant="contained"
                startIcon={<RefreshIcon />}
                disabled={rebuild.isPending || busy}
                onClick={() => rebuild.mutate()}
              >
                {translate('conveyor.publishing.rebuild')}
              </Button>
            </CanAccess>
          </CardContent>
        </Card>
      </Box>
      {data.lastBuild?.status === 'failed' && (
        <Alert severity="error" data-testid="publishing-error">
          <strong>{data.lastBuild.error}</strong>
          {data.lastBuild.logTail && (
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 12, m: 0, mt: 1 }}>
              {data.lastBuild.logTail}
            </Box>
          )}
        </Alert>
      )}
      <Releases data={data} />
      <Card data-testid="publishing-history">
        <CardContent>
          <Typography variant="overline">{translate('conveyor.publishing.history')}</Typography>
          <SimpleTable
            rows={data.history}
            rowKey={(build) => build.id}
            columns={[
              {
                label: 'conveyor.publishing.started',
                render: (build) => format.date(build.startedAt ?? build.requestedAt),
              },
              {
                label: 'conveyor.publishing.duration',
                render: (build) => format.duration(build.durationMs),
              },
              {
                label: 'conveyor.publishing.result',
                render: (build) => <StatusChip status={build.status} />,
              },
              { label: 'conveyor.publishing.pages', render: (build) => build.pages ?? '—' },
              {
                label: 'conveyor.publishing.error',
                render: (build) => build.error ?? '',
                cellSx: { maxWidth: 360 },
              },
            ]}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
