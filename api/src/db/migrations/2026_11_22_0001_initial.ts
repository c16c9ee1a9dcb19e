import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code. It runs on SQLite and PostgreSQL;
// where their types differ it asks which one it is talking to.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<string, any>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

function columns(db: Db) {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return {
    id: (t: Table) =>
      pg
        ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    text: (t: Table, name: string) => t.addColumn(name, 'text', (c) => c.notNull().defaultTo('')),
    localized: (t: Table, prefix: string) =>
      ['uz', 'ru', 'en'].reduce(
        (table, lang) =>
          table.addColumn(`${prefix}_${lang}`, 'text', (c) => c.notNull().defaultTo('')),
        t,
      ),
    active: (t: Table) =>
      t.addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`)),
    timestamp: (t: Table, name: string) =>
      t.addColumn(name, timestamp, (c) => c.notNull().defaultTo(now)),
    timestamps: (t: Table) =>
      t
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now)),
  };
}

export async function up(db: Db): Promise<void> {
  const c = columns(db);
  const build = (name: string, ...parts: ((t: Table) => Table)[]) =>
    parts.reduce((t, part) => part(t), db.schema.createTable(name) as Table).execute();

  await build(
    'users',
    c.id,
    (t) => t.addColumn('user_name', 'text', (col) => col.notNull().unique()),
    (t) => t.addColumn('password_hash', 'text', (col) => col.notNull()),
    (t) => c.text(t, 'first_name'),
    (t) => c.text(t, 'last_name'),
    (t) => t.addColumn('email', 'text', (col) => col.notNull().unique()),
    (t) => t.addColumn('avatar', 'text'),
    c.active,
    c.timestamps,
  );

  await build(
    'sessions',
    c.id,
    (t) =>
      t.addColumn('user_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      ),
    (t) => t.addColumn('token_hash', 'text', (col) => col.notNull().unique()),
    (t) => c.timestamp(t, 'created_at'),
    (t) => c.timestamp(t, 'expires_at'),
  );
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await build(
    'categories',
    c.id,
    (t) => c.localized(t, 'name'),
    (t) => c.localized(t, 'description'),
    (t) => c.text(t, 'link'),
    (t) => t.addColumn('image', 'text'),
    c.active,
    c.timestamps,
  );

  await build(
    'products',
    c.id,
    (t) => c.localized(t, 'name'),
    (t) => c.localized(t, 'description'),
    (t) =>
      t.addColumn('category_id', 'integer', (col) =>
        col.notNull().references('categories.id').onDelete('restrict'),
      ),
    (t) => t.addColumn('image', 'text'),
    c.active,
    c.timestamps,
  );
  await db.schema
    .createIndex('products_category_id')
    .on('products')
    .column('category_id')
    .execute();
  await db.schema
    .createIndex('products_is_active_id')
    .on('products')
    .columns(['is_active', 'id'])
    .execute();

  await build(
    'product_images',
    c.id,
    (t) =>
      t.addColumn('product_id', 'integer', (col) =>
        col.notNull().references('products.id').onDelete('cascade'),
      ),
    (t) => t.addColumn('src', 'text', (col) => col.notNull()),
    (t) => t.addColumn('position', 'integer', (col) => col.notNull().defaultTo(0)),
    c.timestamps,
  );
  await db.schema
    .createIndex('product_images_product_id')
    .on('product_images')
    .column('product_id')
    .execute();

  await build(
    'media',
    c.id,
    (t) => c.localized(t, 'title'),
    (t) => t.addColumn('link', 'text', (col) => col.notNull()),
    (t) =>
      t.addColumn('product_id', 'integer', (col) =>
        col.notNull().references('products.id').onDelete('cascade'),
      ),
    c.active,
    c.timestamps,
  );
  await db.schema.createIndex('media_product_id').on('media').column('product_id').execute();

  await build(
    'project',
    c.id,
    (t) => c.localized(t, 'title'),
    (t) => c.localized(t, 'description'),
    (t) => t.addColumn('link', 'text', (col) => col.notNull()),
    c.active,
    c.timestamps,
  );

  await build(
    'leads',
    c.id,
    (t) => c.text(t, 'name'),
    (t) => c.text(t, 'email'),
    (t) => c.text(t, 'phone'),
    (t) => c.text(t, 'message'),
    (t) => t.addColumn('status', 'text', (col) => col.notNull().defaultTo('new')),
    c.timestamps,
  );
  await db.schema.createIndex('leads_status').on('leads').column('status').execute();

  await build(
    'suppliers',
    c.id,
    (t) => c.text(t, 'company_name'),
    (t) => t.addColumn('partner_count', 'integer'),
    (t) => c.text(t, 'inn'),
    (t) => c.text(t, 'contact_person'),
    (t) => c.text(t, 'phone'),
    (t) => c.text(t, 'email'),
    (t) => c.text(t, 'company_description'),
    (t) => c.text(t, 'offer'),
    c.active,
    c.timestamps,
  );

  await build(
    'testimonials',
    c.id,
    (t) => c.localized(t, 'name'),
    (t) => c.localized(t, 'message'),
    c.active,
    c.timestamps,
  );

  await build(
    'clients',
    c.id,
    (t) => c.text(t, 'name'),
    (t) => t.addColumn('image', 'text'),
    c.active,
    c.timestamps,
  );

  await build(
    'settings',
    (t) => t.addColumn('id', 'integer', (col) => col.primaryKey()),
    ...[
      'phone_primary',
      'phone_secondary',
      'email',
      'legal_name',
      'address_uz',
      'address_ru',
      'address_en',
      'telegram_url',
      'instagram_url',
      'facebook_url',
      'map_embed_url',
      'developer_name',
      'developer_url_1',
      'developer_url_2',
    ].map((name) => (t: Table) => c.text(t, name)),
    (t) => c.timestamp(t, 'updated_at'),
  );
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'settings',
    'clients',
    'testimonials',
    'suppliers',
    'leads',
    'project',
    'media',
    'product_images',
    'products',
    'categories',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
