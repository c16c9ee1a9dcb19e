import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, like every migration. Drafted pictures: a draft may hold new
// pictures (a record's new picture, a product's added gallery pictures). Their files are stored
// when the draft is saved, and named here, so that no sweep or cleanup takes a file only a
// draft holds, and a discarded or replaced draft's files can go.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('draft_files')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('draft_files_path').on('draft_files').column('path').execute();
  await db.schema
    .createIndex('draft_files_record')
    .on('draft_files')
    .columns(['resource', 'record_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('draft_files').execute();
}
