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
      if (field) {
        const name = field.split('.').slice(1).join('.') || field;
        throw new BadRequest(`${name}: must not contain NUL characters`);
      }
    });
  },
  { name: 'hostile-input' },
);
