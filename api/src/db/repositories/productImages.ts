import type { ProductImage } from '@conveyor/shared';
import { nowIso } from '../../lib/rows.ts';
import type { Executor } from './table.ts';

export async function imagesOf(db: Executor, productId: number): Promise<ProductImage[]> {
  return db
    .selectFrom('product_images')
    .select(['id', 'src'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * The images of one product, or of every product (a site build reads them all at once), each
 * with its product's id, in gallery order.
 */
export async function galleryImages(
  db: Executor,
  productId?: number,
): Promise<(ProductImage & { product_id: number })[]> {
  return db
    .selectFrom('product_images')
    .select(['id', 'src', 'product_id'])
    .$if(productId !== undefined, (query) => query.where('product_id', '=', productId!))
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function addImages(db: Executor, productId: number, sources: readonly string[]) {
  if (!sources.length) return;
  const last = await db
    .selectFrom('product_images')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const start = Number(last?.position ?? -1) + 1;
  const now = nowIso();
  await db
    .insertInto('product_images')
    .values(
      sources.map((src, index) => ({
        product_id: productId,
        src,
        position: start + index,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/** Deletes the given images of a product and returns their files' paths. */
export async function deleteImages(
  db: Executor,
  productId: number,
  ids: readonly number[],
): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .deleteFrom('product_images')
    .where('product_id', '=', productId)
    .where('id', 'in', [...ids])
    .returning('src')
    .execute();
  return rows.map((row) => row.src);
}

/** Sets a product's gallery to these files, in this order (a restore); answers the files dropped. */
export async function replaceImages(
  db: Executor,
  productId: number,
  sources: readonly string[],
): Promise<string[]> {
  const removed = await db
    .deleteFrom('product_images')
    .where('product_id', '=', productId)
    .returning('src')
    .execute();
  await addImages(db, productId, sources);
  return removed.map((row) => row.src).filter((src) => !sources.includes(src));
}
