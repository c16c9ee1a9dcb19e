import type { FromSchema } from 'json-schema-to-ts';
import {
  booleanSchema,
  httpUrlSchema,
  linkSchema,
  idSchema,
  nullableIdSchema,
  imagePathSchema,
  localized,
  longText,
  recordSchema,
  shortText,
  timestamps,
} from './common.ts';
import { specsSchema, templateSchema } from '../specs.ts';
import { DOCUMENT_FORMAT_NAMES, DOCUMENT_KINDS } from '../documents.ts';
import { LANGUAGES } from '../languages.ts';
import { relatedSchema } from '../related.ts';

// Public content: categories, products, media (product videos), documents, project, testimonials,
// clients.

export const categoryFields = {
  ...localized('name', shortText),
  ...localized('description', longText),
  link: linkSchema,
  is_active: booleanSchema,
} as const;

export const categorySchema = recordSchema({
  id: idSchema,
  ...categoryFields,
  image: imagePathSchema,
  ...timestamps,
});
export type Category = FromSchema<typeof categorySchema>;

/** A category as its detail returns it: with its template of attributes. */
export const categoryDetailSchema = recordSchema({
  ...categorySchema.properties,
  attributes: templateSchema,
});
export type CategoryDetail = FromSchema<typeof categoryDetailSchema>;

export const productFields = {
  ...localized('name', shortText),
  ...localized('description', longText),
  category_id: idSchema,
  is_active: booleanSchema,
} as const;

/** A picture of a product's gallery: its file, and its alternative text in each language. */
export const productImageSchema = recordSchema({
  id: idSchema,
  src: { type: 'string' },
  ...localized('alt', { type: 'string' }),
});

/**
 * A product's gallery as staff arrange it (`gallery` of its body and detail): its pictures by
 * their files, in order, each with its alternative texts. A picture left out keeps its text and
 * goes after the ones named; a file that is not the product's is passed over.
 */
export const galleryArrangementSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      src: { type: 'string', minLength: 1, maxLength: 300 },
      ...localized('alt', { type: 'string', maxLength: 300 }),
    },
    required: ['src'],
    additionalProperties: false,
  },
  maxItems: 100,
} as const;
export type GalleryArrangement = FromSchema<typeof galleryArrangementSchema>;
export type ProductImage = FromSchema<typeof productImageSchema>;

export const mediaFields = {
  ...localized('title', shortText),
  link: httpUrlSchema,
  product_id: idSchema,
  is_active: booleanSchema,
} as const;

export const mediaSchema = recordSchema({ id: idSchema, ...mediaFields, ...timestamps });
export type Media = FromSchema<typeof mediaSchema>;

const productRecordProperties = {
  id: idSchema,
  ...productFields,
  image: imagePathSchema,
  ...timestamps,
} as const;

/**
 * A product as lists return it, with its specifications' completeness, which the list query
 * computes: of its category template's attributes, how many it has a value of (`12` of `14`),
 * and how many required ones it has none of (incomplete when above 0).
 */
export const productSchema = {
  ...recordSchema(productRecordProperties),
  properties: {
    ...productRecordProperties,
    specs_total: { type: 'integer' },
    specs_filled: { type: 'integer' },
    specs_missing: { type: 'integer' },
  },
} as const;
export type Product = FromSchema<typeof productSchema>;

/**
 * A product as its detail returns it: with its images, its videos, its specifications and its
 * related products.
 */
export const productDetailSchema = recordSchema({
  ...productRecordProperties,
  images: { type: 'array', items: productImageSchema },
  media: { type: 'array', items: mediaSchema },
  specs: specsSchema,
  related: relatedSchema,
  gallery: galleryArrangementSchema,
});
export type ProductDetail = FromSchema<typeof productDetailSchema>;

export const projectFields = {
  ...localized('title', shortText),
  ...localized('description', longText),
  link: httpUrlSchema,
  is_active: booleanSchema,
} as const;

export const projectSchema = recordSchema({ id: idSchema, ...projectFields, ...timestamps });
export type Project = FromSchema<typeof projectSchema>;

export const testimonialFields = {
  ...localized('name', shortText),
  ...localized('message', longText),
  is_active: booleanSchema,
} as const;

export const testimonialSchema = recordSchema({
  id: idSchema,
  ...testimonialFields,
  ...timestamps,
});
export type Testimonial = FromSchema<typeof testimonialSchema>;

export const clientFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  is_active: booleanSchema,
} as const;

export const clientSchema = recordSchema({
  id: idSchema,
  ...clientFields,
  image: imagePathSchema,
  ...timestamps,
});
export type Client = FromSchema<typeof clientSchema>;

/**
 * A document of a product, a project or a category (exactly one of the three): a datasheet, a
 * manual, a certificate, a drawing. Its file is uploaded as `file` (multipart), checked by its
 * bytes; an "on request" document is not handed out: the site offers to ask for it instead.
 */
export const documentFields = {
  kind: { type: 'string', enum: DOCUMENT_KINDS },
  ...localized('title', shortText),
  /** The languages the document itself is written in (not the page's). */
  languages: {
    type: 'array',
    items: { type: 'string', enum: LANGUAGES },
    uniqueItems: true,
    maxItems: LANGUAGES.length,
  },
  /** Its revision as the drawing office names it (`B`, `2026-03`); '' for none. */
  revision: { type: 'string', maxLength: 40 },
  on_request: booleanSchema,
  product_id: nullableIdSchema,
  project_id: nullableIdSchema,
  category_id: nullableIdSchema,
  /**
   * Its place among its record's documents, as staff put them (0 first); null: not placed, it
   * follows the placed ones by kind (`compareDocuments`).
   */
  position: { type: ['integer', 'null'], minimum: 0, maximum: 999 },
  is_active: booleanSchema,
} as const;

const documentRecordProperties = {
  id: idSchema,
  ...documentFields,
  /** The stored file's key (`documents/<uuid>/<size>/<name>.<ext>`); null: none uploaded. */
  file: imagePathSchema,
  /** Where the file is served; null when there is none, or the reader may not have it. */
  url: { type: ['string', 'null'] },
  file_name: { type: ['string', 'null'] },
  /** Bytes. */
  file_size: { type: ['integer', 'null'] },
  file_format: { type: ['string', 'null'], enum: [...DOCUMENT_FORMAT_NAMES, null] },
  ...timestamps,
} as const;

export const documentSchema = recordSchema(documentRecordProperties);
export type DocumentRecord = FromSchema<typeof documentSchema>;
