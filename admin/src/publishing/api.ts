import { useQuery } from '@tanstack/react-query';
import { api } from '../providers/http.ts';

/** One site build as the API reports it (GET /api/publishing). */
export interface Build {
  id: number;
  /** announced: handed to the build hooks (webhook mode); the build happens elsewhere. */
  status: 'success' | 'failed' | 'running' | 'queued' | 'announced';
  /** 0 for a requested build, n for the nth automatic retry of a failed one. */
  attempt?: number;
  requestedAt?: string | null;
  startedAt?: string | null;
  finishedAt?: string | null;
  durationMs?: number | null;
  pages?: number | null;
  error?: string | null;
  logTail?: string | null;
}

export interface PublishingStatus {
  /** False where the API does not rebuild the site itself (PUBLISH_ENABLED=false). */
  enabled: boolean;
  /** runner: built and served here; webhook: announced to build hooks; off: elsewhere. */
  mode: 'runner' | 'webhook' | 'off';
  /** A failed build's automatic retry, waiting out its backoff. */
  retry: { attempt: number; at: string } | null;
  live: { release: string; finishedAt?: string | null } | null;
  running: boolean;
  queued: boolean;
  lastBuild: Build | null;
  history: Build[];
}

/**
 * The publishing state, polled: every 2 s while a build is queued or running (so staff see
 * 'publishing…' turn into 'live'), every 15 s otherwise.
 */
export function usePublishingStatus() {
  return useQuery({
    queryKey: ['publishing'],
    queryFn: async () => (await api<{ data: PublishingStatus }>('/publishing')).data,
    refetchInterval: (query) =>
      query.state.data && (query.state.data.running || query.state.data.queued) ? 2000 : 15000,
    retry: false,
  });
}

export const requestRebuild = () => api('/publishing/rebuild', { method: 'POST', json: {} });
