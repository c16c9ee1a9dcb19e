import { normaliseNewlines } from '@conveyor/shared';
import { diffWordsWithSpace } from 'diff';

/** What a revision shows that is not a field of its own: the id and the timestamps. */
const IGNORED = new Set(['id', 'created_at', 'updated_at', 'media']);

const comparable = (value: unknown): string =>
  value === undefined || value === null || value === ''
    ? ''
    : Array.isArray(value)
      ? JSON.stringify(
          value.map((item) =>
            typeof item === 'object' && item ? ((item as { src?: unknown }).src ?? item) : item,
          ),
        )
      : typeof value === 'object'
        ? JSON.stringify(value)
        : normaliseNewlines(String(value));

/**
 * The fields in which a revision and the record as it is now differ, in the revision's order.
 * A product's gallery is `images`: files in a revision, `{ id, src }` on the record; compared
 * by file.
 */
export function changedKeys(then: Record<string, unknown>, now: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(then), ...Object.keys(now)])];
  return keys.filter(
    (key) => !IGNORED.has(key) && key in then && comparable(then[key]) !== comparable(now[key]),
  );
}

/** A run of a text in the comparison: the same in both, or only in one of them. */
export interface TextPart {
  text: string;
  /** Only in the revision (`removed`) or only in the record as it is now (`added`). */
  change?: 'removed' | 'added';
}

/**
 * Two texts word by word (jsdiff), for the side by side comparison: `then` with what the record
 * no longer has marked removed, `now` with what it gained marked added, so that one changed word
 * in a long description stands out. Line breaks are compared as LF (a revision from before they
 * were normalised may hold CRLF).
 */
export function textChanges(then: string, now: string): { then: TextPart[]; now: TextPart[] } {
  const parts = diffWordsWithSpace(normaliseNewlines(then), normaliseNewlines(now));
  return {
    then: parts
      .filter((part) => !part.added)
      .map((part) =>
        part.removed ? { text: part.value, change: 'removed' } : { text: part.value },
      ),
    now: parts
      .filter((part) => !part.removed)
      .map((part) => (part.added ? { text: part.value, change: 'added' } : { text: part.value })),
  };
}
