import type { Kysely } from 'kysely';

// Frozen in time, like every migration. A product's pictures and related products are read in
// their order (`position`) with every product detail; with the order in the index the database
// reads them in it instead of sorting them each time.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('product_images_in_order')
    .on('product_images')
    .columns(['product_id', 'position', 'id'])
    .execute();
  // the product's own id first: the older index on product_id alone has nothing left to do
  await db.schema.dropIndex('product_images_product_id').execute();
  await db.schema
    .createIndex('product_related_in_order')
    .on('product_related')
    .columns(['product_id', 'position'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('product_related_in_order').execute();
  await db.schema
    .createIndex('product_images_product_id')
    .on('product_images')
    .column('product_id')
    .execute();
  await db.schema.dropIndex('product_images_in_order').execute();
}
