import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time, like every migration. History and undo: a revision is a whole
// snapshot of a content record after each change (before it, for a delete), who made it and
// which fields it changed. The files a snapshot names are listed beside it, so an image stays
// on disk while a revision that shows it is kept.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('revisions')
    .addColumn('id', 'integer', id)
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revisions_record')
    .on('revisions')
    .columns(['resource', 'record_id', 'id'])
    .execute();
  await db.schema
    .createTable('revision_files')
    .addColumn('id', 'integer', id)
    .addColumn('revision_id', 'integer', (c) =>
      c.notNull().references('revisions.id').onDelete('cascade'),
    )
    .addColumn('path', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revision_files_path').on('revision_files').column('path').execute();
  await db.schema
    .createIndex('revision_files_revision')
    .on('revision_files')
    .column('revision_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('revision_files').execute();
  await db.schema.dropTable('revisions').execute();
}
