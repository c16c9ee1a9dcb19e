import type { Kysely } from 'kysely';

// Frozen in time, like every migration. A quote request carries the buyer's parameters (the
// attributes marked `quote`, with the values they asked for) as a JSON list, read with the lead.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('parameters', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('parameters').execute();
}
