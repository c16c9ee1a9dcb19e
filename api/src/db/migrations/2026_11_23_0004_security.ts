import { type Kysely, sql } from 'kysely';

// Frozen in time, like every migration. Two small tables of the hardening work:
// - `server_keys`: secrets the instances share and must keep across restarts (the key that
//   signs sign-in device cookies), made once by whichever instance starts first;
// - `webhook_receipts`: the signatures of accepted rebuild webhooks, kept for their freshness
//   window, so that a replayed call is refused on every instance.
// It also empties category links that are neither http(s) nor an address on the site, which
// the API no longer accepts (a `javascript:` link stored before would otherwise stay).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webhook_receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_receipts_received_at')
    .on('webhook_receipts')
    .column('received_at')
    .execute();
  await sql`update categories set link = '' where link <> ''
    and not (link like 'http://%' or link like 'https://%' or (link like '/%' and link not like '//%'))`.execute(
    db,
  );
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('webhook_receipts').execute();
  await db.schema.dropTable('server_keys').execute();
}
