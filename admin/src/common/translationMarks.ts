import {
  isTranslated,
  type Language,
  type OutdatedTranslation,
  type TranslationGap,
} from '@conveyor/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../providers/http.ts';

// The back office's side of outdated translations (GET /translations/outdated, POST
// /translations/current, GET /translations/gaps): a record's form marks its outdated texts,
// the lists mark their records, the Translations screen lists what is missing or outdated.

const outdatedKey = (resource: string, id?: number) =>
  id === undefined
    ? (['translations', resource] as const)
    : (['translations', resource, id] as const);

/** The outdated texts of a resource's records, or of one record (`id`); none for other resources. */
export function useOutdated(resource: string | undefined, id?: number) {
  const enabled = Boolean(resource && isTranslated(resource));
  return useQuery({
    queryKey: outdatedKey(resource ?? '', id),
    enabled,
    queryFn: async () => {
      const query = new URLSearchParams({ resource: resource! });
      if (id !== undefined) query.set('id', String(id));
      return (await api<{ data: OutdatedTranslation[] }>('/translations/outdated', { query })).data;
    },
  });
}

/** What the catalogue lacks, in one language or all. */
export function useGaps(language: Language | '') {
  return useQuery({
    queryKey: ['translations', 'gaps', language],
    queryFn: async () => {
      const query = new URLSearchParams(language ? { language } : {});
      return (await api<{ data: TranslationGap[] }>('/translations/gaps', { query })).data;
    },
  });
}

/** Marks a text current; the marks and the Translations screen are read again. */
export function useMarkCurrent() {
  const queryClient = useQueryClient();
  return async (mark: { resource: string; record_id: number; field: string; language: string }) => {
    await api('/translations/current', { method: 'POST', json: mark });
    await queryClient.invalidateQueries({ queryKey: ['translations'] });
  };
}

/** After a save: a record's marks may have changed. */
export function useTranslationsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['translations'] });
}
