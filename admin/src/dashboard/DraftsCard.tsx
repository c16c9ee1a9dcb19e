import { DRAFT_RESOURCES, may, type Role } from '@conveyor/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../providers/http.ts';
import { Count, DashCard, PerResource, REFRESH_MS } from './DashCard.tsx';

/** The records with unpublished changes, per resource the role may change. */
export function DraftsCard({ role }: { role: Role }) {
  const translate = useTranslate();
  const resources = DRAFT_RESOURCES.filter((name) => may(role, name, 'write'));
  const query = useQuery({
    queryKey: ['dashboard', 'drafts', resources],
    queryFn: async () =>
      Promise.all(
        resources.map(async (resource) => ({
          resource,
          count: (await api<{ data: unknown[] }>(`/${resource}/drafts`)).data.length,
        })),
      ),
    refetchInterval: REFRESH_MS,
  });
  const counts = (query.data ?? []).filter(({ count }) => count > 0);
  const total = counts.reduce((sum, { count }) => sum + count, 0);
  return (
    <DashCard
      card="drafts"
      to={`/${counts[0]?.resource ?? 'products'}`}
      pending={query.isPending}
      error={query.error}
    >
      <Count value={total} label={translate('conveyor.dashboard.drafts.count')} />
      <PerResource counts={counts} none="conveyor.dashboard.drafts.none" />
    </DashCard>
  );
}
