import { LANGUAGES, type Language, type TranslationGap } from '@conveyor/shared';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link, Loading, Title, useCreatePath, useNotify, useTranslate } from 'react-admin';
import { fieldLabel } from '../common/fieldLabel.ts';
import { SimpleTable } from '../common/SimpleTable.tsx';
import { useFormat } from '../publishing/format.ts';
import { useGaps, useMarkCurrent } from '../common/translationMarks.ts';

/**
 * The Translations screen (editors and admins): what the catalogue lacks in a language, record
 * by record and field by field: a text that is empty (the site shows another language there) or
 * outdated (another language's text changed after it). Each row leads to the record's form,
 * where the text is written; an outdated one can be marked current here too.
 */
export function TranslationsPage() {
  const translate = useTranslate();
  const format = useFormat();
  const notify = useNotify();
  const createPath = useCreatePath();
  const markCurrent = useMarkCurrent();
  const [language, setLanguage] = useState<Language | ''>('');
  const { data, isPending } = useGaps(language);
  const kind = (resource: string) => translate(`resources.${resource}.name`, { smart_count: 1 });
  const languageName = (lang: string) => translate(`conveyor.languages.${lang}`);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="conveyor.translations.title" />
      <Card>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('conveyor.translations.explain')}
          </Typography>
          <TextField
            select
            size="small"
            label={translate('conveyor.languages.label')}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Language | '')}
            sx={{ minWidth: 200, mb: 2 }}
            data-testid="translations-language"
          >
            <MenuItem value="">{translate('conveyor.translations.all_languages')}</MenuItem>
            {LANGUAGES.map((lang) => (
              <MenuItem key={lang} value={lang}>
                {languageName(lang)}
              </MenuItem>
            ))}
          </TextField>
          {isPending ? (
            <Loading />
          ) : (
            <SimpleTable<TranslationGap>
              rows={data ?? []}
              testId="translation-gaps"
              rowKey={(gap) => `${gap.resource}-${gap.record_id}-${gap.field}-${gap.language}`}
              rowTestId={(gap) =>
                `gap-${gap.resource}-${gap.record_id}-${gap.field}-${gap.language}`
              }
              empty={
                <Typography color="text.secondary">
                  {translate('conveyor.translations.none')}
                </Typography>
              }
              columns={[
                { label: 'conveyor.translations.kind', render: (gap) => kind(gap.resource) },
                {
                  label: 'conveyor.translations.record',
                  render: (gap) => (
                    <Link
                      to={createPath({ resource: gap.resource, id: gap.record_id, type: 'edit' })}
                    >
                      {gap.label}
                    </Link>
                  ),
                },
                {
                  label: 'conveyor.translations.field',
                  render: (gap) => fieldLabel(translate, gap.resource, gap.field),
                },
                { label: 'conveyor.languages.label', render: (gap) => languageName(gap.language) },
                {
                  label: 'conveyor.translations.state',
                  render: (gap) => (
                    <Chip
                      size="small"
                      color={gap.state === 'outdated' ? 'warning' : 'default'}
                      label={
                        gap.state === 'outdated' && gap.since
                          ? translate('conveyor.translations.outdated_since', {
                              date: format.date(gap.since),
                            })
                          : translate(`conveyor.translations.${gap.state}`)
                      }
                    />
                  ),
                },
                {
                  render: (gap) =>
                    gap.state === 'outdated' && (
                      <Button
                        size="small"
                        onClick={() =>
                          void markCurrent({
                            resource: gap.resource,
                            record_id: gap.record_id,
                            field: gap.field,
                            language: gap.language,
                          }).catch(() => notify('conveyor.translations.failed', { type: 'error' }))
                        }
                      >
                        {translate('conveyor.translations.mark_current')}
                      </Button>
                    ),
                },
              ]}
            />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
