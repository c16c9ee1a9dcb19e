import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time, like every migration. The activity log: one row per security
// event or staff change. Rows are only ever added (and pruned past the retention); the user's
// name is kept beside their id so the log still reads after the user is deleted, which is why
// `user_id` has no foreign key.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('record_id', 'integer')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('audit_log_created_at')
    .on('audit_log')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('audit_log_subject')
    .on('audit_log')
    .columns(['resource', 'record_id'])
    .execute();
  await db.schema.createIndex('audit_log_user').on('audit_log').column('user_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
