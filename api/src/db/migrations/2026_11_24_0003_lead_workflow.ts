import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time, like every migration. Working the leads: the visit's context on a
// lead, a status and an assignee on leads and supplier applications, staff notes on both, and
// how long they are kept; the privacy page's text.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

const CONTEXT_TEXT = [
  'page',
  'language',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
];

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  // SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable('leads')
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .execute();
  for (const column of CONTEXT_TEXT) {
    await db.schema
      .alterTable('leads')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema
    .alterTable('suppliers')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('suppliers')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .execute();
  for (const table of ['leads', 'suppliers']) {
    await db.schema
      .alterTable(table)
      .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex(`${table}_assignee_id`).on(table).column('assignee_id').execute();
    await db.schema.createIndex(`${table}_created_at`).on(table).column('created_at').execute();
  }
  await db.schema.createIndex('leads_product_id').on('leads').column('product_id').execute();
  await db.schema.createIndex('suppliers_status').on('suppliers').column('status').execute();
  // "Done" said nothing of the outcome; the old handled leads count as won.
  await db.updateTable('leads').set({ status: 'won' }).where('status', '=', 'done').execute();

  // The privacy page's text; empty until staff save settings (the site then shows the default).
  for (const lang of ['uz', 'ru', 'en']) {
    await db.schema
      .alterTable('settings')
      .addColumn(`privacy_${lang}`, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }

  // How many months leads and applications are kept (0: for ever).
  await db.schema
    .alterTable('notification_settings')
    .addColumn('retention_months', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('notes')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    // The record a note is about: `leads` or `suppliers`, and its id.
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The author's name as it was, so a note still says who wrote it after the user is gone.
    .addColumn('author_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('notes_subject')
    .on('notes')
    .columns(['subject', 'subject_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('notes').execute();
  await db.schema.alterTable('notification_settings').dropColumn('retention_months').execute();
  for (const lang of ['uz', 'ru', 'en']) {
    await db.schema.alterTable('settings').dropColumn(`privacy_${lang}`).execute();
  }
  await db
    .updateTable('leads')
    .set({ status: 'done' })
    .where('status', 'not in', ['new', 'in_progress'])
    .execute();
  await db.schema.dropIndex('suppliers_status').execute();
  await db.schema.dropIndex('leads_product_id').execute();
  for (const table of ['leads', 'suppliers']) {
    await db.schema.dropIndex(`${table}_created_at`).execute();
    await db.schema.dropIndex(`${table}_assignee_id`).execute();
    await db.schema.alterTable(table).dropColumn('assignee_id').execute();
  }
  await db.schema.alterTable('suppliers').dropColumn('status').execute();
  await db.schema.alterTable('suppliers').dropColumn('language').execute();
  for (const column of [...CONTEXT_TEXT].reverse()) {
    await db.schema.alterTable('leads').dropColumn(column).execute();
  }
  await db.schema.alterTable('leads').dropColumn('product_id').execute();
}
