import type { ErrorCode } from '@conveyor/shared';
import type { Kysely } from 'kysely';
import { type Actor, audit } from '../audit/log.ts';
import type { Database } from '../db/types.ts';
import { readSheet } from '../exports/readSheet.ts';
import { SheetRefusal, type SheetRefusalKind, type SheetRow } from '../exports/sheetLimits.ts';
import { ApiError } from '../lib/httpErrors.ts';
import { turnTaker } from '../lib/turns.ts';
import { addRevision, snapshotOf } from '../revisions/store.ts';
import type { Crud } from './definition.ts';
import { writeParts } from './parts.ts';
import type { SheetImportPlan } from './sheetPlan.ts';
import { revised, updateIn } from './update.ts';

// Taking a products sheet back (docs/specifications.md): the file read within its limits, each
// limit passed answered with its own code; the plan (sheetPlan.ts) written in one transaction.

/** How each limit a sheet passed is answered: its status and stable code. */
const REFUSALS: Record<SheetRefusalKind, { status: number; code: ErrorCode }> = {
  entries: { status: 413, code: 'products.sheetTooManyEntries' },
  unpacked: { status: 413, code: 'products.sheetUnpackedTooLarge' },
  sharedStrings: { status: 413, code: 'products.sheetTooManyStrings' },
  rows: { status: 413, code: 'products.sheetTooManyRows' },
  columns: { status: 413, code: 'products.sheetTooManyCells' },
  cells: { status: 413, code: 'products.sheetTooManyCells' },
  cellChars: { status: 413, code: 'products.sheetCellTooLong' },
  textChars: { status: 413, code: 'products.sheetTooManyCells' },
  unreadable: { status: 400, code: 'products.sheetUnreadable' },
};

/**
 * An uploaded products sheet's rows (exports/readSheet.ts: on a thread of its own, within the
 * sheet limits); a file past a limit, or unreadable, is an error answer with its own code.
 */
export async function readProductSheet(path: string): Promise<SheetRow[]> {
  try {
    const rows = await readSheet(path);
    if (!rows.length) {
      throw new SheetRefusal('unreadable', 'file: is empty');
    }
    return rows;
  } catch (error) {
    if (!(error instanceof SheetRefusal)) throw error;
    const { status, code } = REFUSALS[error.kind];
    throw new ApiError(status, code, error.message, 'file');
  }
}

/**
 * Writes a plan without problems in one transaction, as the JSON API writes each product: a
 * change is an update with its revision and activity event (content/update.ts), a new product
 * an insert with its values, a revision and an event. All or nothing. Gives the event loop a
 * turn every few milliseconds, so that other requests are answered meanwhile (on SQLite the
 * public lists and products are read by a read-only connection of their own, beside this
 * transaction; other queries wait for its commit). Answers the products written.
 */
export async function writeSheetImport(
  db: Kysely<Database>,
  def: Crud,
  actor: Actor,
  plan: SheetImportPlan,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    const turn = turnTaker();
    for (const { id, values, specs } of plan.updates) {
      await updateIn(trx, def, actor, id, values, {
        after: async (updated) =>
          specs ? writeParts(def, trx, updated.id, { specs }) : Promise.resolve([]),
        details: { import: true },
      });
      ids.push(id);
      await turn();
    }
    for (const { values, specs } of plan.creates) {
      const created = await def.repo.insert(trx, values);
      await writeParts(def, trx, created.id, { specs: specs ?? [] });
      const revision = await addRevision(
        trx,
        def,
        actor,
        'create',
        await snapshotOf(def, trx, created),
      );
      await audit(trx, actor, {
        action: 'create',
        resource: def.name,
        recordId: created.id,
        details: { ...revised(revision), import: true },
      });
      ids.push(created.id);
      await turn();
    }
    return ids;
  });
}
