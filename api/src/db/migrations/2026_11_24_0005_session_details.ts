import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time, like every migration. Sessions a user can see and end: where a
// session was opened (address, browser) and when it was last used. Sessions of before have
// none of it; their last use is their start.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('sessions').addColumn('last_used_at', timestamp).execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .updateTable('sessions')
    .set({ last_used_at: sql`created_at` })
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const column of ['user_agent', 'ip', 'last_used_at']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
