import type { FromSchema } from 'json-schema-to-ts';
import {
  booleanSchema,
  httpUrlSchema,
  linkSchema,
  idSchema,
  imagePathSchema,
  localized,
  longText,
  shortText,
  timestamps,
} from './common.ts';

// Public content: categories, products, media (product videos), project, testimonials, clients.

export const categoryFields = {
  ...localized('name', shortText),
  ...localized('description', longText),
  link: linkSchema,
  is_active: booleanSchema,
} as const;

export const categorySchema = {
  type: 'object',
  properties: { id: idSchema, ...categoryFields, image: imagePathSchema, ...timestamps },
  required: [
    'id',
    'name_ru',
    'name_uz',
    'name_en',
    'description_ru',
    'description_uz',
    'description_en',
    'link',
    'image',
    'is_active',
    'created_at',
    'updated_at',
  ],
  additionalProperties: false,
} as const;
export type Category = FromSchema<typeof categorySchema>;

export const productFields = {
  ...localized('name', shortText),
  ...localized('description', longText),
  category_id: idSchema,
  is_active: booleanSchema,
} as const;

export const productImageSchema = {
  type: 'object',
  properties: { id: idSchema, src: { type: 'string' } },
  required: ['id', 'src'],
  additionalProperties: false,
} as const;
export type ProductImage = FromSchema<typeof productImageSchema>;

export const mediaFields = {
  ...localized('title', shortText),
  link: httpUrlSchema,
  product_id: idSchema,
  is_active: booleanSchema,
} as const;

export const mediaSchema = {
  type: 'object',
  properties: { id: idSchema, ...mediaFields, ...timestamps },
  required: [
    'id',
    'title_ru',
    'title_uz',
    'title_en',
    'link',
    'product_id',
    'is_active',
    'created_at',
    'updated_at',
  ],
  additionalProperties: false,
} as const;
export type Media = FromSchema<typeof mediaSchema>;

const productRecordProperties = {
  id: idSchema,
  ...productFields,
  image: imagePathSchema,
  ...timestamps,
} as const;
const productRequired = [
  'id',
  'name_ru',
  'name_uz',
  'name_en',
  'description_ru',
  'description_uz',
  'description_en',
  'category_id',
  'image',
  'is_active',
  'created_at',
  'updated_at',
] as const;

/** A product as lists return it. */
export const productSchema = {
  type: 'object',
  properties: productRecordProperties,
  required: productRequired,
  additionalProperties: false,
} as const;
export type Product = FromSchema<typeof productSchema>;

/** A product as its detail returns it: with its images and its videos. */
export const productDetailSchema = {
  type: 'object',
  properties: {
    ...productRecordProperties,
    images: { type: 'array', items: productImageSchema },
    media: { type: 'array', items: mediaSchema },
  },
  required: [...productRequired, 'images', 'media'],
  additionalProperties: false,
} as const;
export type ProductDetail = FromSchema<typeof productDetailSchema>;

export const projectFields = {
  ...localized('title', shortText),
  ...localized('description', longText),
  link: httpUrlSchema,
  is_active: booleanSchema,
} as const;

export const projectSchema = {
  type: 'object',
  properties: { id: idSchema, ...projectFields, ...timestamps },
  required: [
    'id',
    'title_ru',
    'title_uz',
    'title_en',
    'description_ru',
    'description_uz',
    'description_en',
    'link',
    'is_active',
    'created_at',
    'updated_at',
  ],
  additionalProperties: false,
} as const;
export type Project = FromSchema<typeof projectSchema>;

export const testimonialFields = {
  ...localized('name', shortText),
  ...localized('message', longText),
  is_active: booleanSchema,
} as const;

export const testimonialSchema = {
  type: 'object',
  properties: { id: idSchema, ...testimonialFields, ...timestamps },
  required: [
    'id',
    'name_ru',
    'name_uz',
    'name_en',
    'message_ru',
    'message_uz',
    'message_en',
    'is_active',
    'created_at',
    'updated_at',
  ],
  additionalProperties: false,
} as const;
export type Testimonial = FromSchema<typeof testimonialSchema>;

export const clientFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  is_active: booleanSchema,
} as const;

export const clientSchema = {
  type: 'object',
  properties: { id: idSchema, ...clientFields, image: imagePathSchema, ...timestamps },
  required: ['id', 'name', 'image', 'is_active', 'created_at', 'updated_at'],
  additionalProperties: false,
} as const;
export type Client = FromSchema<typeof clientSchema>;
