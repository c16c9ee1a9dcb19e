import type { Schedule } from '@conveyor/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../providers/http.ts';

// The back office's side of scheduled publishing: a record's schedule lives under
// the record (`/{resource}/{id}/schedule`); the Scheduled screen lists them all.

const scheduleKey = (resource: string, id: unknown) => ['schedule', resource, id] as const;

/**
 * A record's schedule (null: none), read again every 30 s while there is one: its time may come
 * while the screen is open.
 */
export function useSchedule(resource: string, id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: scheduleKey(resource, id),
    enabled: enabled && id !== undefined,
    queryFn: async () => (await api<{ data: Schedule | null }>(`/${resource}/${id}/schedule`)).data,
    refetchInterval: (query) => (query.state.data ? 30_000 : false),
  });
}

/** After a change: the record's schedule and the Scheduled screen's list are read again. */
export function useScheduleChanged() {
  const queryClient = useQueryClient();
  return async (resource: string, id: number) => {
    await queryClient.invalidateQueries({ queryKey: scheduleKey(resource, id) });
    // react-admin's queries of the list start with the resource's name
    await queryClient.invalidateQueries({ queryKey: ['schedules'] });
  };
}

export const saveSchedule = (
  resource: string,
  id: number,
  times: { publish_at: string | null; unpublish_at: string | null },
) => api<{ data: Schedule }>(`/${resource}/${id}/schedule`, { method: 'PUT', json: times });

export const cancelSchedule = (resource: string, id: number) =>
  api(`/${resource}/${id}/schedule`, { method: 'DELETE' });

/**
 * A date-time input's value as the instant the API takes: the input holds the staff's local
 * wall time (`2026-11-24T10:00`), or the stored instant while untouched; empty is none.
 */
export function toInstant(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
