import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time, like every migration. Outdated translations: a record's text in one language
// that another language's text of the same field has changed since. A row is one such text
// (resource, record, field, language), from when; a save of that text or a "current" mark
// removes it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('translation_marks')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('since', pg ? sql`timestamptz` : sql`text`, (c) => c.notNull())
    .addUniqueConstraint('translation_marks_once', ['resource', 'record_id', 'field', 'language'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('translation_marks').execute();
}
