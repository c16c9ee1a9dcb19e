import { ADMIN_DEFAULT_LANGUAGE, isLanguage, LANGUAGES, unitCodeSchema } from '@conveyor/shared';
import { useMemo, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { AutocompleteInput, useLocaleState } from 'react-admin';
import { useReadOnly } from '../common/readOnly.ts';
import { textRules } from '../common/schemaRules.ts';
import { labelsAfterPick, matchUnit, unitChoices } from './units.ts';

const unitRules = textRules(unitCodeSchema, 'resources.attributes.errors.unit');

/**
 * A figure's unit, picked from the shared list (UN/CEFACT codes, shared/src/units.ts) by its
 * label or name in any language, or its code: `°C`, `мм`, `kW`, `t/h`. The code is stored and
 * read beside the unit in the list (`мм — миллиметр · MMT`); picking one fills in the labels
 * each language's pages show after a figure, where staff have not written their own.
 */
export function UnitInput() {
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : ADMIN_DEFAULT_LANGUAGE;
  const current = useWatch({ name: 'unit' }) as string | null | undefined;
  const { getValues, setValue } = useFormContext();
  // the unit the labels were last filled in from
  const previous = useRef(current);
  const choices = useMemo(() => unitChoices(language, current), [language, current]);
  return (
    <AutocompleteInput
      source="unit"
      choices={choices}
      matchSuggestion={matchUnit}
      validate={unitRules}
      helperText="resources.attributes.unitHelp"
      onChange={(code: string | null) => {
        const labels = labelsAfterPick(
          Object.fromEntries(LANGUAGES.map((lang) => [`unit_${lang}`, getValues(`unit_${lang}`)])),
          previous.current,
          code,
        );
        for (const [key, value] of Object.entries(labels)) {
          setValue(key, value, { shouldDirty: true });
        }
        previous.current = code;
      }}
      sx={{ minWidth: 320 }}
      disabled={useReadOnly()}
    />
  );
}
