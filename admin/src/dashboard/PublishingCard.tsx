import { Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePublishingStatus } from '../publishing/api.ts';
import { useFormat } from '../publishing/format.ts';
import { publishingSummary, summaryKey } from '../publishing/state.ts';
import { DashCard } from './DashCard.tsx';

/** What the site shows: the publishing screen's one-line summary, and the last build. */
export function PublishingCard() {
  const translate = useTranslate();
  const format = useFormat();
  const { data, isPending, error } = usePublishingStatus();
  return (
    <DashCard card="publishing" to="/publishing" pending={isPending} error={error}>
      {data && (
        <>
          <Typography variant="h6" component="p" data-testid="dashboard-publishing-state">
            {translate(summaryKey(publishingSummary(data)))}
          </Typography>
          {data.lastBuild && (
            <Chip
              size="small"
              color={data.lastBuild.status === 'failed' ? 'error' : 'default'}
              label={translate(`conveyor.publishing.${data.lastBuild.status}`)}
            />
          )}
          {data.live?.finishedAt && (
            <Typography variant="body2" color="text.secondary">
              {translate('conveyor.dashboard.publishing.live_since', {
                date: format.date(data.live.finishedAt),
              })}
            </Typography>
          )}
        </>
      )}
    </DashCard>
  );
}
