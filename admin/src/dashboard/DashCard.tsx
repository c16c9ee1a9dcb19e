import { isLanguage } from '@conveyor/shared';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useBasename, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { age, type DashboardCard } from './cards.ts';

// What the dashboard's cards (a file each, laid out by Dashboard.tsx) are made of: the frame,
// a link to where the card's work is done; its number; its skeleton while it loads; the counts
// per resource; and the ages and language it shows.

export interface ListAnswer<T> {
  data: T[];
  total?: number;
}

export const REFRESH_MS = 60_000;

/** A list screen's address with its filter set, as react-admin reads it from the URL. */
export const filtered = (path: string, filter: Record<string, string>) =>
  `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** Lines of grey where a card's text will be, while it loads: never a blank screen. */
export function Loading() {
  return (
    <Box data-testid="dashboard-skeleton">
      <Skeleton variant="text" width="40%" sx={{ fontSize: 32 }} />
      <Skeleton variant="text" width="80%" />
      <Skeleton variant="text" width="60%" />
    </Box>
  );
}

/** A card: its title, its content (or skeletons, or the error), the whole of it a link. */
export function DashCard({
  card,
  to,
  pending,
  error,
  children,
}: {
  card: DashboardCard;
  to: string;
  pending: boolean;
  error?: Error | null;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Card data-testid={`dashboard-${card}`} sx={{ minWidth: 0 }}>
      <CardActionArea
        component={Link}
        to={`${basename}${to}`}
        sx={{ height: '100%', alignItems: 'flex-start' }}
      >
        <CardContent>
          <Typography variant="overline" component="h2" color="text.secondary">
            {translate(`conveyor.dashboard.${card}.title`)}
          </Typography>
          {pending ? (
            <Loading />
          ) : error ? (
            <Alert severity="error">{error.message}</Alert>
          ) : (
            children
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The card's number, and what it counts. */
export function Count({ value, label }: { value: number; label: string }) {
  return (
    <Typography variant="h4" component="p" data-testid="dashboard-count">
      {value}{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Typography>
  );
}

/** Counts per resource, each naming its list. */
export function PerResource({
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

/** The screen's language, as the site's. */
export function useLanguage() {
  const [locale] = useLocaleState();
  return isLanguage(locale) ? locale : 'uz';
}

/** How long before `now` (when the numbers came), in the screen's language. */
export function useAgo(now: number) {
  const translate = useTranslate();
  return (from: string) => {
    const { key, n } = age(from, now);
    return translate(key, { n });
  };
}
