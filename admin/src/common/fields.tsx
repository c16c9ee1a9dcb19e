import {
  DESCRIPTION_PREVIEW_LENGTH,
  isLanguage,
  LANGUAGES,
  localizedKeys,
  pickLocalized,
  type Resource,
} from '@conveyor/shared';
import { Typography } from '@mui/material';
import { ReferenceField, useLocaleState, useRecordContext } from 'react-admin';
import { useRecordName } from './recordRepresentation.ts';
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
  /** The column its header sorts by (a language's: `description_uz`); the source itself if none. */
  sortBy?: string;
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

/** The name of the record in context, in the screen's language (a reference's child). */
export function RecordName({ resource }: { resource: Resource }) {
  const name = useRecordName(resource);
  return (
    <Typography variant="body2" component="span">
      {name(useRecordContext())}
    </Typography>
  );
}

/**
 * A column naming the record a row points to (a product's category, a video's product), in
 * the screen's language.
 */
export function ReferenceName({
  source,
  reference,
  link = false,
}: {
  source: string;
  reference: Resource;
  label?: string;
  sortable?: boolean;
  link?: false | 'edit';
}) {
  return (
    <ReferenceField source={source} reference={reference} link={link} emptyText="—">
      <RecordName resource={reference} />
    </ReferenceField>
  );
}
