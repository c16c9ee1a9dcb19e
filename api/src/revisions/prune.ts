import { RESOURCE_REGISTRY, RESOURCES } from '@conveyor/shared';
import type { Executor } from '../db/repositories/table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RevisionRetention {
  /** Revisions older than this many days go (0: kept however old). */
  keepDays: number;
  /** At most this many revisions per record are kept, the newest (0: no limit). */
  perRecord: number;
}

/**
 * Of these files, those that no record (an image column, a product's gallery) and no revision
 * names: safe to remove from disk.
 */
export async function orphans(db: Executor, paths: readonly string[]): Promise<string[]> {
  const all = [...new Set(paths)];
  const named = new Set<string>();
  // in slices: a bound list per statement stays well under the databases' limits
  for (let start = 0; start < all.length; start += 500) {
    for (const path of await referenced(db, all.slice(start, start + 500))) named.add(path);
  }
  return all.filter((path) => !named.has(path));
}

/** Of these files, those a record or a revision names. */
async function referenced(db: Executor, wanted: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  const add = (rows: { path: unknown }[]) => rows.forEach((row) => named.add(String(row.path)));
  add(await db.selectFrom('revision_files').select('path').where('path', 'in', wanted).execute());
  add(
    await db
      .selectFrom('product_images')
      .select('src as path')
      .where('src', 'in', wanted)
      .execute(),
  );
  for (const resource of RESOURCES) {
    const entry = RESOURCE_REGISTRY[resource];
    if (!('image' in entry)) continue;
    const { image } = entry;
    add(
      await db
        .selectFrom(resource)
        .select(`${image.column} as path` as 'id')
        .where(image.column as 'id', 'in', wanted as never[])
        .execute()
        .then((rows) => rows.map((row) => ({ path: (row as { path?: unknown }).path }))),
    );
  }
  return named;
}

/**
 * Deletes the revisions past the retention, always keeping the newest of each record that
 * still exists (the state it is in), and answers the files only they named, for the caller to
 * remove once this has committed. A deleted record's last revision goes once it is past the
 * days kept: then the record is gone for good.
 */
export async function pruneRevisions(
  db: Executor,
  retention: RevisionRetention,
  now = Date.now(),
): Promise<{ revisions: number; files: string[] }> {
  const rows = await db
    .selectFrom('revisions')
    .select(['id', 'resource', 'record_id', 'created_at'])
    .orderBy('resource')
    .orderBy('record_id')
    .orderBy('id', 'desc')
    .execute();
  const cutoff = retention.keepDays > 0 ? now - retention.keepDays * DAY_MS : null;
  const doomed: number[] = [];
  // a deleted record's newest revision (the way back to it) ages like the others
  const lastOfDeleted: { id: number; resource: string; record_id: number }[] = [];
  let key = '';
  let rank = 0;
  for (const row of rows) {
    const record = `${row.resource}:${row.record_id}`;
    rank = record === key ? rank + 1 : 0;
    key = record;
    const old = cutoff !== null && new Date(row.created_at).getTime() < cutoff;
    if (rank === 0) {
      if (old) lastOfDeleted.push(row);
      continue;
    }
    const beyond = retention.perRecord > 0 && rank >= retention.perRecord;
    if (old || beyond) doomed.push(row.id);
  }
  for (const row of lastOfDeleted) {
    const exists = await db
      .selectFrom(row.resource as 'clients')
      .select('id')
      .where('id', '=', row.record_id)
      .executeTakeFirst();
    if (!exists) doomed.push(row.id);
  }
  if (!doomed.length) return { revisions: 0, files: [] };
  return db.transaction().execute(async (trx) => {
    const files: string[] = [];
    // in slices: a bound list per statement stays well under the databases' limits
    for (let start = 0; start < doomed.length; start += 500) {
      const slice = doomed.slice(start, start + 500);
      const named = await trx
        .selectFrom('revision_files')
        .select('path')
        .where('revision_id', 'in', slice)
        .execute();
      files.push(...named.map((row) => row.path));
      await trx.deleteFrom('revision_files').where('revision_id', 'in', slice).execute();
      await trx.deleteFrom('revisions').where('id', 'in', slice).execute();
    }
    return { revisions: doomed.length, files: await orphans(trx, files) };
  });
}
