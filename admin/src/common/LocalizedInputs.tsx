import { LANGUAGES, type Language } from '@conveyor/shared';
import { Box } from '@mui/material';
import { maxLength, TextInput, useResourceContext, useTranslate } from 'react-admin';
import { atLeastOneLanguage } from './validators.ts';

/** The three language versions of a field, side by side on wide screens. */
export function LocalizedInputs({
  prefix,
  multiline = false,
  required = false,
  max = multiline ? 5000 : 200,
}: {
  prefix: string;
  multiline?: boolean;
  required?: boolean;
  max?: number;
}) {
  const resource = useResourceContext();
  const translate = useTranslate();
  const label = (lang: Language) =>
    `${translate(`resources.${resource}.fields.${prefix}`)} (${translate(`conveyor.fields.${lang}`)})`;
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
