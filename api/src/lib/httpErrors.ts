import type { ErrorCode } from '@conveyor/shared';

/**
 * An error a route throws on purpose. The error handler answers it as `{ error, code, field }`:
 * the English message for API clients, the stable code (shared ERROR_CODES) the back office
 * translates, and the field at fault where there is one.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly errorCode: ErrorCode;
  readonly field: string | undefined;

  constructor(statusCode: number, errorCode: ErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.errorCode = errorCode;
    this.field = field;
  }
}

/** The errors of one status, with the code they have unless the thrower names a closer one. */
function errorKind(statusCode: number, defaultCode: ErrorCode) {
  return class extends ApiError {
    constructor(message: string, options: { code?: ErrorCode; field?: string } = {}) {
      super(statusCode, options.code ?? defaultCode, message, options.field);
    }
  };
}

export const BadRequest = errorKind(400, 'validation');
export const Unauthorized = errorKind(401, 'unauthorized');
export const Forbidden = errorKind(403, 'forbidden');
export const NotFound = errorKind(404, 'notFound');
export const Conflict = errorKind(409, 'conflict');
export const TooManyRequests = errorKind(429, 'rateLimited');
