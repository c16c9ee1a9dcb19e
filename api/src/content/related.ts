import type { RelatedProduct } from '@conveyor/shared';
import { relatedProducts, setRelatedProducts } from '../db/repositories/related.ts';
import type { Executor } from '../db/repositories/table.ts';
import { BadRequest } from '../lib/httpErrors.ts';
import type { Part } from './parts.ts';

/**
 * A product's related products as stored: products that exist, not itself, each once per kind,
 * in the order sent, `two_way` filled in. A 400 names the item at fault; `lenient` (a restore)
 * drops it instead, for a product it names may have gone since.
 */
async function checkRelated(
  db: Executor,
  productId: number | null,
  items: readonly RelatedProduct[],
  lenient = false,
): Promise<RelatedProduct[]> {
  const ids = [...new Set(items.map((item) => item.product_id))];
  const found = ids.length
    ? new Set(
        (await db.selectFrom('products').select('id').where('id', 'in', ids).execute()).map(
          (row) => row.id,
        ),
      )
    : new Set<number>();
  const kept: RelatedProduct[] = [];
  for (const [index, item] of items.entries()) {
    const fault = !found.has(item.product_id)
      ? `there is no product with id ${item.product_id}`
      : item.product_id === productId
        ? 'a product is not related to itself'
        : kept.some((other) => other.product_id === item.product_id && other.kind === item.kind)
          ? `product ${item.product_id} is given twice as ${item.kind}`
          : null;
    if (fault) {
      if (lenient) continue;
      throw new BadRequest(`related[${index}]: ${fault}`, { field: 'related' });
    }
    kept.push({ product_id: item.product_id, kind: item.kind, two_way: item.two_way ?? false });
  }
  return kept;
}

/**
 * A product's `related`. Checked without the product's own id on create (it has none yet):
 * a product cannot name itself before it exists.
 */
export const relatedPart: Part = {
  field: 'related',
  check: (db, value) => checkRelated(db, null, value as RelatedProduct[]),
  async read(db, id) {
    return (await relatedProducts(db, id)).get(id) ?? [];
  },
  async write(db, id, value, lenient) {
    const items = await checkRelated(db, id, value as RelatedProduct[], lenient);
    await setRelatedProducts(db, id, items);
  },
};
