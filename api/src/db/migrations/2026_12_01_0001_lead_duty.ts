import type { Kysely } from 'kysely';

// Frozen in time, like every migration. A quote request sent from the conveyor calculator
// carries its duty (the buyer's figures, and the belt and drive they came to) as a JSON object,
// read with the lead; null on every other lead.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('leads').addColumn('duty', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('duty').execute();
}
