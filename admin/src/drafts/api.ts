import { type Draft, type Preview, SETTINGS_DRAFT } from '@conveyor/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../providers/http.ts';

// The back office's side of drafts: a record's draft lives under the record
// (`/{resource}/{id}/draft`); its list marks the records that have one.

const draftKey = (resource: string, id: unknown) => ['draft', resource, id] as const;
const draftsKey = (resource: string) => ['drafts', resource] as const;

/** Whether a cached query is a draft's or a list's draft marks (the keys above). */
export const isDraftQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] === 'draft' || query.queryKey[0] === 'drafts';

/**
 * Where a record's draft lives: under the record, or `/settings/draft` for the company
 * settings (one record, no id in its address).
 */
const recordPath = (resource: string, id: unknown) =>
  resource === SETTINGS_DRAFT ? `/${resource}` : `/${resource}/${String(id)}`;

/** A record's draft (null: none). */
export function useDraft(resource: string, id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: draftKey(resource, id),
    enabled: enabled && id !== undefined,
    queryFn: async () =>
      (await api<{ data: Draft | null }>(`${recordPath(resource, id)}/draft`)).data,
  });
}

/** The ids of a resource's records that have unpublished changes. */
export function useDraftIds(resource: string, enabled: boolean) {
  return useQuery({
    queryKey: draftsKey(resource),
    enabled,
    queryFn: async () =>
      new Set(
        (await api<{ data: Draft[] }>(`/${resource}/drafts`)).data.map((draft) => draft.record_id),
      ),
  });
}

/** After a change: the record's draft and its list's marks are read again. */
export function useDraftChanged() {
  const queryClient = useQueryClient();
  return async (resource: string, id: number) => {
    await queryClient.invalidateQueries({ queryKey: draftKey(resource, id) });
    await queryClient.invalidateQueries({ queryKey: draftsKey(resource) });
  };
}

export const saveDraft = (resource: string, id: number, data: Record<string, unknown>) =>
  api<{ data: Draft }>(`${recordPath(resource, id)}/draft`, { method: 'PUT', json: data });

export const discardDraft = (resource: string, id: number) =>
  api(`${recordPath(resource, id)}/draft`, { method: 'DELETE' });

export const publishDraft = (resource: string, id: number) =>
  api(`${recordPath(resource, id)}/draft/publish`, { method: 'POST', json: {} });

export const buildPreview = async (resource: string, id: number, hours?: number) =>
  (
    await api<{ data: Preview }>(`${recordPath(resource, id)}/preview`, {
      method: 'POST',
      json: hours ? { hours } : {},
    })
  ).data;
