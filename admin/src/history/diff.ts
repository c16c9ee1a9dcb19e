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
        : String(value);

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
