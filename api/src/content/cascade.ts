import type { Resource } from '@conveyor/shared';
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

/** Inside a product's, project's or category's delete: its documents go to the trash with it. */
export async function documentsAlong(
  ctx: WriteContext,
  owner: { resource: 'products' | 'project' | 'categories'; id: number },
): Promise<void> {
  const column = { products: 'product_id', project: 'project_id', categories: 'category_id' }[
    owner.resource
  ] as 'product_id';
  const def = ctx.app.crud.get('documents');
  if (!def) throw new Error('the documents routes are not registered');
  const rows = await ctx.db
    .selectFrom('documents')
    .select(def.repo.shape.columns as 'id'[])
    .where(column, '=', owner.id)
    .orderBy('id')
    .execute();
  await trashAlong(
    ctx,
    owner,
    'documents',
    rows.map((row) => def.repo.map(row)),
  );
}
