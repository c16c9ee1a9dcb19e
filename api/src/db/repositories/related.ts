import type { RelatedProduct, RelationKind } from '@conveyor/shared';
import type { Executor } from './table.ts';

/**
 * The related products of one product, or of every product: by product id, each list in the
 * order staff put them.
 */
export async function relatedProducts(
  db: Executor,
  productId?: number,
): Promise<Map<number, RelatedProduct[]>> {
  const rows = await db
    .selectFrom('product_related')
    .select(['product_id', 'related_id', 'kind', 'two_way'])
    .$if(productId !== undefined, (query) => query.where('product_id', '=', productId!))
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  const lists = new Map<number, RelatedProduct[]>();
  for (const row of rows) {
    const item = toRelated(row);
    const list = lists.get(row.product_id);
    if (list) list.push(item);
    else lists.set(row.product_id, [item]);
  }
  return lists;
}

/** A row of `product_related` as the product's `related` gives it. */
export function toRelated(row: {
  related_id: number;
  kind: string;
  two_way: boolean | number;
}): RelatedProduct {
  return {
    product_id: row.related_id,
    kind: row.kind as RelationKind,
    two_way: Boolean(row.two_way),
  };
}

/** Replaces a product's related products with these, in this order. */
export async function setRelatedProducts(
  db: Executor,
  productId: number,
  items: readonly RelatedProduct[],
): Promise<void> {
  await db.deleteFrom('product_related').where('product_id', '=', productId).execute();
  if (!items.length) return;
  await db
    .insertInto('product_related')
    .values(
      items.map((item, position) => ({
        product_id: productId,
        related_id: item.product_id,
        kind: item.kind,
        two_way: item.two_way ?? false,
        position,
      })),
    )
    .execute();
}
