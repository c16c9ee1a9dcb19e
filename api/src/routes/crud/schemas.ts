import {
  ADMIN_DEFAULT_LANGUAGE,
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  EXPORT_FORMATS,
  fileFields,
  idSchema,
  MAX_ID,
  LANGUAGES,
  MAX_LIMIT,
} from '@conveyor/shared';
import type { JSONSchema } from 'json-schema-to-ts';
import type { Crud, ObjectSchema } from '../../content/definition.ts';

/** What an anonymous form post gets back: nothing of the stored record. */
export const ANONYMOUS_RECEIVED = { received: true } as const;
export const receivedSchema = {
  type: 'object',
  properties: {
    received: { type: 'boolean' },
    /** A lead's link to carry the request on in Telegram, when the company's bot takes chats. */
    telegram: { type: 'string' },
  },
  required: ['received'],
  additionalProperties: false,
} as const;

const searchSchema = {
  type: 'string',
  maxLength: 200,
  description: 'Same as q (the spec’s name)',
} as const;

/**
 * The paging of a list read newest first only (the activity log, the trash): a page, its size,
 * the ids react-admin asks for by reference, and its sort, taken but not followed.
 */
export const newestFirstPaging = {
  page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
  limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 20 },
  id: { type: 'array', items: idSchema, maxItems: MAX_LIMIT, description: 'Only these ids' },
  sort: { type: 'string', maxLength: 50 },
  order: { type: 'string', enum: ['asc', 'desc'] },
} as const;

/** A worked list's date range: instants, so the admin sends the staff's own midnight. */
const createdRangeSchema = {
  created_from: {
    type: 'string',
    format: 'date-time',
    description: 'Only records created at or after this instant',
  },
  created_to: {
    type: 'string',
    format: 'date-time',
    description: 'Only records created before this instant',
  },
} as const;

export function listQuerySchema(def: Crud) {
  const { shape } = def.repo;
  // yes/no filters beyond the columns (a product's `incomplete`)
  const conditions: Record<string, JSONSchema> = Object.fromEntries(
    Object.keys(shape.conditions ?? {}).map((name) => [name, { type: 'boolean' } as const]),
  );
  const filters: Record<string, JSONSchema> = {};
  for (const column of shape.filters) {
    const property = def.record.properties[column];
    filters[column] = column.endsWith('_id')
      ? idSchema
      : (property ?? ({ type: 'string' } as const));
  }
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: DEFAULT_PAGE },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_ID,
        default: DEFAULT_LIMIT,
        description: `Page size; values above ${MAX_LIMIT} are capped to ${MAX_LIMIT}`,
      },
      sort: { type: 'string', enum: [...shape.sortable] },
      order: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] },
      q: { type: 'string', maxLength: 200, description: 'Text search, case-insensitive' },
      ...(def.name === 'users' ? { search: searchSchema } : {}),
      ...(def.workflow ? createdRangeSchema : {}),
      id: { type: 'array', items: idSchema, maxItems: MAX_LIMIT, description: 'Only these ids' },
      ...filters,
      ...conditions,
    },
    additionalProperties: false,
  } as const;
}

/**
 * The export's query: the list's own (search, filters, ids, sort) without the page, plus the
 * file's format and the language of its headers and values.
 */
export function exportQuerySchema(def: Crud) {
  const { page: _page, limit: _limit, ...selection } = listQuerySchema(def).properties;
  return {
    type: 'object',
    properties: {
      ...selection,
      format: {
        type: 'string',
        enum: EXPORT_FORMATS,
        default: 'csv',
        description: 'csv (UTF-8 with a byte-order mark) or xlsx',
      },
      lang: {
        type: 'string',
        enum: LANGUAGES,
        default: ADMIN_DEFAULT_LANGUAGE,
        description: 'Language of the headers and of values such as statuses',
      },
    },
    additionalProperties: false,
  } as const;
}

/** The export's answer: a file, CSV or XLSX, for the OpenAPI document. */
export const exportFileResponse = {
  description: 'The file, as an attachment named after the resource and the day',
  content: {
    'text/csv': { schema: { type: 'string' } },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: { type: 'string', format: 'binary' },
    },
  },
} as const;

/** With the update body, `image: null` (or an empty string) removes the image. */
export function withImageRemoval(def: Crud, schema: ObjectSchema): ObjectSchema {
  if (!def.image) return schema;
  return {
    ...schema,
    properties: {
      ...schema.properties,
      [def.image.field]: {
        type: ['string', 'null'],
        description: 'Send a file to replace the image; null or an empty string removes it',
      },
    },
  };
}

/**
 * The route config of a write that takes the resource's files (multipart), for the uploads
 * plugin: none for a resource without any, which takes JSON only.
 */
export function uploadConfig(def: Crud): { fileFields?: readonly string[]; documentFiles?: true } {
  const fields = fileFields(def.name);
  if (!fields.length) return {};
  return def.image?.document ? { fileFields: fields, documentFiles: true } : { fileFields: fields };
}

/**
 * The media types a write's body may come in, for the OpenAPI document. Both are validated by
 * the same body schema (the app parses no other type), so the schema stays a plain one that
 * the type provider can read.
 */
export function bodyMediaTypes(def: Crud) {
  return fileFields(def.name).length
    ? { consumes: ['application/json', 'multipart/form-data'] }
    : {};
}
