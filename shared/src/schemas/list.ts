import type { FromSchema } from 'json-schema-to-ts';
import { ERROR_CODES } from '../messages.ts';

// The response envelopes of the API, one definition each: every route declares its answers
// with these, so the OpenAPI document, the serializer and the clients agree on one shape.

/** The envelope of every single-value answer: `{ data }`. */
export function dataResponseSchema<const S>(data: S) {
  return {
    type: 'object',
    properties: { data },
    required: ['data'],
    additionalProperties: false,
  } as const;
}

/** The envelope of every list call: `{ data, currentPage, totalPages, total }`. */
export function listResponseSchema<const S>(item: S) {
  return {
    type: 'object',
    properties: {
      data: { type: 'array', items: item },
      currentPage: { type: 'integer' },
      totalPages: { type: 'integer' },
      total: { type: 'integer' },
    },
    required: ['data', 'currentPage', 'totalPages', 'total'],
    additionalProperties: false,
  } as const;
}

/**
 * Every error: `{ error, code }`, an English message for API clients (5xx details stay in the
 * log) and a stable code (ERROR_CODES) that the back office shows in its user's language;
 * `field` names the field at fault where there is one.
 */
export const errorResponseSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    code: { type: 'string', enum: ERROR_CODES },
    field: { type: 'string' },
  },
  required: ['error', 'code'],
  additionalProperties: false,
} as const;

/** The error answers every route declares beside its own success answers. */
export const errorResponses = { '4xx': errorResponseSchema, '5xx': errorResponseSchema } as const;

export interface ListResponse<T> {
  data: T[];
  currentPage: number;
  totalPages: number;
  /** Our addition to the spec's envelope; clients must still work without it. */
  total?: number;
}

export interface DataResponse<T> {
  data: T;
}

export type ErrorResponse = FromSchema<typeof errorResponseSchema>;
