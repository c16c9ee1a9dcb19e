import {
  DAY_MS,
  DRAFT_RESOURCES,
  type IncompleteTranslations,
  may,
  type Role,
  type ScheduledItem,
} from '@conveyor/shared';
import {
  Box,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { useBackupStatus } from '../backups/api.ts';
import { api } from '../providers/http.ts';
import { usePublishingStatus } from '../publishing/api.ts';
import { useFormat } from '../publishing/format.ts';
import { publishingSummary, summaryKey } from '../publishing/state.ts';
import { type DashboardCard, dashboardCards } from './cards.ts';
import {
  Count,
  DashCard,
  filtered,
  type ListAnswer,
  Loading,
  REFRESH_MS,
  useAgo,
  useLanguage,
} from './DashCard.tsx';

/** New leads or partner applications: how many, and how long the oldest have waited. */
function NewRecordsCard({ resource }: { resource: 'leads' | 'suppliers' }) {
  const translate = useTranslate();
  const query = useQuery({
    queryKey: ['dashboard', resource],
    queryFn: () =>
      api<ListAnswer<{ id: number; created_at: string; name?: string; company_name?: string }>>(
        `/${resource}?status=new&sort=created_at&order=asc&limit=5`,
      ),
    refetchInterval: REFRESH_MS,
  });
  const ago = useAgo(query.dataUpdatedAt);
  const total = query.data?.total ?? query.data?.data.length ?? 0;
  return (
    <DashCard
      card={resource}
      to={filtered(`/${resource}`, { status: 'new' })}
      pending={query.isPending}
      error={query.error}
    >
      <Count value={total} label={translate(`conveyor.dashboard.${resource}.count`)} />
      {total === 0 ? (
        <Typography variant="body2">{translate(`conveyor.dashboard.${resource}.none`)}</Typography>
      ) : (
        <>
          <Typography variant="body2" data-testid="dashboard-oldest">
            {translate('conveyor.dashboard.oldest', {
              age: ago(query.data!.data[0]!.created_at),
            })}
          </Typography>
          <List dense disablePadding>
            {query.data!.data.map((record) => (
              <ListItem key={record.id} disableGutters>
                <ListItemText
                  primary={record.name ?? record.company_name}
                  secondary={ago(record.created_at)}
                  slotProps={{
                    primary: { noWrap: true, title: record.name ?? record.company_name },
                  }}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </DashCard>
  );
}

/** The records with unpublished changes, per resource the role may change. */
function DraftsCard({ role }: { role: Role }) {
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

/** Counts per resource, each naming its list. */
function PerResource({
  counts,
  none,
}: {
  counts: { resource: string; count: number }[];
  none: string;
}) {
  const translate = useTranslate();
  if (counts.length === 0) return <Typography variant="body2">{translate(none)}</Typography>;
  return (
    <List dense disablePadding>
      {counts.map(({ resource, count }) => (
        <ListItem key={resource} disableGutters data-testid={`dashboard-${resource}-count`}>
          <ListItemText
            primary={`${translate(`resources.${resource}.name`, { smart_count: 2 })}: ${count}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** What goes live or offline next. */
function SchedulesCard() {
  const translate = useTranslate();
  const format = useFormat();
  const locale = useLanguage();
  const query = useQuery({
    queryKey: ['dashboard', 'schedules'],
    queryFn: () => api<ListAnswer<ScheduledItem>>('/schedules?limit=3'),
    refetchInterval: REFRESH_MS,
  });
  const items = query.data?.data ?? [];
  return (
    <DashCard card="schedules" to="/schedules" pending={query.isPending} error={query.error}>
      <Count
        value={query.data?.total ?? items.length}
        label={translate('conveyor.dashboard.schedules.count')}
      />
      {items.length === 0 ? (
        <Typography variant="body2">{translate('conveyor.dashboard.schedules.none')}</Typography>
      ) : (
        <List dense disablePadding>
          {items.map((item) => (
            <ListItem key={item.id} disableGutters>
              <ListItemText
                primary={item.name[locale]}
                secondary={format.date(item.next_at)}
                slotProps={{ primary: { noWrap: true, title: item.name[locale] } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </DashCard>
  );
}

/** Records whose name or description is empty in a language, per resource. */
function TranslationsCard() {
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

/** What the site shows: the publishing screen's one-line summary, and the last build. */
function PublishingCard() {
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

/** The last backup: when, and whether backups are failing or overdue. */
function BackupsCard() {
  const translate = useTranslate();
  const format = useFormat();
  const { data, isPending, error } = useBackupStatus();
  const state = !data
    ? null
    : data.lastFailure
      ? 'failed'
      : data.pending
        ? 'running'
        : data.stale
          ? 'stale'
          : data.lastGoodAt
            ? 'ok'
            : 'none';
  return (
    <DashCard card="backups" to="/backups" pending={isPending} error={error}>
      {data && (
        <>
          <Typography variant="h6" component="p" data-testid="dashboard-backups-state">
            {translate(`conveyor.dashboard.backups.${state}`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('conveyor.dashboard.backups.last', { date: format.date(data.lastGoodAt) })}
          </Typography>
        </>
      )}
    </DashCard>
  );
}

/** Failed sign-ins of the last day: how many, and the names tried. */
function SigninsCard() {
  const translate = useTranslate();
  const format = useFormat();
  const query = useQuery({
    queryKey: ['dashboard', 'signins'],
    queryFn: () => {
      const since = new Date(Date.now() - DAY_MS).toISOString();
      return api<ListAnswer<{ id: number; user_name: string; ip: string; created_at: string }>>(
        `/activity?action=signin_failed&created_from=${encodeURIComponent(since)}&limit=5`,
      );
    },
    refetchInterval: REFRESH_MS,
  });
  const events = query.data?.data ?? [];
  return (
    <DashCard
      card="signins"
      to={filtered('/activity', { action: 'signin_failed' })}
      pending={query.isPending}
      error={query.error}
    >
      <Count
        value={query.data?.total ?? events.length}
        label={translate('conveyor.dashboard.signins.count')}
      />
      {events.length === 0 ? (
        <Typography variant="body2">{translate('conveyor.dashboard.signins.none')}</Typography>
      ) : (
        <List dense disablePadding>
          {events.map((event) => (
            <ListItem key={event.id} disableGutters>
              <ListItemText
                primary={event.user_name || '—'}
                secondary={`${format.date(event.created_at)} · ${event.ip}`}
                slotProps={{ primary: { noWrap: true, title: event.user_name } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </DashCard>
  );
}

function CardOf({ card, role }: { card: DashboardCard; role: Role }) {
  switch (card) {
    case 'leads':
    case 'suppliers':
      return <NewRecordsCard resource={card} />;
    case 'drafts':
      return <DraftsCard role={role} />;
    case 'schedules':
      return <SchedulesCard />;
    case 'translations':
      return <TranslationsCard />;
    case 'publishing':
      return <PublishingCard />;
    case 'backups':
      return <BackupsCard />;
    case 'signins':
      return <SigninsCard />;
  }
}

const grid = {
  p: 2,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
} as const;

/**
 * The landing screen (react-admin's `dashboard`): the signed-in role's own work, each card a
 * link to the screen where it is done. Skeletons stand where the role and the numbers are
 * still on their way, so that no role lands on a blank page or on a screen not its own.
 */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const role = identity?.role as Role | undefined;
  return (
    <Box sx={grid} data-testid="dashboard">
      <Title title={translate('ra.page.dashboard')} />
      {role ? (
        dashboardCards(role).map((card) => <CardOf key={card} card={card} role={role} />)
      ) : (
        <>
          {[0, 1, 2].map((key) => (
            <Card key={key}>
              <CardContent>
                <Loading />
              </CardContent>
            </Card>
          ))}
        </>
      )}
    </Box>
  );
}
