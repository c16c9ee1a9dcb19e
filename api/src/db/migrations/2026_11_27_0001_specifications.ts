import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time, like every migration. Technical specifications as typed attributes: a
// dictionary of attributes (each with a type, a unit and labels in every language), a template
// per category (the attributes its products carry, in order, some required), and one typed
// value per product and attribute, in columns a filter can use (never free text, never one
// opaque blob on the product).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<string, any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  // a figure: PostgreSQL's double precision, SQLite's REAL (both 8-byte floats)
  const number = pg ? sql`double precision` : sql`real`;
  const localized = (prefix: string) => (t: Table) =>
    ['uz', 'ru', 'en'].reduce(
      (table, lang) =>
        table.addColumn(`${prefix}_${lang}`, 'text', (c) => c.notNull().defaultTo('')),
      t,
    );
  const flag = (name: string, value: boolean) => (t: Table) =>
    t.addColumn(name, 'boolean', (c) => c.notNull().defaultTo(value ? sql`true` : sql`false`));
  const id = (t: Table) =>
    t.addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    );
  const build = (name: string, ...parts: ((t: Table) => Table)[]) =>
    parts.reduce((t, part) => part(t), db.schema.createTable(name) as Table).execute();

  await build(
    'attributes',
    id,
    (t) => t.addColumn('code', 'text', (c) => c.notNull().unique()),
    (t) => t.addColumn('type', 'text', (c) => c.notNull()),
    (t) => t.addColumn('unit', 'text'),
    localized('name'),
    localized('unit'),
    localized('group'),
    (t) => t.addColumn('decimals', 'integer', (c) => c.notNull().defaultTo(0)),
    flag('filterable', false),
    flag('comparable', true),
    flag('quote', false),
    // an `enum`'s choices, [{ code, name_uz, name_ru, name_en }], as JSON text: part of the
    // attribute's definition (its revisions and backups carry them with it), never filtered on
    (t) => t.addColumn('options', 'text', (c) => c.notNull().defaultTo('[]')),
    flag('is_active', true),
    (t) => t.addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now)),
    (t) => t.addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now)),
  );

  await build(
    'category_attributes',
    id,
    (t) =>
      t.addColumn('category_id', 'integer', (c) =>
        c.notNull().references('categories.id').onDelete('cascade'),
      ),
    (t) =>
      t.addColumn('attribute_id', 'integer', (c) =>
        c.notNull().references('attributes.id').onDelete('restrict'),
      ),
    (t) => t.addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
    flag('required', false),
    (t) => t.addUniqueConstraint('category_attributes_once', ['category_id', 'attribute_id']),
  );
  await db.schema
    .createIndex('category_attributes_attribute_id')
    .on('category_attributes')
    .column('attribute_id')
    .execute();

  await build(
    'product_specs',
    id,
    (t) =>
      t.addColumn('product_id', 'integer', (c) =>
        c.notNull().references('products.id').onDelete('cascade'),
      ),
    (t) =>
      t.addColumn('attribute_id', 'integer', (c) =>
        c.notNull().references('attributes.id').onDelete('restrict'),
      ),
    (t) => t.addColumn('value_number', number),
    (t) => t.addColumn('value_boolean', 'boolean'),
    (t) => t.addColumn('min', number),
    (t) => t.addColumn('max', number),
    (t) => t.addColumn('option', 'text'),
    (t) => t.addColumn('text_uz', 'text'),
    (t) => t.addColumn('text_ru', 'text'),
    (t) => t.addColumn('text_en', 'text'),
    (t) => t.addUniqueConstraint('product_specs_once', ['product_id', 'attribute_id']),
  );
  // the filters' look-ups: by attribute, then its value
  await db.schema
    .createIndex('product_specs_attribute_number')
    .on('product_specs')
    .columns(['attribute_id', 'value_number'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('product_specs').execute();
  await db.schema.dropTable('category_attributes').execute();
  await db.schema.dropTable('attributes').execute();
}
