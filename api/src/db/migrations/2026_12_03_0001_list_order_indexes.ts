import type { Kysely } from 'kysely';

// Frozen in time. The back office opens the products list by name (in the staff's language,
// then by id) and the requests newest first (then by id): with these indexes a page is read in
// that order from the index and stops at the page's end, where without them every page of a
// large catalogue's list read and sorted the whole table (api/test/db/listPlans.test.ts). The
// requests' index on their time alone gives way to one with the id, which PostgreSQL otherwise
// sorts by after reading each time's rows.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

const INDEXES = [
  ['products_name_uz', 'products', ['name_uz', 'id']],
  ['products_name_ru', 'products', ['name_ru', 'id']],
  ['products_name_en', 'products', ['name_en', 'id']],
  ['leads_created_at', 'leads', ['created_at', 'id']],
] as const;

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('leads_created_at').execute();
  for (const [name, table, columns] of INDEXES) {
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.createIndex('leads_created_at').on('leads').column('created_at').execute();
}
