import {
  isWorkflow,
  type Note,
  type Resource,
  type RevisionAction,
  type Revision,
} from '@conveyor/shared';
import type { Selectable } from 'kysely';
import { listNotes } from '../db/repositories/notes.ts';
import type { Executor } from '../db/repositories/table.ts';
import type { RevisionsTable } from '../db/types.ts';
import { imagesOf } from '../db/repositories/productImages.ts';
import { nowIso, toIso } from '../lib/rows.ts';
import type { Actor } from '../audit/log.ts';

/**
 * A record as a revision keeps it: its columns as the API reads them, and what belongs to it
 * (a product's gallery, as the files in order; a lead's notes). Images are kept by reference:
 * their paths.
 */
export type Snapshot = Record<string, unknown> & { images?: string[]; notes?: Note[] };

/** A part of a record kept in a snapshot under its field (content/parts.ts). */
interface SnapshotPart {
  field: string;
  read(db: Executor, id: number): Promise<unknown[]>;
}

/**
 * The key of a delete's snapshot that says which record's delete took it along (a product's
 * videos, by the key that cascades): `{ resource, id }`. Restoring that record restores it too.
 */
export const DELETED_WITH = 'deleted_with';

/** The columns a restore writes back: all but the id and the timestamps. */
const SYSTEM = new Set(['id', 'created_at', 'updated_at']);

/**
 * What a revision needs of the resource it is of: its name, its image column and gallery if it
 * has them. A content definition (content/definition.ts) is one; history sits below the content
 * core, which writes a revision with every change, so it names only what it reads.
 */
export interface Revisable {
  name: string;
  image?: { column: string } | undefined;
}

/** A resource whose records a revision snapshots and restores. */
export interface Snapshotted extends Revisable {
  name: Resource;
  gallery?: object | undefined;
  parts?: readonly SnapshotPart[] | undefined;
  repo: { shape: { columns: readonly string[] } };
}

/** A record: an id, and columns known per resource. */
type Row = { id: number } & Record<string, unknown>;

export async function snapshotOf(def: Snapshotted, db: Executor, record: Row): Promise<Snapshot> {
  const snapshot: Snapshot = { ...record };
  if (def.gallery) snapshot.images = (await imagesOf(db, record.id)).map((image) => image.src);
  for (const part of def.parts ?? []) snapshot[part.field] = await part.read(db, record.id);
  if (isWorkflow(def.name)) snapshot.notes = await listNotes(db, def.name, record.id);
  return snapshot;
}

/** The uploaded files a snapshot names: its image, and its gallery. */
export function filesOf(def: Revisable, snapshot: Snapshot): string[] {
  const main = def.image ? snapshot[def.image.column] : null;
  return [main, ...(snapshot.images ?? [])].filter(
    (path): path is string => typeof path === 'string' && path !== '',
  );
}

/** The column values of a snapshot, as a write takes them. */
export function valuesOf(def: Snapshotted, snapshot: Snapshot): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of def.repo.shape.columns) {
    if (!SYSTEM.has(column) && column in snapshot) values[column] = snapshot[column];
  }
  return values;
}

/**
 * Adds a revision of the record in `db` (the change's own transaction), with the files it
 * names; answers its id.
 */
export async function addRevision(
  db: Executor,
  def: Revisable,
  actor: Actor | null,
  action: RevisionAction,
  snapshot: Snapshot,
  fields: readonly string[] = [],
): Promise<number> {
  const user = actor?.user ?? null;
  const { id } = await db
    .insertInto('revisions')
    .values({
      resource: def.name,
      record_id: Number(snapshot.id),
      created_at: nowIso(),
      user_id: user?.id ?? null,
      user_name: user?.user_name ?? actor?.system ?? '',
      action,
      fields: JSON.stringify(fields),
      snapshot: JSON.stringify(snapshot),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const files = [...new Set(filesOf(def, snapshot))];
  if (files.length) {
    await db
      .insertInto('revision_files')
      .values(files.map((path) => ({ revision_id: id, path })))
      .execute();
  }
  return id;
}

/**
 * A record changed for the first time since history began has no revision of how it was:
 * one is taken first (`initial`, by nobody), so that its first change can be undone too.
 */
export async function ensureBaseline(db: Executor, def: Snapshotted, before: Row): Promise<void> {
  const any = await db
    .selectFrom('revisions')
    .select('id')
    .where('resource', '=', def.name)
    .where('record_id', '=', before.id)
    .limit(1)
    .executeTakeFirst();
  if (!any) await addRevision(db, def, null, 'initial', await snapshotOf(def, db, before));
}

/** A row of the revisions table, as both databases hand it back. */
type RevisionRow = Selectable<RevisionsTable>;

const toRevision = (row: RevisionRow): Revision => ({
  id: row.id,
  resource: row.resource,
  record_id: row.record_id,
  created_at: toIso(row.created_at),
  user_id: row.user_id,
  user_name: row.user_name,
  action: row.action as RevisionAction,
  fields: JSON.parse(row.fields) as string[],
  snapshot: JSON.parse(row.snapshot) as Snapshot,
});

/** A record's revisions, newest first. */
export async function listRevisions(
  db: Executor,
  resource: string,
  recordId: number,
): Promise<Revision[]> {
  const rows = await db
    .selectFrom('revisions')
    .selectAll()
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRevision);
}

/** The ids of all the revisions of a record (what a purge, or a lead's restore, deletes). */
export async function revisionIds(
  db: Executor,
  resource: string,
  recordId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('revisions')
    .select('id')
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .execute();
  return rows.map((row) => row.id);
}

export async function findRevision(
  db: Executor,
  resource: string,
  recordId: number,
  id: number,
): Promise<Revision | undefined> {
  const row = await db
    .selectFrom('revisions')
    .selectAll()
    .where('id', '=', id)
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row ? toRevision(row) : undefined;
}

/** Of these files, the ones no revision names any more: they may be removed from disk. */
export async function unreferenced(
  db: Executor,
  paths: readonly (string | null | undefined)[],
): Promise<string[]> {
  const wanted = [...new Set(paths.filter((path): path is string => Boolean(path)))];
  if (!wanted.length) return [];
  const kept = await db
    .selectFrom('revision_files')
    .select('path')
    .where('path', 'in', wanted)
    .execute();
  const keep = new Set(kept.map((row) => row.path));
  return wanted.filter((path) => !keep.has(path));
}
