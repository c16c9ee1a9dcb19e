import type { PublishingStatus } from '@conveyor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../providers/http.ts';

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

/**
 * Makes a kept release live again; true when this server switched it, false when the instance
 * that builds will (in a moment).
 */
export async function makeLive(release: string): Promise<boolean> {
  const answer = await api<{ data: boolean }>(
    `/publishing/releases/${encodeURIComponent(release)}/live`,
    { method: 'POST', json: {} },
  );
  return answer.data;
}
