import { PostgresAdapter } from 'kysely';
import type { Executor } from './table.ts';

/** The records that own others in a counted number (documents, pictures). */
export type OwnerTable = 'products' | 'project' | 'categories';

/**
 * Holds an owner's row until the transaction ends, so that the writes of what it owns (a
 * product's documents, its pictures) take turns: a cap counted after this sees every such
 * write committed before it, and none can commit beside it. Call it after the write and
 * before the count, inside the write's transaction.
 *
 * - PostgreSQL, at its default READ COMMITTED, lets two transactions each count nine documents
 *   and each add a tenth. `SELECT … FOR NO KEY UPDATE` on the owner makes the second wait until
 *   the first has committed; its count, a statement after the wait, then sees the first's row.
 *   NO KEY UPDATE rather than FOR UPDATE: inserting a document took KEY SHARE on its owner
 *   already (the foreign key's check), and FOR UPDATE waits for other transactions' KEY SHARE,
 *   so two uploads would each wait for the other (a deadlock); NO KEY UPDATE waits only for
 *   its like, and for a write of the row itself.
 * - SQLite needs nothing: it lets one transaction write at a time, from its first write to its
 *   commit, and the count comes after the write, so no other write can come between (this
 *   server's one connection runs its transactions one after another besides).
 *
 * A lock, not a trigger or a counter column with a CHECK: the document cap is configuration
 * (DOCUMENTS_PER_RECORD), which the database cannot read, and a counter is one more value every
 * path (drafts, restores, the trash, backups) would have to keep in step.
 */
export async function lockOwner(db: Executor, table: OwnerTable, id: number): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.selectFrom(table).select('id').where('id', '=', id).forNoKeyUpdate().execute();
}
