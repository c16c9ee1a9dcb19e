import { LANGUAGES, type Language, longText, shortText } from '@conveyor/shared';
import { Box } from '@mui/material';
import { maxLength, TextInput, useResourceContext, useTranslate } from 'react-admin';
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
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: multiline ? '1fr' : 'repeat(3, 1fr)' },
        columnGap: 2,
        width: '100%',
      }}
    >
      {LANGUAGES.map((lang) => (
        <TextInput
          key={lang}
          source={`${prefix}_${lang}`}
          label={label(lang)}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          validate={validate}
          fullWidth
        />
      ))}
    </Box>
  );
}
