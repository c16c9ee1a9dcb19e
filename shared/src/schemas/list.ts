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

export interface ErrorResponse {
  error: string;
}

export const errorResponseSchema = {
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
  additionalProperties: false,
} as const;
