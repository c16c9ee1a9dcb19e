import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, like every migration. The one durable job table (DESIGN section 9): lead
// deliveries, build retries, scheduled publishing, purges and backups are kinds of job, each a
// row that any instance may claim, retried with backoff until it is done or given up on.
// Times are ISO-8601 UTC text on both databases, so they compare as strings.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    // queued → running → done, or back to queued for a retry, or failed when given up on.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    // At most one job per key: a scheduled job's slot, so instances never enqueue it twice.
    .addColumn('unique_key', 'text', (c) => c.unique())
    // What the job is about (`leads:12`): a record's deliveries are found by it.
    .addColumn('ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_kind').on('jobs').columns(['kind', 'status']).execute();
  await db.schema.createIndex('jobs_ref').on('jobs').column('ref').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
