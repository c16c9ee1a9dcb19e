import { compareDocuments, type OrderedDocument } from '@conveyor/shared';

/** A record's documents in the order its page lists them (shared `compareDocuments`). */
export function inPageOrder<D extends OrderedDocument>(documents: readonly D[]): D[] {
  return [...documents].sort(compareDocuments);
}

/**
 * The writes that move the document at `from` to `to` in a record's list: every document gets
 * its place in the new order (0 first), so that the list is wholly staff's from then on, and
 * only those whose place changes are written.
 */
export function moveWrites(
  ordered: readonly OrderedDocument[],
  from: number,
  to: number,
): { id: number; position: number }[] {
  if (from === to || to < 0 || to >= ordered.length || from < 0 || from >= ordered.length) {
    return [];
  }
  const next = [...ordered];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next.flatMap((document, position) =>
    document.position === position ? [] : [{ id: document.id, position }],
  );
}
