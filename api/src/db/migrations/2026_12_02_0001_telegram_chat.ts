import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, like every migration. Buyers' chats with the company's Telegram bot, carried
// on with the sales team's group and kept on the lead:
// - the settings: the bot's user name, the sales group, and whether (and how) chats run;
// - telegram_updates: each update Telegram sent, stored before it is acknowledged (its id is
//   the key, so a repeat is ignored), worked through in order;
// - telegram_state: the long polling's offset and a rate limit's "not before";
// - lead_chats: which buyer's chat a lead is linked to (and the sales group's topic for it);
// - lead_messages: the conversation in order, each message with where it is to be passed on.
// Times are ISO strings in text, compared as text (like the jobs').

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .alterTable('notification_settings')
    .addColumn('telegram_bot', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('notification_settings')
    .addColumn('telegram_sales_chat', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('notification_settings')
    .addColumn('telegram_chat', 'text', (c) => c.notNull().defaultTo('off'))
    .execute();

  await db.schema
    .createTable('telegram_updates')
    // Telegram's update_id: a repeat of a stored update is dropped by the key (named id, as
    // every table's key is: backups page by it)
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await db.schema
    .createIndex('telegram_updates_waiting')
    .on('telegram_updates')
    .columns(['done_at', 'id'])
    .execute();

  await db.schema
    .createTable('telegram_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('poll_offset', 'bigint', (c) => c.notNull().defaultTo(0))
    // Telegram's 429 retry_after: no call before this time
    .addColumn('blocked_until', 'text')
    .execute();

  await db.schema
    .createTable('lead_chats')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('lead_id', 'integer', (c) => c.notNull().unique())
    .addColumn('chat_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    // the buyer's name and @username as Telegram gave them
    .addColumn('buyer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('linked'))
    // the sales group the lead's thread is in (message ids are each chat's own), its forum
    // topic for this lead, or (a plain group) the message that opened it
    .addColumn('sales_chat_id', 'text')
    .addColumn('topic_id', 'bigint')
    .addColumn('opening_message_id', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_chats_chat').on('lead_chats').column('chat_id').execute();

  await db.schema
    .createTable('lead_messages')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    // null: the bot's answer in a chat that names no lead (a greeting, "the chat is ended")
    .addColumn('lead_id', 'integer')
    // buyer | sales | staff | bot
    .addColumn('origin', 'text', (c) => c.notNull())
    // where it is passed on: sales (the group) | buyer | '' (nowhere)
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    // the buyer's chat (whichever side wrote)
    .addColumn('chat_id', 'text', (c) => c.notNull())
    // the message in the chat it was written in (null: written here, by staff or the bot)
    .addColumn('source_chat_id', 'text')
    .addColumn('message_id', 'bigint')
    .addColumn('file_kind', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_mime', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_size', 'integer', (c) => c.notNull().defaultTo(0))
    // where the file is kept here ('' while not)
    .addColumn('file_path', 'text', (c) => c.notNull().defaultTo(''))
    // pending | sent | failed | none
    .addColumn('relay', 'text', (c) => c.notNull())
    .addColumn('relay_error', 'text', (c) => c.notNull().defaultTo(''))
    // the copy's id in the target chat: a reply to it in a plain group names the lead
    .addColumn('relayed_message_id', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_messages_lead').on('lead_messages').column('lead_id').execute();
  await db.schema
    .createIndex('lead_messages_relay')
    .on('lead_messages')
    .columns(['relay', 'id'])
    .execute();
  await db.schema
    .createIndex('lead_messages_copy')
    .on('lead_messages')
    .columns(['target', 'relayed_message_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('lead_messages').execute();
  await db.schema.dropTable('lead_chats').execute();
  await db.schema.dropTable('telegram_state').execute();
  await db.schema.dropTable('telegram_updates').execute();
  for (const column of ['telegram_chat', 'telegram_sales_chat', 'telegram_bot']) {
    await db.schema.alterTable('notification_settings').dropColumn(column).execute();
  }
}
