import type { Kysely } from 'kysely';

// Frozen in time, like every migration. A quote for several products at once (the site's quote
// basket) is one lead whose items (product, quantity, parameters, duty, note) are a JSON list,
// read with the lead; an empty list on every other lead.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('items').execute();
}
