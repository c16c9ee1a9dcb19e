import { LANGUAGES, ownText, TRANSLATED_FIELDS, type TranslatedResource } from '@conveyor/shared';
import { Chip, Stack } from '@mui/material';
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
 * or description (TRANSLATED_FIELDS) is empty, the missing fields named on hover.
 */
export function TranslationsField(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const fields = TRANSLATED_FIELDS[resource as TranslatedResource] as readonly string[] | undefined;
  if (!record || !fields) return null;
  return (
    <Stack direction="row" spacing={0.5} data-translations>
      {LANGUAGES.map((lang) => {
        const missing = fields.filter((field) => !ownText(record, field, lang));
        return (
          <Chip
            key={lang}
            size="small"
            label={lang.toUpperCase()}
            variant={missing.length ? 'filled' : 'outlined'}
            color={missing.length ? 'warning' : 'default'}
            data-language={lang}
            data-missing={missing.join(' ') || undefined}
            title={
              missing.length
                ? translate('conveyor.list.untranslated', {
                    fields: missing
                      .map((field) => translate(`resources.${resource}.fields.${field}`))
                      .join(', '),
                  })
                : translate('conveyor.list.translated')
            }
          />
        );
      })}
    </Stack>
  );
}
