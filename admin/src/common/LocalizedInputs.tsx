import { LANGUAGES, type Language, longText, shortText } from '@conveyor/shared';
import { Box, Button, FormHelperText } from '@mui/material';
import {
  maxLength,
  TextInput,
  useLocaleState,
  useNotify,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useMarkCurrent, useOutdated } from './translationMarks.ts';
import { formatDateTime } from './dates.ts';
import { fieldLabel } from './fieldLabel.ts';
import { atLeastOneLanguage } from './validators.ts';

interface LocalizedInputsProps {
  /** The field's name before its language: `name` for `name_uz`, `name_ru`, `name_en`. */
  prefix: string;
  multiline?: boolean;
  /** At least one language must be filled in (the registry's `requireLocalized`). */
  required?: boolean;
  /** The longest text; the shared schemas' short or long text unless the field has its own. */
  max?: number;
}

/** The three language versions of a field, side by side on wide screens. */
export function LocalizedInputs({
  prefix,
  multiline = false,
  required = false,
  max = multiline ? longText.maxLength : shortText.maxLength,
}: LocalizedInputsProps) {
  const resource = useResourceContext();
  const translate = useTranslate();
  const label = (lang: Language) => fieldLabel(translate, resource ?? '', `${prefix}_${lang}`);
  const validate = required ? [atLeastOneLanguage(prefix), maxLength(max)] : [maxLength(max)];
  // the record's texts of this field another language changed after (an edit screen)
  const record = useRecordContext<{ id: number }>();
  const { data: outdated = [] } = useOutdated(resource, record?.id);
  const markCurrent = useMarkCurrent();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const outdatedSince = (lang: Language) =>
    outdated.find((mark) => mark.field === prefix && mark.language === lang)?.since;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: multiline ? '1fr' : 'repeat(3, 1fr)' },
        columnGap: 2,
        width: '100%',
      }}
    >
      {LANGUAGES.map((lang) => {
        const since = outdatedSince(lang);
        return (
          <Box key={lang} data-outdated={since ? true : undefined}>
            <TextInput
              source={`${prefix}_${lang}`}
              label={label(lang)}
              multiline={multiline}
              minRows={multiline ? 3 : undefined}
              validate={validate}
              fullWidth
            />
            {since && record && (
              <FormHelperText sx={{ mt: -1.5, mb: 1, color: 'warning.main' }}>
                {translate('conveyor.translations.outdated_since', {
                  date: formatDateTime(since, locale),
                })}{' '}
                <Button
                  size="small"
                  onClick={() =>
                    void markCurrent({
                      resource: resource!,
                      record_id: record.id,
                      field: prefix,
                      language: lang,
                    }).catch(() => notify('conveyor.translations.failed', { type: 'error' }))
                  }
                >
                  {translate('conveyor.translations.mark_current')}
                </Button>
              </FormHelperText>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
