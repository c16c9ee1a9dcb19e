import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time. Every record carries created_at; the settings record lacked it. SQLite cannot
// add a column whose default is an expression, so the column is added empty and filled from
// updated_at (the only time known for a record saved before this migration).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('settings')
    .addColumn('created_at', pg ? sql`timestamptz` : sql`text`)
    .execute();
  await db
    .updateTable('settings')
    .set({ created_at: sql`updated_at` })
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('created_at').execute();
}
