import { DAY_MS, type Resource, TRASH_RESOURCES, type TrashItem } from '@conveyor/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../db/repositories/table.ts';
import type { RevisionsTable } from '../db/types.ts';
import { toIso } from '../lib/rows.ts';
import { DELETED_WITH } from './store.ts';

/**
 * The trash is a view of the revisions, not a table of its own: a deleted record is
 * in it while its newest revision is its delete, which holds the record as it was (its gallery,
 * its notes). A restore adds a newer revision (or, for a lead, clears them); a purge deletes
 * them all. Nothing is copied, so nothing can disagree.
 */
function items(db: Executor, resources: readonly Resource[]) {
  return db
    .selectFrom('revisions as r')
    .where('r.action', '=', 'delete')
    .where('r.resource', 'in', resources.length ? resources : ['-'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('revisions as later')
            .select('later.id')
            .whereRef('later.resource', '=', 'r.resource')
            .whereRef('later.record_id', '=', 'r.record_id')
            .whereRef('later.id', '>', 'r.id'),
        ),
      ),
    );
}

/** The revision a delete left, the columns an item of the trash shows (COLUMNS). */
type ItemRow = Pick<
  Selectable<RevisionsTable>,
  'id' | 'resource' | 'record_id' | 'created_at' | 'user_id' | 'user_name' | 'snapshot'
>;

function toItem(row: ItemRow, trashDays: number): TrashItem {
  const deleted = toIso(row.created_at);
  return {
    id: row.id,
    resource: row.resource as TrashItem['resource'],
    record_id: row.record_id,
    deleted_at: deleted,
    user_id: row.user_id,
    user_name: row.user_name,
    purge_at:
      trashDays > 0
        ? new Date(new Date(deleted).getTime() + trashDays * DAY_MS).toISOString()
        : null,
    snapshot: JSON.parse(row.snapshot) as Record<string, unknown>,
  };
}

const COLUMNS = [
  'r.id',
  'r.resource',
  'r.record_id',
  'r.created_at',
  'r.user_id',
  'r.user_name',
  'r.snapshot',
] as const;

/** What is in the trash of these resources, last deleted first, a page of it and the count. */
export async function listTrash(
  db: Executor,
  resources: readonly Resource[],
  page: { limit: number; offset: number; ids?: readonly number[] | undefined },
  trashDays: number,
): Promise<{ rows: TrashItem[]; total: number }> {
  let query = items(db, resources);
  if (page.ids) query = query.where('r.id', 'in', page.ids.length ? page.ids : [0]);
  const { count } = await query
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .select(COLUMNS)
    .orderBy('r.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows: rows.map((row) => toItem(row, trashDays)), total: Number(count) };
}

/** One item of the trash by its id (its delete's revision), or undefined when it is not one. */
export async function findTrashItem(
  db: Executor,
  resources: readonly Resource[],
  id: number,
  trashDays: number,
): Promise<TrashItem | undefined> {
  const row = await items(db, resources).select(COLUMNS).where('r.id', '=', id).executeTakeFirst();
  return row ? toItem(row, trashDays) : undefined;
}

/** The items in the trash that the delete of this record took along (a product's videos). */
export async function deletedWith(
  db: Executor,
  resource: Resource,
  recordId: number,
): Promise<TrashItem[]> {
  const marker = JSON.stringify({ [DELETED_WITH]: { resource, id: recordId } }).slice(1, -1);
  const rows = await items(db, TRASH_RESOURCES)
    .select(COLUMNS)
    .where('r.snapshot', 'like', `%${marker}%`)
    .orderBy('r.id')
    .execute();
  return rows
    .map((row) => toItem(row, 0))
    .filter((item) => {
      const owner = item.snapshot[DELETED_WITH] as { resource?: unknown; id?: unknown } | undefined;
      return owner?.resource === resource && owner.id === recordId;
    });
}
