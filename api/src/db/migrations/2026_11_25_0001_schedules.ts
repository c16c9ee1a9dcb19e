import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, like every migration. Scheduled publishing: at most one schedule
// per content record, its pending publish and unpublish times. The times are ISO-8601 UTC text
// on both databases, like the jobs table's, so they compare with its run_at as strings; the
// jobs that fire them are rows of that table, found by `ref`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('schedules')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('publish_at', 'text')
    .addColumn('unpublish_at', 'text')
    // The sooner of the two pending times, kept with them: the screen lists by it.
    .addColumn('next_at', 'text', (c) => c.notNull())
    // Who set it; no foreign key: the schedule outlives its author's account, as revisions do.
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('schedules_record', ['resource', 'record_id'])
    .execute();
  await db.schema
    .createIndex('schedules_next')
    .on('schedules')
    .columns(['next_at', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('schedules').execute();
}
