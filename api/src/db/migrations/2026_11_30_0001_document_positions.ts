import type { Kysely } from 'kysely';

// Frozen in time, like every migration. Staff put a record's documents in the order its page
// lists them: a document's place among its record's (0 first), or null where none was given
// (they follow, by kind, as before).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('documents').addColumn('position', 'integer').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('position').execute();
}
