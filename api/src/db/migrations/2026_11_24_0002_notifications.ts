import type { Kysely } from 'kysely';

// Frozen in time, like every migration. Lead delivery: who gets told of a new lead
// or supplier application, one staff-only record apart from the public company settings.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('telegram_leads', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('telegram_suppliers', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email_leads', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email_suppliers', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('uz'))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Tashkent'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
}
