import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time, like every migration. A product's related products, in order: each another
// product of a kind (accessory, spare part, similar), possibly shown both ways. Either
// product's delete takes the line along.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('product_related')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('related_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('two_way', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('product_related_once', ['product_id', 'related_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('product_related_related_id')
    .on('product_related')
    .column('related_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('product_related').execute();
}
