import type { Language, ProductImage } from '@conveyor/shared';
import { nowIso } from '../../lib/rows.ts';
import type { Executor } from './table.ts';

/** A picture as a product's `images` give it (a product's detail reads them too). */
export const IMAGE_COLUMNS = ['id', 'src', 'alt_uz', 'alt_ru', 'alt_en'] as const;

export async function imagesOf(db: Executor, productId: number): Promise<ProductImage[]> {
  return db
    .selectFrom('product_images')
    .select(IMAGE_COLUMNS)
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
    .select([...IMAGE_COLUMNS, 'product_id'])
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

/**
 * Puts a product's pictures in the order of `arrangement` (by file), with its alternative
 * texts; pictures it does not name keep theirs and follow in their order. A file that is not
 * one of the product's is passed over.
 */
export async function arrangeImages(
  db: Executor,
  productId: number,
  arrangement: readonly ({ src: string } & Partial<Record<`alt_${Language}`, string>>)[],
): Promise<void> {
  const current = await imagesOf(db, productId);
  const named = new Map(arrangement.map((item) => [item.src, item]));
  const ordered = [
    ...arrangement.flatMap((item) => current.filter((image) => image.src === item.src)),
    ...current.filter((image) => !named.has(image.src)),
  ];
  for (const [position, image] of [...new Set(ordered)].entries()) {
    const item = named.get(image.src);
    await db
      .updateTable('product_images')
      .set({
        position,
        ...(item && {
          alt_uz: (item.alt_uz ?? image.alt_uz).trim(),
          alt_ru: (item.alt_ru ?? image.alt_ru).trim(),
          alt_en: (item.alt_en ?? image.alt_en).trim(),
        }),
      })
      .where('id', '=', image.id)
      .execute();
  }
}
