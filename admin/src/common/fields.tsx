import {
  DESCRIPTION_PREVIEW_LENGTH,
  isLanguage,
  LANGUAGES,
  localizedKeys,
  pickLocalized,
} from '@conveyor/shared';
import { Typography } from '@mui/material';
import {
  ReferenceField,
  TextField,
  useListContext,
  useLocaleState,
  useRecordContext,
} from 'react-admin';
import type { ColumnProps } from './gridFit.ts';
import { truncateText } from './text.ts';

const LANGUAGE_SUFFIX = new RegExp(`^(.*)_(${LANGUAGES.join('|')})$`);

/**
 * A language-dependent field in the admin's language, falling back as the site does. `source`
 * names one language (`name_uz`) or the field itself (`name`, as a column names it, so that its
 * header reads `resources.<resource>.fields.name`); a field without languages is read as is.
 */
export function useLocalizedText(source: string): string {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return '';
  const prefix =
    LANGUAGE_SUFFIX.exec(source)?.[1] ??
    (localizedKeys(source).some((key) => key in record) ? source : undefined);
  if (prefix === undefined) return String(record[source] ?? '');
  return pickLocalized(record, prefix, isLanguage(locale) ? locale : 'uz');
}

/**
 * A name or title column: the admin's language first, then the fallback rule. Named by its
 * field (`name`), its header sorts by the column given as `sortBy` (the API sorts `name_uz`).
 */
export function LocalizedField({
  source,
}: {
  source: string;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
}) {
  return (
    <Typography variant="body2" component="span">
      {useLocalizedText(source)}
    </Typography>
  );
}

/** The row's number across pages: (page − 1) × page size + position. */
export function RowNumber(_props: ColumnProps) {
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

/** A column naming the record a row points to (a product's category, a video's product). */
export function ReferenceName({ source, reference }: { source: string; reference: string }) {
  return (
    <ReferenceField source={source} reference={reference} link={false}>
      <TextField source="name_uz" />
    </ReferenceField>
  );
}
