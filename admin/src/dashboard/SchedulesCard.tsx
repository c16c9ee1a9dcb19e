import type { ScheduledItem } from '@conveyor/shared';
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../providers/http.ts';
import { useFormat } from '../publishing/format.ts';
import { Count, DashCard, type ListAnswer, REFRESH_MS, useLanguage } from './DashCard.tsx';

/** What goes live or offline next. */
export function SchedulesCard() {
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
