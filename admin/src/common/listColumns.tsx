import { LANGUAGES, ownText, TRANSLATED_FIELDS, type TranslatedResource } from '@conveyor/shared';
import { Chip, Stack } from '@mui/material';
import { useOutdated } from './translationMarks.ts';
import { useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { fileUrl } from '../config.ts';

/**
 * A record's picture as a small thumbnail in a list (its `image`, an upload), or nothing. The
 * browser scales the upload down; lazily loaded, so a page of ten rows asks for what it shows.
 */
export function ThumbnailField({
  source = 'image',
}: {
  source?: string;
  label?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext();
  const path = record?.[source];
  if (typeof path !== 'string' || !path) return null;
  return (
    <img
      src={fileUrl(path)}
      alt=""
      width={56}
      height={42}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
      data-thumbnail
    />
  );
}

/**
 * Which languages a record is read in on the site: a chip per language, marked where its name
 * or description (TRANSLATED_FIELDS) is empty (filled) or outdated (outlined in colour), the
 * fields named on hover.
 */
export function TranslationsField(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const fields = TRANSLATED_FIELDS[resource as TranslatedResource] as readonly string[] | undefined;
  // the resource's outdated texts, read once for the whole list
  const { data: marks = [] } = useOutdated(fields ? resource : undefined);
  if (!record || !fields) return null;
  return (
    <Stack direction="row" spacing={0.5} data-translations>
      {LANGUAGES.map((lang) => {
        const missing = fields.filter((field) => !ownText(record, field, lang));
        const outdated = marks
          .filter((mark) => mark.record_id === record.id && mark.language === lang)
          .map((mark) => mark.field);
        const named = (list: string[]) =>
          list.map((field) => translate(`resources.${resource}.fields.${field}`)).join(', ');
        const title = [
          missing.length && translate('conveyor.list.untranslated', { fields: named(missing) }),
          outdated.length && translate('conveyor.list.outdated', { fields: named(outdated) }),
        ].filter(Boolean);
        return (
          <Chip
            key={lang}
            size="small"
            label={lang.toUpperCase()}
            variant={missing.length ? 'filled' : 'outlined'}
            color={missing.length || outdated.length ? 'warning' : 'default'}
            data-language={lang}
            data-missing={missing.join(' ') || undefined}
            data-outdated={outdated.join(' ') || undefined}
            title={title.length ? title.join('; ') : translate('conveyor.list.translated')}
          />
        );
      })}
    </Stack>
  );
}
