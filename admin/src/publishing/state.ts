import type { PublishingStatus } from '@conveyor/shared';

/**
 * The one-line summary of publishing, as the screen's "Last build" card and the dashboards
 * say it: building, waiting, an older release live after a rollback, or everything live. An
 * older release is said while nothing is building, whatever the last build's result: a
 * successful last build does not mean the site shows it (a rollback put an older one live).
 */
export type PublishingSummary = 'running' | 'queued' | 'older' | 'idle';

type Status = Pick<PublishingStatus, 'running' | 'queued' | 'rolledBack' | 'live'>;

export function publishingSummary(data: Status): PublishingSummary {
  if (data.running) return 'running';
  if (data.queued) return 'queued';
  if (data.rolledBack && data.live) return 'older';
  return 'idle';
}

/** The catalogue key of a summary. */
export const summaryKey = (summary: PublishingSummary) =>
  summary === 'older' ? 'conveyor.publishing.older_live' : `conveyor.publishing.${summary}`;
