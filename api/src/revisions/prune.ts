import { DAY_MS, RESOURCE_REGISTRY, RESOURCES } from '@conveyor/shared';
import { audit } from '../audit/log.ts';
import type { Executor } from '../db/repositories/table.ts';
import type { JobKindName } from '../jobs/kinds.ts';
import type { JobRunner } from '../jobs/runner.ts';

export interface RevisionRetention {
  /** Revisions older than this many days go (0: kept however old). */
  keepDays: number;
  /** At most this many revisions per record are kept, the newest (0: no limit). */
  perRecord: number;
  /**
   * A deleted record stays in the trash this many days, then goes for good with all its
   * revisions (0: until someone purges it by hand).
   */
  trashDays: number;
}

/**
 * Of these files, those that no record (an image column, a product's gallery), no revision and
 * no draft names: safe to remove from disk.
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

/** Of these files, those a record, a revision or a draft names. */
async function referenced(db: Executor, wanted: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  const add = (rows: { path: unknown }[]) => rows.forEach((row) => named.add(String(row.path)));
  add(await db.selectFrom('revision_files').select('path').where('path', 'in', wanted).execute());
  add(await db.selectFrom('draft_files').select('path').where('path', 'in', wanted).execute());
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
 * remove once this has committed. A deleted record (the newest revision is its delete: the
 * trash) goes with all its revisions once that is older than the days the trash keeps it.
 */
export async function pruneRevisions(
  db: Executor,
  retention: RevisionRetention,
  now = Date.now(),
): Promise<{ revisions: number; files: string[]; purged: number }> {
  const rows = await db
    .selectFrom('revisions')
    .select(['id', 'resource', 'record_id', 'created_at'])
    .orderBy('resource')
    .orderBy('record_id')
    .orderBy('id', 'desc')
    .execute();
  const before = (days: number) => (days > 0 ? now - days * DAY_MS : null);
  const cutoff = before(retention.keepDays);
  const trashCutoff = before(retention.trashDays);
  const doomed = new Set<number>();
  const purged: { resource: string; record_id: number }[] = [];
  // the records whose newest revision is past the trash's days: gone for good if deleted
  const expired: { resource: string; record_id: number; ids: number[] }[] = [];
  let current: (typeof expired)[number] | null = null;
  let key = '';
  let rank = 0;
  for (const row of rows) {
    const record = `${row.resource}:${row.record_id}`;
    rank = record === key ? rank + 1 : 0;
    key = record;
    const time = new Date(row.created_at).getTime();
    if (rank === 0) {
      const stale = trashCutoff !== null && time < trashCutoff;
      current = stale ? { resource: row.resource, record_id: row.record_id, ids: [] } : null;
      if (current) expired.push(current);
    }
    current?.ids.push(row.id);
    if (rank === 0) continue;
    const old = cutoff !== null && time < cutoff;
    const beyond = retention.perRecord > 0 && rank >= retention.perRecord;
    if (old || beyond) doomed.add(row.id);
  }
  for (const record of expired) {
    const exists = await db
      .selectFrom(record.resource as 'clients')
      .select('id')
      .where('id', '=', record.record_id)
      .executeTakeFirst();
    if (exists) continue;
    record.ids.forEach((id) => doomed.add(id));
    purged.push(record);
  }
  if (!doomed.size) return { revisions: 0, files: [], purged: 0 };
  return db.transaction().execute(async (trx) => {
    const result = await deleteRevisions(trx, [...doomed]);
    // gone for good is in the activity log, by nobody: the trash's days did it
    for (const record of purged) {
      await audit(trx, null, {
        action: 'purge',
        resource: record.resource,
        recordId: record.record_id,
        details: { trashDays: retention.trashDays },
      });
    }
    return { ...result, purged: purged.length };
  });
}

/**
 * Deletes these revisions in one transaction; answers the files that only they named, for the
 * caller to remove once it has committed.
 */
export async function deleteRevisions(
  db: Executor,
  ids: readonly number[],
): Promise<{ revisions: number; files: string[] }> {
  const work = async (trx: Executor) => {
    const files: string[] = [];
    // in slices: a bound list per statement stays well under the databases' limits
    for (let start = 0; start < ids.length; start += 500) {
      const slice = ids.slice(start, start + 500);
      const named = await trx
        .selectFrom('revision_files')
        .select('path')
        .where('revision_id', 'in', slice)
        .execute();
      files.push(...named.map((row) => row.path));
      await trx.deleteFrom('revision_files').where('revision_id', 'in', slice).execute();
      await trx.deleteFrom('revisions').where('id', 'in', slice).execute();
    }
    return { revisions: ids.length, files: await orphans(trx, files) };
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export const REVISIONS_PRUNE_JOB = 'revisions.prune' satisfies JobKindName;

/**
 * The daily prune of content history (pruneRevisions); `removeFiles` deletes the image files
 * nothing names any more.
 */
export function defineRevisionsPrune(
  runner: JobRunner,
  db: Executor,
  retention: RevisionRetention,
  removeFiles: (paths: string[]) => Promise<unknown>,
): void {
  runner.define(REVISIONS_PRUNE_JOB, {
    everyMs: DAY_MS,
    async run(_payload, { log }) {
      const { revisions, files, purged } = await pruneRevisions(db, retention);
      await removeFiles(files);
      // nothing pruned is not news at info (every start logged it)
      log[revisions || purged || files.length ? 'info' : 'debug'](
        { revisions, purged, files: files.length },
        'revisions pruned',
      );
    },
  });
}
