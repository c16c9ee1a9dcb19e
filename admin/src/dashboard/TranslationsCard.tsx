import type { IncompleteTranslations } from '@conveyor/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../providers/http.ts';
import { Count, DashCard, PerResource, REFRESH_MS } from './DashCard.tsx';

/** Records whose name or description is empty in a language, per resource. */
export function TranslationsCard() {
  const translate = useTranslate();
  const query = useQuery({
    queryKey: ['dashboard', 'translations'],
    queryFn: async () =>
      (await api<{ data: IncompleteTranslations[] }>('/translations/incomplete')).data,
    refetchInterval: REFRESH_MS,
  });
  const counts = (query.data ?? [])
    .filter(({ incomplete }) => incomplete > 0)
    .map(({ resource, incomplete }) => ({ resource, count: incomplete }));
  const total = counts.reduce((sum, { count }) => sum + count, 0);
  return (
    <DashCard
      card="translations"
      to={`/${counts[0]?.resource ?? 'products'}`}
      pending={query.isPending}
      error={query.error}
    >
      <Count value={total} label={translate('conveyor.dashboard.translations.count')} />
      <PerResource counts={counts} none="conveyor.dashboard.translations.none" />
    </DashCard>
  );
}
