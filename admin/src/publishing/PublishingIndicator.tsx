import { Chip } from '@mui/material';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { usePublishingStatus } from './api.ts';

/**
 * In the app bar: 'publishing…' while the site is being rebuilt after a save, 'live' once the
 * change is on the site, an error chip when the last build failed. Any save refreshes it.
 */
export function PublishingIndicator() {
  const translate = useTranslate();
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
  return (
    <Chip
      component={Link}
      to="/admin/publishing"
      clickable
      size="small"
      data-testid="publishing-indicator"
      color={failed ? 'error' : busy ? 'warning' : 'success'}
      label={translate(
        failed
          ? 'conveyor.publishing.failed'
          : busy
            ? 'conveyor.publishing.publishing'
            : 'conveyor.publishing.published',
      )}
      sx={{ mx: 1, color: 'inherit', borderColor: 'currentColor' }}
      variant="outlined"
    />
  );
}
