import {
  ADMIN_DEFAULT_LANGUAGE,
  type Attribute,
  type AttributeDefinition,
  isLanguage,
  isSpecEmpty,
  LANGUAGES,
  pickLocalized,
  type SpecProblem,
  specProblem,
  type SpecValue,
  type TemplateEntry,
} from '@conveyor/shared';
import {
  Autocomplete,
  Box,
  FormControlLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Close';
import { useWatch } from 'react-hook-form';
import { useGetList, useGetOne, useInput, useLocaleState, useTranslate } from 'react-admin';
import { useReadOnly } from '../common/readOnly.ts';

/**
 * A product's Specifications: one typed input per attribute of its category's template, in the
 * template's order (a number with its unit, a range as two, a choice as a select, a yes/no as a
 * switch, a text in each language), then the extra attributes staff added, then a picker for
 * more. Written by hand: react-admin's inputs bind one field each, while this edits one list
 * (`specs`) whose inputs follow each attribute's type, read from the API.
 */
export function SpecsInput() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : ADMIN_DEFAULT_LANGUAGE;
  // a read-only screen: the values shown disabled, nothing to add or remove
  const readOnly = useReadOnly();
  const categoryId = useWatch({ name: 'category_id' }) as number | undefined;
  const { data: category } = useGetOne<{ id: number; attributes?: TemplateEntry[] }>(
    'categories',
    { id: categoryId! },
    { enabled: Boolean(categoryId) },
  );
  // the dictionary, to build inputs and offer extras (a company has tens, not thousands)
  const { data: attributes = [] } = useGetList<Attribute & { id: number }>('attributes', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'code', order: 'ASC' },
  });
  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  const { field } = useInput<SpecValue[]>({
    source: 'specs',
    defaultValue: [],
    validate: (value: SpecValue[] | undefined) =>
      (value ?? []).some((spec) => {
        const attribute = byId.get(spec.attribute_id);
        return attribute && specProblem(definition(attribute), spec);
      })
        ? 'resources.products.specs.invalid'
        : undefined,
  });
  const specs: SpecValue[] = Array.isArray(field.value) ? field.value : [];
  const template = category?.attributes ?? [];
  const inTemplate = new Set(template.map((entry) => entry.attribute_id));
  const extras = specs.filter((spec) => !inTemplate.has(spec.attribute_id));
  const shown = new Set([...inTemplate, ...extras.map((spec) => spec.attribute_id)]);

  const valueOf = (id: number) => specs.find((spec) => spec.attribute_id === id);
  const change = (id: number, patch: Partial<SpecValue>) => {
    const current = valueOf(id) ?? { attribute_id: id };
    const next = { ...current, ...patch };
    field.onChange(
      valueOf(id)
        ? specs.map((spec) => (spec.attribute_id === id ? next : spec))
        : [...specs, next],
    );
  };
  const remove = (id: number) => field.onChange(specs.filter((spec) => spec.attribute_id !== id));
  const name = (attribute: Attribute) =>
    pickLocalized(attribute, 'name', language) || attribute.code;

  const row = (id: number, required: boolean, removable: boolean) => {
    const attribute = byId.get(id);
    if (!attribute) return null;
    const spec = valueOf(id);
    const problem = spec ? specProblem(definition(attribute), spec) : null;
    const missing = required && isSpecEmpty(attribute.type, spec);
    return (
      <Box
        key={id}
        data-attribute={attribute.code}
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', mb: 1 }}
      >
        <Typography sx={{ width: { xs: '100%', sm: 220 }, pt: 1 }}>
          {name(attribute)}
          {required ? ' *' : ''}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <ValueInput
            attribute={attribute}
            spec={spec}
            language={language}
            label={name(attribute)}
            disabled={readOnly}
            onChange={(patch) => change(id, patch)}
          />
          {problem || missing ? (
            <Typography variant="caption" color={problem ? 'error' : 'warning.main'}>
              {translate(
                problem
                  ? `resources.products.specs.problems.${problem satisfies SpecProblem}`
                  : 'resources.products.specs.missing',
                { decimals: attribute.decimals },
              )}
            </Typography>
          ) : null}
        </Box>
        {removable && !readOnly ? (
          <IconButton
            aria-label={translate('resources.products.specs.remove', { name: name(attribute) })}
            onClick={() => remove(id)}
          >
            <DeleteIcon />
          </IconButton>
        ) : null}
      </Box>
    );
  };

  const addable = attributes.filter((attribute) => !shown.has(attribute.id));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate('resources.products.fields.specs')}
      </Typography>
      {!template.length && !extras.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('resources.products.specs.noTemplate')}
        </Typography>
      ) : null}
      {template.map((entry) => row(entry.attribute_id, entry.required ?? false, false))}
      {extras.map((spec) => row(spec.attribute_id, false, true))}
      {!readOnly && (
        <Autocomplete
          options={addable}
          getOptionLabel={(attribute) => `${name(attribute)} (${attribute.code})`}
          value={null}
          onChange={(_event, attribute) => {
            if (attribute) field.onChange([...specs, { attribute_id: attribute.id }]);
          }}
          renderInput={(params) => (
            <TextField {...params} label={translate('resources.products.specs.add')} size="small" />
          )}
          sx={{ maxWidth: 400, mt: 1 }}
          blurOnSelect
          clearOnBlur
          openText={translate('ra.action.open')}
          closeText={translate('ra.action.close')}
          clearText={translate('ra.action.clear_input_value')}
          noOptionsText={translate('ra.navigation.no_results')}
        />
      )}
    </Box>
  );
}

/** What the shared checks need of an attribute as the list answers it. */
function definition(attribute: Attribute & { id: number }): AttributeDefinition {
  return {
    ...attribute,
    decimals: attribute.decimals ?? 0,
    options: attribute.options ?? [],
  };
}

/** A number typed in: empty is none, anything else a number (the API refuses what is not). */
const parseNumber = (text: string) => (text.trim() === '' ? null : Number(text));
const shownNumber = (value: unknown) => (typeof value === 'number' ? String(value) : '');

function ValueInput({
  attribute,
  spec,
  language,
  label,
  disabled,
  onChange,
}: {
  attribute: Attribute;
  spec: SpecValue | undefined;
  language: (typeof LANGUAGES)[number];
  label: string;
  disabled: boolean;
  onChange(patch: Partial<SpecValue>): void;
}) {
  const translate = useTranslate();
  const unit = pickLocalized(attribute, 'unit', language);
  const adornment = unit
    ? { input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } }
    : {};
  const numberProps = {
    type: 'number',
    disabled,
    size: 'small' as const,
    slotProps: { ...adornment, htmlInput: { step: 'any', inputMode: 'decimal' as const } },
  };
  switch (attribute.type) {
    case 'number':
      return (
        <TextField
          {...numberProps}
          label={label}
          value={shownNumber(spec?.value)}
          onChange={(event) => onChange({ value: parseNumber(event.target.value) })}
        />
      );
    case 'range':
      return (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            {...numberProps}
            label={`${label}: ${translate('resources.products.specs.from')}`}
            value={shownNumber(spec?.min)}
            onChange={(event) => onChange({ min: parseNumber(event.target.value) })}
          />
          <TextField
            {...numberProps}
            label={`${label}: ${translate('resources.products.specs.to')}`}
            value={shownNumber(spec?.max)}
            onChange={(event) => onChange({ max: parseNumber(event.target.value) })}
          />
        </Box>
      );
    case 'enum':
      return (
        <TextField
          select
          disabled={disabled}
          size="small"
          label={label}
          value={spec?.option ?? ''}
          onChange={(event) => onChange({ option: event.target.value || null })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">
            <em>{translate('resources.products.specs.none')}</em>
          </MenuItem>
          {(attribute.options ?? []).map((option) => (
            <MenuItem key={option.code} value={option.code}>
              {pickLocalized(option, 'name', language) || option.code}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'boolean':
      return (
        <FormControlLabel
          label={translate(
            spec?.value === true
              ? 'resources.products.specs.yes'
              : spec?.value === false
                ? 'resources.products.specs.no'
                : 'resources.products.specs.none',
          )}
          control={
            <Switch
              disabled={disabled}
              inputProps={{ 'aria-label': label }}
              checked={spec?.value === true}
              onChange={(event) => onChange({ value: event.target.checked })}
            />
          }
        />
      );
    case 'text':
      return (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 1 }}
        >
          {LANGUAGES.map((lang) => (
            <TextField
              key={lang}
              disabled={disabled}
              size="small"
              label={`${label} (${lang})`}
              value={spec?.[`text_${lang}`] ?? ''}
              onChange={(event) => onChange({ [`text_${lang}`]: event.target.value || null })}
            />
          ))}
        </Box>
      );
  }
}
