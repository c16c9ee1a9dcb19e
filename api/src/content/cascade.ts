import { DOCUMENT_OWNER_COLUMNS, DOCUMENT_OWNERS, type Resource } from '@conveyor/shared';
import { documents } from '../db/repositories/tables.ts';
import type { AnyRecord, WriteContext } from './definition.ts';
import { addRevision, DELETED_WITH, snapshotOf } from '../revisions/store.ts';

/**
 * Inside a record's delete: the rows of another resource its delete takes along (their key
 * cascades: a product's videos, a product's, project's or category's documents), each put in
 * the trash marked as gone with it, so that restoring the record brings them back too.
 */
export async function trashAlong(
  { app, request, db }: WriteContext,
  owner: { resource: Resource; id: number },
  resource: Resource,
  rows: readonly AnyRecord[],
): Promise<void> {
  const def = app.crud.get(resource);
  if (!def) throw new Error(`the ${resource} routes are not registered`);
  for (const row of rows) {
    const snapshot = await snapshotOf(def, db, row);
    await addRevision(db, def, request, 'delete', { ...snapshot, [DELETED_WITH]: owner });
  }
}

/** Every row at once: a record's documents are few (DOCUMENTS_PER_RECORD). */
const ALL = 1_000_000;

/** Inside a product's, project's or category's delete: its documents go to the trash with it. */
export async function documentsAlong(
  ctx: WriteContext,
  owner: { resource: 'products' | 'project' | 'categories'; id: number },
): Promise<void> {
  const column = DOCUMENT_OWNER_COLUMNS.find((name) => DOCUMENT_OWNERS[name] === owner.resource)!;
  const rows = await documents.page(ctx.db, {
    page: 1,
    limit: ALL,
    filters: { [column]: owner.id },
    activeOnly: false,
  });
  await trashAlong(ctx, owner, 'documents', rows as unknown as AnyRecord[]);
}
