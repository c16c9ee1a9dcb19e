import type { FromSchema } from 'json-schema-to-ts';
import { type Language, pickLocalized } from './languages.ts';
import {
  booleanSchema,
  idSchema,
  localized,
  recordSchema,
  shortText,
  timestamps,
} from './schemas/common.ts';

/**
 * Technical specifications as typed attributes (the model of PIM systems: Akeneo's attributes
 * and families, Saleor's product types): a shared dictionary of attributes, each with a type, a
 * unit and labels in every language; a category's template lists those its products carry;
 * a product holds one typed value per attribute. This module is what the API validates with,
 * the back office edits with and the site prints with.
 */

/** What kind of value an attribute holds. */
export const ATTRIBUTE_TYPES = ['number', 'range', 'enum', 'boolean', 'text'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
/** The types whose values are figures: only they have a unit and decimals. */
export const FIGURE_TYPES: readonly string[] = ['number', 'range'] satisfies AttributeType[];

/** An attribute's code: its name in exports, imports and URLs (`belt_width`). */
export const attributeCodeSchema = {
  type: 'string',
  pattern: '^[a-z][a-z0-9_]*$',
  minLength: 1,
  maxLength: 64,
} as const;

/**
 * A unit as a UN/CEFACT common code (Recommendation 20: `MMT` millimetre, `MTR` metre, `KGM`
 * kilogram, `KWT` kilowatt, `MTS` metre per second), or null for a count or a plain figure.
 * It is what the Product JSON-LD's `unitCode` carries; staff's label for it is `unit_*`.
 */
export const unitCodeSchema = {
  type: ['string', 'null'],
  pattern: '^[A-Z0-9]{2,3}$',
} as const;

/** At most this many digits after the decimal point. */
export const MAX_ATTRIBUTE_DECIMALS = 6;
/** At most this many options a choice (`enum`) attribute offers. */
export const MAX_ATTRIBUTE_OPTIONS = 100;

/** One choice of an `enum` attribute: a code (what a product stores) and its names. */
export const attributeOptionSchema = {
  type: 'object',
  properties: {
    code: attributeCodeSchema,
    ...localized('name', { type: 'string', maxLength: 200 }),
  },
  required: ['code'],
  additionalProperties: false,
} as const;
export type AttributeOption = FromSchema<typeof attributeOptionSchema>;

/** An attribute's own fields, as staff write them (`POST/PUT /api/attributes`). */
export const attributeFields = {
  code: attributeCodeSchema,
  type: { type: 'string', enum: ATTRIBUTE_TYPES },
  unit: unitCodeSchema,
  ...localized('name', shortText),
  /** The unit as the page of a language shows it after a figure (мм, mm). */
  ...localized('unit', { type: 'string', maxLength: 20 }),
  /** The heading a product page groups the attribute under (Dimensions, Drive). */
  ...localized('group', shortText),
  /** Digits after the decimal point, of a `number` or a `range`. */
  decimals: { type: 'integer', minimum: 0, maximum: MAX_ATTRIBUTE_DECIMALS },
  /** Whether a category page offers it as a filter. */
  filterable: booleanSchema,
  /** Whether the comparison shows it. */
  comparable: booleanSchema,
  /** Whether a quote request asks the buyer for it. */
  quote: booleanSchema,
  /** An `enum`'s choices (none for the other types). */
  options: { type: 'array', items: attributeOptionSchema, maxItems: MAX_ATTRIBUTE_OPTIONS },
  is_active: booleanSchema,
} as const;

export const attributeSchema = recordSchema({
  id: idSchema,
  ...attributeFields,
  ...timestamps,
});
export type Attribute = FromSchema<typeof attributeSchema>;

/** What the checks and the formatting need of an attribute. */
export interface AttributeDefinition {
  id: number;
  code: string;
  type: AttributeType;
  decimals: number;
  options: readonly AttributeOption[];
  unit_uz?: string | null;
  unit_ru?: string | null;
  unit_en?: string | null;
  name_uz?: string | null;
  name_ru?: string | null;
  name_en?: string | null;
}

/**
 * A product's value of one attribute: the fields its type uses, the others left out or null.
 * `value` is a number (`number`) or true/false (`boolean`); `min` and `max` a range; `option`
 * an `enum`'s option code; `text_*` a `text` in each language. Numbers are in the attribute's
 * unit and the same in every language.
 */
export const specValueSchema = {
  type: 'object',
  properties: {
    attribute_id: idSchema,
    value: { type: ['number', 'boolean', 'null'] },
    min: { type: ['number', 'null'] },
    max: { type: ['number', 'null'] },
    option: { type: ['string', 'null'], maxLength: 64 },
    ...localized('text', { type: ['string', 'null'], maxLength: 500 }),
  },
  required: ['attribute_id'],
  additionalProperties: false,
} as const;
export type SpecValue = FromSchema<typeof specValueSchema>;

/** At most this many attributes a template lists, and a product has values of. */
export const MAX_SPECS = 100;

/** A product's values, one per attribute (`specs` of a product's body and detail). */
export const specsSchema = { type: 'array', items: specValueSchema, maxItems: MAX_SPECS } as const;

/** One line of a category's template: an attribute its products carry, and whether it must. */
export const templateEntrySchema = {
  type: 'object',
  properties: {
    attribute_id: idSchema,
    /** A product without a value of it is shown to staff as incomplete (it may be saved). */
    required: booleanSchema,
  },
  required: ['attribute_id'],
  additionalProperties: false,
} as const;
export type TemplateEntry = FromSchema<typeof templateEntrySchema>;

/** A category's template, in display order (`attributes` of a category's body and detail). */
export const templateSchema = {
  type: 'array',
  items: templateEntrySchema,
  maxItems: MAX_SPECS,
} as const;

/**
 * A parameter of a quote request: the buyer's value of an attribute marked `quote` (prefilled
 * with the product's), in the fields of its type, and the attribute's code, which the API adds
 * so that the lead still says what was asked if the attribute is renamed or deleted.
 */
export const leadParameterSchema = {
  type: 'object',
  properties: {
    ...specValueSchema.properties,
    code: attributeCodeSchema,
  },
  required: ['attribute_id'],
  additionalProperties: false,
} as const;
export type LeadParameter = FromSchema<typeof leadParameterSchema>;

/** A quote request's parameters, as the public form sends them (the API adds the codes). */
export const leadParametersSchema = {
  type: 'array',
  items: specValueSchema,
  maxItems: MAX_SPECS,
} as const;

/** Why a value does not fit its attribute. */
export type SpecProblem =
  /** a field of another type is filled in, or a field holds the wrong kind of value */
  | 'type'
  /** a range's minimum is above its maximum */
  | 'order'
  /** an option the attribute does not offer */
  | 'option'
  /** more digits after the decimal point than the attribute shows */
  | 'decimals';

const TEXT_FIELDS = ['text_uz', 'text_ru', 'text_en'] as const;
const FIELDS_OF: Record<AttributeType, readonly (keyof SpecValue)[]> = {
  number: ['value'],
  range: ['min', 'max'],
  enum: ['option'],
  boolean: ['value'],
  text: TEXT_FIELDS,
};
const VALUE_FIELDS = ['value', 'min', 'max', 'option', ...TEXT_FIELDS] as const;

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Whether a number has no more digits after the point than `decimals` (1.25 with 2: yes). */
function fitsDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled));
}

/**
 * What is wrong with a value for its attribute, or null when it fits. An empty value (no field
 * of its type filled in) fits: a product may be saved before all its figures are known, and is
 * shown to staff as incomplete (`isSpecEmpty`).
 */
export function specProblem(attribute: AttributeDefinition, spec: SpecValue): SpecProblem | null {
  const own = FIELDS_OF[attribute.type];
  if (VALUE_FIELDS.some((field) => !own.includes(field) && present(spec[field]))) return 'type';
  const numbers: (number | null | undefined)[] = [];
  switch (attribute.type) {
    case 'number':
      if (present(spec.value) && typeof spec.value !== 'number') return 'type';
      numbers.push(spec.value as number | null | undefined);
      break;
    case 'boolean':
      if (present(spec.value) && typeof spec.value !== 'boolean') return 'type';
      break;
    case 'range':
      numbers.push(spec.min, spec.max);
      if (present(spec.min) && present(spec.max) && spec.min! > spec.max!) return 'order';
      break;
    case 'enum':
      if (present(spec.option) && !attribute.options.some((o) => o.code === spec.option)) {
        return 'option';
      }
      break;
    case 'text':
      break;
  }
  for (const number of numbers) {
    if (!present(number)) continue;
    if (!Number.isFinite(number)) return 'type';
    if (!fitsDecimals(number!, attribute.decimals)) return 'decimals';
  }
  return null;
}

/** Whether a product's value of an attribute is missing (a template's required one: incomplete). */
export function isSpecEmpty(type: AttributeType, spec: SpecValue | undefined): boolean {
  if (!spec) return true;
  if (type === 'range') return !present(spec.min) && !present(spec.max);
  return !FIELDS_OF[type].some((field) => present(spec[field]));
}

/** formatNumber's formatters, by locale and precision, and each locale's marks. */
const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();
const NUMBER_MARKS = new Map<string, { group: string; decimal: string }>();

/**
 * A figure as a reader of the language writes it: grouped thousands, a decimal comma in Russian
 * and Uzbek (a point in English), exactly `decimals` digits after it (Intl: the grouping space
 * is a non-breaking one, so a figure never wraps).
 */
export function formatNumber(value: number, decimals: number, language: Language): string {
  // Uzbek writes figures as Russian does (1 200,5: CLDR's separators are the same), and is
  // formatted as Russian: Debian's Chromium claims Uzbek but formats it with English separators
  const locale = language === 'uz' ? 'ru' : language;
  // A figure with no more decimals than shown (as figures mostly are) needs no rounding: it is
  // written as Intl writes it, from its shortest form (which Intl rounds from), with Intl's own
  // marks, without Intl's formatting, a large part of planning a catalogue's pages (each figure
  // written for its page, its comparison and its search records in three languages).
  // shared/test/specs.test.ts compares the two on figures of every kind.
  if (value > 0 || Object.is(value, 0)) {
    const shortest = String(value);
    const point = shortest.indexOf('.');
    if ((point < 0 || shortest.length - point - 1 <= decimals) && !shortest.includes('e')) {
      let marks = NUMBER_MARKS.get(locale);
      if (!marks) {
        const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(
          1000,
        );
        const mark = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
        NUMBER_MARKS.set(locale, (marks = { group: mark('group'), decimal: mark('decimal') }));
      }
      const whole = point < 0 ? shortest : shortest.slice(0, point);
      let grouped = whole.slice(0, ((whole.length - 1) % 3) + 1);
      for (let at = grouped.length; at < whole.length; at += 3) {
        grouped += marks.group + whole.slice(at, at + 3);
      }
      if (!decimals) return grouped;
      const fraction = point < 0 ? '' : shortest.slice(point + 1);
      return `${grouped}${marks.decimal}${fraction.padEnd(decimals, '0')}`;
    }
  }
  // made once per locale and precision: a formatter takes far longer to make than to use, and a
  // site's build formats each product's figures for its page, its cards, its comparison and
  // search, in each language
  const key = `${locale}:${decimals}`;
  let format = NUMBER_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    NUMBER_FORMATS.set(key, format);
  }
  return format.format(value);
}

/** The words an attribute's yes/no values are printed with (a page, a filter, a quote). */
export const YES_NO: Record<Language, [string, string]> = {
  uz: ['Ha', 'Yoʻq'],
  ru: ['Да', 'Нет'],
  en: ['Yes', 'No'],
};

/**
 * A product's value of an attribute as the page of a language shows it, with the unit's label
 * (`1 200 mm`, `1–12 m`, `from 2 m`, `up to 12 m`), or '' when it is empty. A label, an option
 * or a text falls back to another language's words as the site's texts do (`pickLocalized`).
 */
export function formatSpec(
  attribute: AttributeDefinition,
  spec: SpecValue | undefined,
  language: Language,
): string {
  if (!spec || isSpecEmpty(attribute.type, spec)) return '';
  const unit = pickLocalized(attribute, 'unit', language);
  const withUnit = (text: string) => (unit ? `${text}\u00a0${unit}` : text);
  const number = (value: number) => formatNumber(value, attribute.decimals, language);
  switch (attribute.type) {
    case 'number':
      return withUnit(number(spec.value as number));
    case 'boolean':
      return YES_NO[language][spec.value ? 0 : 1];
    case 'range': {
      const { min, max } = spec;
      if (present(min) && present(max)) {
        return withUnit(min === max ? number(min!) : `${number(min!)}–${number(max!)}`);
      }
      const [from, upTo] = RANGE_WORDS[language];
      return present(min)
        ? withUnit(`${from} ${number(min!)}`)
        : withUnit(`${upTo} ${number(max!)}`);
    }
    case 'enum': {
      const option = attribute.options.find((o) => o.code === spec.option);
      return option ? pickLocalized(option, 'name', language) || option.code : String(spec.option);
    }
    case 'text':
      return pickLocalized(spec, 'text', language);
  }
}

/** How a range with one end is said: from 2 m, up to 12 m. */
const RANGE_WORDS: Record<Language, [string, string]> = {
  uz: ['kamida', 'koʻpi bilan'],
  ru: ['от', 'до'],
  en: ['from', 'up to'],
};

/**
 * A quote request's parameters as lines for people (a Telegram message, an e-mail, an export,
 * the lead's screen): `Belt width: 800 mm`, named and formatted in the language by the attribute
 * when it still exists, else by the code the lead kept and the figures as sent.
 */
export function describeParameters(
  parameters: readonly LeadParameter[],
  attributes: ReadonlyMap<number, AttributeDefinition>,
  language: Language,
): string[] {
  return parameters.flatMap((parameter) => {
    const attribute = attributes.get(parameter.attribute_id);
    if (attribute && !specProblem(attribute, parameter)) {
      const text = formatSpec(attribute, parameter, language);
      const name = pickLocalized(attribute, 'name', language) || attribute.code;
      return text ? [`${name}: ${text}`] : [];
    }
    const raw = [parameter.value, parameter.min, parameter.max, parameter.option]
      .filter((value) => value !== undefined && value !== null)
      .map(String);
    const text = raw.length ? raw.join('–') : pickLocalized(parameter, 'text', language);
    return text ? [`${parameter.code ?? `#${parameter.attribute_id}`}: ${text}`] : [];
  });
}
