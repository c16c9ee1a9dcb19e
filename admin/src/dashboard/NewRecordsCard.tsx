import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../providers/http.ts';
import { Count, DashCard, filtered, type ListAnswer, REFRESH_MS, useAgo } from './DashCard.tsx';

/** New leads or partner applications: how many, and how long the oldest have waited. */
export function NewRecordsCard({ resource }: { resource: 'leads' | 'suppliers' }) {
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
