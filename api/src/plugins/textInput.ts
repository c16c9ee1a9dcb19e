import { normaliseNewlines } from '@conveyor/shared';
import fp from 'fastify-plugin';

/** Secrets are compared as they were typed: their line breaks, if any, are left alone. */
const VERBATIM = /password/i;

/**
 * Every text field of a body with its line breaks as LF (`normaliseNewlines`), in place: the
 * objects and arrays of a parsed body, to a sane depth. A body that is a string itself (the
 * rebuild hook reads its JSON as text, to check the signature over it) is left as it is.
 */
export function normaliseBodyText(value: unknown, depth = 0): void {
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  const record = value as Record<string, unknown>;
  for (const [key, item] of Object.entries(record)) {
    if (typeof item === 'string') {
      if (!VERBATIM.test(key)) record[key] = normaliseNewlines(item);
    } else {
      normaliseBodyText(item, depth + 1);
    }
  }
}

/**
 * Text enters with LF line breaks only, JSON and multipart alike: the back office
 * saves a record with files as multipart/form-data, where browsers send every textarea's
 * breaks as CRLF, and a JSON save sends LF; without this each save rewrote every multi-line
 * field, and History listed fields nobody edited. Before validation, so that limits count the
 * text as stored. Registered after the multipart plugin, so its fields are in the body by now.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      normaliseBodyText(request.body);
    });
  },
  { name: 'text-input' },
);
