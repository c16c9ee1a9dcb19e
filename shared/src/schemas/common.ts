import { LANGUAGES, type Language } from '../languages.ts';

// JSON Schemas, written `as const` so that json-schema-to-ts derives the TypeScript types from
// them: the API validates and documents with the same objects the admin and the site type with.

/** The databases' integer range (PostgreSQL `integer`): a larger id is a 400, not a 500. */
export const MAX_ID = 2_147_483_647;
export const idSchema = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;
/** An optional reference: an id, or null for none. */
export const nullableIdSchema = { type: ['integer', 'null'], minimum: 1, maximum: MAX_ID } as const;
/** The path parameters of a route about one record: `/products/:id`. */
export const idParamsSchema = {
  type: 'object',
  properties: { id: idSchema },
  required: ['id'],
} as const;
export const timestampSchema = { type: 'string', format: 'date-time' } as const;
export const booleanSchema = { type: 'boolean' } as const;
/** A stored file path relative to `/uploads/`, or null when there is none. */
export const imagePathSchema = { type: ['string', 'null'] } as const;

export const shortText = { type: 'string', maxLength: 200 } as const;
export const longText = { type: 'string', maxLength: 5000 } as const;
export const personName = { type: 'string', maxLength: 100 } as const;
export const emailSchema = { type: 'string', format: 'email', maxLength: 254 } as const;
export const phoneSchema = {
  type: 'string',
  pattern: '^\\+?[0-9][0-9()\\s-]{5,24}$',
  maxLength: 25,
} as const;
/** Only http(s): links end up in anchors and iframes of the public site. */
export const httpUrlSchema = {
  type: 'string',
  pattern: '^https?://[^\\s]+$',
  maxLength: 500,
} as const;
/**
 * A record's optional link (a category's): an http(s) URL, an address on the site itself
 * (`/catalog/5`, never `//host`), or empty. No other scheme (`javascript:`, `data:`) gets in.
 */
export const linkSchema = {
  type: 'string',
  pattern: '^(https?://[^\\s]+|/(?!/)[^\\s]*)?$',
  maxLength: 500,
} as const;

/** An http(s) URL or an empty string (optional links in forms). */
export const optionalHttpUrlSchema = {
  type: 'string',
  pattern: '^(https?://[^\\s]+)?$',
  maxLength: 500,
} as const;

/**
 * The three language variants of one field: `localized('name', s)` is
 * `{ name_ru: s, name_uz: s, name_en: s }`.
 */
export function localized<const P extends string, const S>(
  prefix: P,
  schema: S,
): { [K in `${P}_${Language}`]: S } {
  return Object.fromEntries(LANGUAGES.map((lang) => [`${prefix}_${lang}`, schema])) as {
    [K in `${P}_${Language}`]: S;
  };
}

/** The field names of `localized(prefix, ...)`, for checks such as "at least one language". */
export function localizedKeys<P extends string>(prefix: P): `${P}_${Language}`[] {
  return LANGUAGES.map((lang) => `${prefix}_${lang}` as const);
}

export const timestamps = {
  created_at: timestampSchema,
  updated_at: timestampSchema,
} as const;

/** Name of the hidden field of the public forms; a bot that fills it is quietly ignored. */
export const HONEYPOT_FIELD = 'website';
export const honeypotSchema = { type: 'string', maxLength: 500 } as const;

/**
 * The schema of a record as the API answers it: every property is always there, no other.
 * `required` is derived from the properties, so a field is declared once.
 */
export function recordSchema<const P extends Record<string, unknown>>(properties: P) {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties) as Extract<keyof P, string>[],
    additionalProperties: false,
  } as const;
}
