import type { FromSchema } from 'json-schema-to-ts';
import { type Language, LANGUAGES } from './languages.ts';
import type { Resource } from './resources.ts';

/**
 * The language-dependent texts a content record is read by on the site, per resource: its name
 * (or title) and its description (a testimonial's message). A record with any of them empty in
 * uz, ru or en is an incomplete translation, counted on the editors' dashboard
 * (`GET /api/translations/incomplete`).
 */
export const TRANSLATED_FIELDS = {
  categories: ['name', 'description'],
  products: ['name', 'description'],
  media: ['title'],
  project: ['title', 'description'],
  testimonials: ['name', 'message'],
} as const satisfies Partial<Record<Resource, readonly string[]>>;

export type TranslatedResource = keyof typeof TRANSLATED_FIELDS;
export const TRANSLATED_RESOURCES = Object.keys(TRANSLATED_FIELDS) as TranslatedResource[];

export function isTranslated(name: string): name is TranslatedResource {
  return Object.hasOwn(TRANSLATED_FIELDS, name);
}

/** How many records of a resource have an empty text in a language. */
export interface IncompleteTranslations {
  resource: TranslatedResource;
  /** Records with at least one of the resource's texts empty in uz, ru or en. */
  incomplete: number;
  total: number;
}

export const incompleteTranslationsSchema = {
  type: 'object',
  properties: {
    resource: { type: 'string', enum: TRANSLATED_RESOURCES },
    incomplete: { type: 'integer' },
    total: { type: 'integer' },
  },
  required: ['resource', 'incomplete', 'total'],
  additionalProperties: false,
} as const;

/**
 * A text that is outdated: another language's text of the same field changed after it was
 * written (`since`). Saving that text, or marking it current, ends it.
 */
export const outdatedTranslationSchema = {
  type: 'object',
  properties: {
    resource: { type: 'string', enum: TRANSLATED_RESOURCES },
    record_id: { type: 'integer' },
    field: { type: 'string' },
    language: { type: 'string', enum: LANGUAGES },
    since: { type: 'string', format: 'date-time' },
  },
  required: ['resource', 'record_id', 'field', 'language', 'since'],
  additionalProperties: false,
} as const;
export type OutdatedTranslation = FromSchema<typeof outdatedTranslationSchema>;

/**
 * What a record lacks in a language, as the Translations screen lists it: a text that is empty
 * (`missing`: the site shows another language's there) or `outdated`.
 */
export const translationGapSchema = {
  type: 'object',
  properties: {
    resource: { type: 'string', enum: TRANSLATED_RESOURCES },
    record_id: { type: 'integer' },
    /** What the record is called, in the first language it has a text in. */
    label: { type: 'string' },
    field: { type: 'string' },
    language: { type: 'string', enum: LANGUAGES },
    state: { type: 'string', enum: ['missing', 'outdated'] },
    since: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['resource', 'record_id', 'label', 'field', 'language', 'state', 'since'],
  additionalProperties: false,
} as const;
export type TranslationGap = FromSchema<typeof translationGapSchema>;

/**
 * The texts a change makes outdated, and those it brings up to date. Of each translated field,
 * the languages whose text it changed are current. When the change writes the field anew (a
 * text that was there, and up to date, changed), the other languages that have a text become
 * outdated; when it only catches up (it fills in texts that were empty or outdated), nothing
 * else does: translating a text does not outdate its source. Texts are compared trimmed; an
 * emptied text is missing, not outdated.
 */
export function translationChanges(
  fields: readonly string[],
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  wasOutdated: (field: string, language: Language) => boolean = () => false,
): {
  current: { field: string; language: Language }[];
  outdated: { field: string; language: Language }[];
} {
  const text = (record: Readonly<Record<string, unknown>>, key: string) =>
    typeof record[key] === 'string' ? (record[key] as string).trim() : '';
  const current: { field: string; language: Language }[] = [];
  const outdated: { field: string; language: Language }[] = [];
  for (const field of fields) {
    const changed = LANGUAGES.filter(
      (language) => text(before, `${field}_${language}`) !== text(after, `${field}_${language}`),
    );
    if (!changed.length) continue;
    const catchingUp = changed.every(
      (language) => !text(before, `${field}_${language}`) || wasOutdated(field, language),
    );
    for (const language of LANGUAGES) {
      if (changed.includes(language)) current.push({ field, language });
      else if (!catchingUp && text(after, `${field}_${language}`)) {
        outdated.push({ field, language });
      }
    }
  }
  return { current, outdated };
}
