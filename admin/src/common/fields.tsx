import { DESCRIPTION_PREVIEW_LENGTH } from '@conveyor/shared';
import { Typography } from '@mui/material';
import { isLanguage, pickLocalized } from '@conveyor/shared';
import { useListContext, useLocaleState, useRecordContext } from 'react-admin';
import { truncateText } from './text.ts';

/** A language-dependent field in the admin's language, falling back as the site does. */
export function useLocalizedText(source: string): string {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return '';
  const match = /^(.*)_(ru|uz|en)$/.exec(source);
  if (!match) return String(record[source] ?? '');
  return pickLocalized(record, match[1]!, isLanguage(locale) ? locale : 'uz');
}

/** A name or title column: the admin's language first, then the fallback rule. */
export function LocalizedField({ source }: { source: string; label?: string; sortable?: boolean }) {
  return (
    <Typography variant="body2" component="span">
      {useLocalizedText(source)}
    </Typography>
  );
}

/** The row's number across pages: (page − 1) × page size + position. */
export function RowNumber(_props: { label?: string }) {
  const record = useRecordContext();
  const { data, page, perPage } = useListContext();
  if (!record || !data) return null;
  const index = data.findIndex((row) => row.id === record.id);
  return <span>{(page - 1) * perPage + index + 1}</span>;
}

/**
 * A description column: its first 30 characters and '…' when it is longer (spec 5: "only the
 * first 30 characters"); the whole text on hover.
 */
export function TruncatedText({
  source,
  length = DESCRIPTION_PREVIEW_LENGTH,
}: {
  source: string;
  label?: string;
  sortable?: boolean;
  length?: number;
}) {
  const text = useLocalizedText(source);
  const short = truncateText(text, length);
  return (
    <Typography variant="body2" component="span" title={short !== text ? text : undefined}>
      {short}
    </Typography>
  );
}
