import type { Kysely } from 'kysely';

// Frozen in time. Anonymous product lists count the active products of active categories
// (is_active, then category_id in the visible categories): this index answers that count
// without reading the table, which a large catalogue's every list would otherwise do.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('products_is_active_category_id')
    .on('products')
    .columns(['is_active', 'category_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('products_is_active_category_id').execute();
}
