import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, like every migration. Releases say what made them: each rebuild
// request names what asked for it (a record's change and by whom, the Rebuild button, a
// retry...), kept beside its build row; and a build's release records when it went live, so
// every instance knows which release is live (a rollback included), not only the one serving it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('publish_triggers')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('build_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('resource', 'text')
    .addColumn('action', 'text')
    .addColumn('record_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('publish_triggers_build')
    .on('publish_triggers')
    .column('build_id')
    .execute();
  await db.schema.alterTable('publish_builds').addColumn('live_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('publish_builds').dropColumn('live_at').execute();
  await db.schema.dropTable('publish_triggers').execute();
}
