import {
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  fileFields,
  idSchema,
  MAX_ID,
  MAX_LIMIT,
} from '@conveyor/shared';
import type { JSONSchema } from 'json-schema-to-ts';
import type { Crud } from './definition.ts';

/**
 * A resource's record or body schema as far as the types can see: an object whose fields are
 * known at run time only, from the resource's definition. The type provider reads it as
 * `{ [field]: unknown }`, the widest correct type; the schema itself validates the fields.
 */
export interface ObjectSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, JSONSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
}

/** What an anonymous form post gets back: nothing of the stored record. */
export const ANONYMOUS_RECEIVED = { received: true } as const;
export const receivedSchema = {
  type: 'object',
  properties: { received: { type: 'boolean' } },
  required: ['received'],
  additionalProperties: false,
} as const;

const searchSchema = {
  type: 'string',
  maxLength: 200,
  description: 'Same as q (the spec’s name)',
} as const;

export function listQuerySchema(def: Crud) {
  const { spec } = def.repo;
  const filters: Record<string, JSONSchema> = {};
  for (const column of spec.filters) {
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
      sort: { type: 'string', enum: [...spec.sortable] },
      order: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] },
      q: { type: 'string', maxLength: 200, description: 'Text search, case-insensitive' },
      ...(def.name === 'users' ? { search: searchSchema } : {}),
      id: { type: 'array', items: idSchema, maxItems: MAX_LIMIT, description: 'Only these ids' },
      ...filters,
    },
    additionalProperties: false,
  } as const;
}

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
 * The media types a write's body may come in, for the OpenAPI document. Both are validated by
 * the same body schema (the app parses no other type), so the schema stays a plain one that
 * the type provider can read.
 */
export function bodyMediaTypes(def: Crud) {
  return fileFields(def.name).length
    ? { consumes: ['application/json', 'multipart/form-data'] }
    : {};
}
