import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time, like every migration. Documents and drawings: a file (its stored key, which
// names its size and download name) with a kind, titles, its own languages and a revision,
// belonging to exactly one product, project or category, whose delete takes it along. A lead
// may name the "on request" document the buyer asked for.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<string, any>;

const OWNERS = [
  ['product_id', 'products'],
  ['project_id', 'project'],
  ['category_id', 'categories'],
] as const;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const flag = (name: string, value: boolean) => (t: Table) =>
    t.addColumn(name, 'boolean', (c) => c.notNull().defaultTo(value ? sql`true` : sql`false`));
  const text =
    (name: string, fallback = '') =>
    (t: Table) =>
      t.addColumn(name, 'text', (c) => c.notNull().defaultTo(fallback));
  const parts: ((t: Table) => Table)[] = [
    (t) =>
      t.addColumn('id', 'integer', (c) =>
        pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      ),
    text('kind', 'other'),
    ...['uz', 'ru', 'en'].map((lang) => text(`title_${lang}`)),
    text('languages', '[]'),
    text('revision'),
    flag('on_request', false),
    (t) => t.addColumn('file', 'text'),
    ...OWNERS.map(
      ([column, table]) =>
        (t: Table) =>
          t.addColumn(column, 'integer', (c) => c.references(`${table}.id`).onDelete('cascade')),
    ),
    // exactly one owner
    (t) =>
      t.addCheckConstraint(
        'documents_one_owner',
        sql`(case when product_id is null then 0 else 1 end) + (case when project_id is null then 0 else 1 end) + (case when category_id is null then 0 else 1 end) = 1`,
      ),
    flag('is_active', true),
    (t) => t.addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now)),
    (t) => t.addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now)),
  ];
  await parts.reduce((t, part) => part(t), db.schema.createTable('documents') as Table).execute();
  for (const [column] of OWNERS) {
    await db.schema.createIndex(`documents_${column}`).on('documents').column(column).execute();
  }
  await db.schema
    .alterTable('leads')
    .addColumn('document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('document_id').execute();
  await db.schema.dropTable('documents').execute();
}
