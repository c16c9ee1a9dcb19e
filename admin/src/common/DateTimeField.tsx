import { Typography } from '@mui/material';
import { useLocaleState, useRecordContext } from 'react-admin';
import { formatDateTime } from './dates.ts';

/**
 * A record's date and time in the admin's language, by the one format of `formatDateTime`
 * (react-admin's DateField follows the browser's language, not the admin's). `emptyText` for
 * none, '—' unless told.
 */
export function DateTimeField({
  source,
  emptyText = '—',
}: {
  source: string;
  label?: string;
  sortable?: boolean;
  emptyText?: string;
}) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const value = record?.[source] as string | null | undefined;
  return (
    <Typography variant="body2" component="span">
      {value ? formatDateTime(value, locale) : emptyText}
    </Typography>
  );
}

/** The same for code outside a record: `useDateTime()(value)`. */
export function useDateTime() {
  const [locale] = useLocaleState();
  return (value: string | number | Date | null | undefined) => formatDateTime(value, locale);
}
