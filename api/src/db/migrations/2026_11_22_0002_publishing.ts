import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, like every migration. The site builds the API runs or asks for: one row per
// build. A row in state 'queued' is the pending rebuild request, so it survives a restart.
// Times are ISO text on both databases: they are only shown and compared as text.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('publish_builds')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('last_requested_at', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('pages', 'integer')
    .addColumn('release', 'text')
    .addColumn('error', 'text')
    .addColumn('log_tail', 'text')
    .execute();
  await db.schema
    .createIndex('publish_builds_status')
    .on('publish_builds')
    .column('status')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('publish_builds').execute();
}
