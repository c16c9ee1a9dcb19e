import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BadRequest } from '../lib/httpErrors.ts';

/** The first string holding a NUL character, as a field path (`body.name`), or null. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = findNul(item, Array.isArray(value) ? path : `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The first number that is not finite (`1e400` parses as Infinity), as a field path, or null. */
export function findNonFinite(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) {
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = findNonFinite(item, Array.isArray(value) ? path : `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

const fieldName = (path: string) => path.split('.').slice(1).join('.') || path;

/** No number of ours may be infinite. */
function refuseNonFinite(request: FastifyRequest): void {
  const field =
    findNonFinite(request.params, 'params') ??
    findNonFinite(request.query, 'query') ??
    findNonFinite(request.body, 'body');
  if (field)
    throw new BadRequest(`${fieldName(field)}: must be a finite number`, {
      field: fieldName(field),
    });
}

/**
 * Refuses a NUL character anywhere in a request's parameters, query or body (400), on both
 * databases alike: PostgreSQL cannot store one in text (it would answer 500), SQLite would store
 * it and cut strings at it later. No field of ours has a use for one, so one check here covers
 * every route, present and future, instead of a pattern on every string schema.
 *
 * Registered after the multipart plugin, so its fields are in the body by now.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const field =
        findNul(request.params, 'params') ??
        findNul(request.query, 'query') ??
        findNul(request.body, 'body');
      if (field)
        throw new BadRequest(`${fieldName(field)}: must not contain NUL characters`, {
          field: fieldName(field),
        });
      refuseNonFinite(request);
    });
    // Again after validation: Ajv coerces the text "1e400" to Infinity (and lets it through
    // `maximum`), while before it a JSON 1e400 would be coerced to the text "Infinity".
    app.addHook('preHandler', async (request) => refuseNonFinite(request));
  },
  { name: 'hostile-input' },
);
