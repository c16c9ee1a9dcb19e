import type { Executor } from '../db/repositories/table.ts';

/**
 * What belongs to a record in rows of another table and travels with it as one field of its
 * body and detail: a category's template (`attributes`), a product's specifications (`specs`).
 * A part is checked with the record's own fields, written in the record's transaction, kept in
 * its drafts and revisions (the snapshot holds it as the detail shows it), and written back by
 * a restore. The gallery is older and has its own path (files, limits, a draft's pictures).
 */
export interface Part {
  /** The body and detail field. */
  field: string;
  /**
   * Checks a sent value against what it refers to (400 naming the item at fault) and answers it
   * as it is stored and read back (empty items dropped, in a stable order).
   */
  check(db: Executor, value: readonly unknown[]): Promise<unknown[]>;
  /** A record's part, as its detail answers it. */
  read(db: Executor, id: number): Promise<unknown[]>;
  /**
   * Replaces a record's part. `lenient` (a restore) drops the items that no longer fit, for
   * what they refer to may have changed or gone since the revision was taken.
   */
  write(db: Executor, id: number, value: readonly unknown[], lenient?: boolean): Promise<void>;
}

/** What the part functions need of a resource. */
export interface WithParts {
  parts?: readonly Part[] | undefined;
}

/** The parts a body sends, checked: field → value as stored. */
export async function checkParts(
  def: WithParts,
  db: Executor,
  body: Record<string, unknown>,
): Promise<Record<string, unknown[]>> {
  const checked: Record<string, unknown[]> = {};
  for (const part of def.parts ?? []) {
    const value = body[part.field];
    if (Array.isArray(value)) checked[part.field] = await part.check(db, value);
  }
  return checked;
}

/** The record's parts: field → value, as its detail answers them. */
export async function readParts(
  def: WithParts,
  db: Executor,
  id: number,
): Promise<Record<string, unknown[]>> {
  const read: Record<string, unknown[]> = {};
  for (const part of def.parts ?? []) read[part.field] = await part.read(db, id);
  return read;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the checked parts (checkParts) of a record; answers the fields that changed, for the
 * revision and the activity log.
 */
export async function writeParts(
  def: WithParts,
  db: Executor,
  id: number,
  checked: Record<string, unknown[]>,
  { lenient = false } = {},
): Promise<string[]> {
  const changed: string[] = [];
  for (const part of def.parts ?? []) {
    const value = checked[part.field];
    if (!value) continue;
    const before = await part.read(db, id);
    await part.write(db, id, value, lenient);
    if (!same(before, await part.read(db, id))) changed.push(part.field);
  }
  return changed;
}

/** The parts a draft's data or a snapshot holds (the fields that are a part's). */
export function partsIn(
  def: WithParts,
  data: Record<string, unknown> | undefined,
): Record<string, unknown[]> {
  const held: Record<string, unknown[]> = {};
  for (const part of def.parts ?? []) {
    const value = data?.[part.field];
    if (Array.isArray(value)) held[part.field] = value as unknown[];
  }
  return held;
}
