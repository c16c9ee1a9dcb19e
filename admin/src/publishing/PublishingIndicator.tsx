import { Chip } from '@mui/material';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { usePublishingStatus } from './api.ts';
import { useFormat } from './format.ts';

/**
 * In the app bar: 'publishing…' while the site is being rebuilt after a save, 'live · 14:32' once the
 * change is on the site, 'older release · 14:02' after a rollback (until the next publish), an
 * error chip when the last build failed. Any save refreshes it.
 */
export function PublishingIndicator() {
  const translate = useTranslate();
  const format = useFormat();
  const queryClient = useQueryClient();
  const { data, isError } = usePublishingStatus();

  // A save anywhere in the admin is followed by a rebuild: look again shortly after.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.mutation.state.status === 'success') {
          setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['publishing'] }), 300);
        }
      }),
    [queryClient],
  );

  if (isError || !data || !data.enabled) return null;
  const busy = data.running || data.queued;
  const failed = !busy && data.lastBuild?.status === 'failed';
  const announced = !busy && data.lastBuild?.status === 'announced';
  const liveSince = data.live?.finishedAt ? format.time(data.live.finishedAt) : null;
  // after a rollback the site shows an older release until the next publish: said on every screen
  const older = !busy && !failed && data.rolledBack;
  return (
    <Chip
      component={Link}
      to="/admin/publishing"
      clickable
      size="small"
      data-testid="publishing-indicator"
      color={failed ? 'error' : busy || older ? 'warning' : 'success'}
      label={
        failed
          ? translate('conveyor.publishing.failed')
          : busy
            ? translate('conveyor.publishing.publishing')
            : older
              ? translate('conveyor.publishing.older_at', { time: liveSince ?? '—' })
              : announced
                ? translate('conveyor.publishing.announced')
                : liveSince
                  ? translate('conveyor.publishing.published_at', { time: liveSince })
                  : translate('conveyor.publishing.published')
      }
      sx={{ mx: 1, color: 'inherit', borderColor: 'currentColor' }}
      variant="outlined"
    />
  );
}
