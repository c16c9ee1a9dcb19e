import { normaliseNewlines } from '@conveyor/shared';

// What every body's text goes through before its schema sees it, whichever way it came: a JSON
// or multipart request (plugins/textInput.ts, plugins/hostileInput.ts) or a row of an imported
// sheet (content/sheetRowChecks.ts). Kept here, below both, so that the two cannot drift apart.

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

/** A path of findNul or findNonFinite as the field it names: `body.name_ru` is `name_ru`. */
export const fieldOfPath = (path: string) => path.split('.').slice(1).join('.') || path;

/** What is wrong with such a field, as both say it. */
export const NUL_REFUSED = 'must not contain NUL characters';
export const NON_FINITE_REFUSED = 'must be a finite number';
