import { DAY_MS } from '@conveyor/shared';
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../providers/http.ts';
import { useFormat } from '../publishing/format.ts';
import { Count, DashCard, filtered, type ListAnswer, REFRESH_MS } from './DashCard.tsx';

/** Failed sign-ins of the last day: how many, and the names tried. */
export function SigninsCard() {
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
