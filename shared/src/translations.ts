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
