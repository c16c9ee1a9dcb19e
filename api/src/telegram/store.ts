import type { Update } from 'grammy/types';
import type { Executor } from '../db/repositories/table.ts';
import type { LeadChatsTable, LeadMessagesTable } from '../db/types.ts';
import { nowIso } from '../lib/rows.ts';

// The bot's tables: Telegram's updates as they came, a lead's chat and its conversation.

export type LeadChat = Omit<LeadChatsTable, 'id' | 'buyer' | 'state'> & {
  id: number;
  buyer: string;
  state: 'linked' | 'stopped' | 'closed';
};
export type LeadMessage = {
  [K in keyof LeadMessagesTable]: LeadMessagesTable[K] extends { __select__: infer S }
    ? S
    : LeadMessagesTable[K];
};
export type NewLeadMessage = Pick<LeadMessage, 'origin' | 'target' | 'relay' | 'chat_id'> &
  Partial<Omit<LeadMessage, 'id' | 'created_at' | 'lead_id'>>;

/**
 * Stores updates not seen before (a repeated update_id is dropped by the key); answers how
 * many were new. ON CONFLICT rather than a caught error: a failed statement would end a
 * PostgreSQL transaction.
 */
export async function storeUpdates(db: Executor, updates: readonly Update[]): Promise<number> {
  let stored = 0;
  const at = nowIso();
  for (const update of updates) {
    const row = await db
      .insertInto('telegram_updates')
      .values({ id: update.update_id, body: JSON.stringify(update), received_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) stored += 1;
  }
  return stored;
}

/** The oldest updates not yet worked through, in Telegram's order. */
export async function waitingUpdates(db: Executor, limit: number): Promise<Update[]> {
  const rows = await db
    .selectFrom('telegram_updates')
    .select('body')
    .where('done_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => JSON.parse(row.body) as Update);
}

export async function markUpdateDone(db: Executor, updateId: number): Promise<void> {
  await db
    .updateTable('telegram_updates')
    .set({ done_at: nowIso() })
    .where('id', '=', updateId)
    .execute();
}

/** Updates worked through before `before` (Telegram repeats none older than a day). */
export async function pruneUpdates(db: Executor, before: Date): Promise<void> {
  await db
    .deleteFrom('telegram_updates')
    .where('done_at', 'is not', null)
    .where('done_at', '<', before.toISOString())
    .execute();
}

export async function getState(
  db: Executor,
): Promise<{ pollOffset: number; blockedUntil: string | null }> {
  const row = await db
    .selectFrom('telegram_state')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirst();
  return { pollOffset: Number(row?.poll_offset ?? 0), blockedUntil: row?.blocked_until ?? null };
}

export async function setState(
  db: Executor,
  patch: { poll_offset?: number; blocked_until?: string | null },
): Promise<void> {
  await db
    .insertInto('telegram_state')
    .values({ id: 1, ...patch })
    .onConflict((oc) => oc.column('id').doUpdateSet(patch))
    .execute();
}

/** The lead a buyer's chat writes to now: its newest link, whatever its state. */
export async function chatOfBuyer(db: Executor, chatId: string): Promise<LeadChat | undefined> {
  return (await db
    .selectFrom('lead_chats')
    .selectAll()
    .where('chat_id', '=', chatId)
    .orderBy('updated_at', 'desc')
    .orderBy('lead_id', 'desc')
    .limit(1)
    .executeTakeFirst()) as LeadChat | undefined;
}

export async function chatOfLead(db: Executor, leadId: number): Promise<LeadChat | undefined> {
  return (await db
    .selectFrom('lead_chats')
    .selectAll()
    .where('lead_id', '=', leadId)
    .executeTakeFirst()) as LeadChat | undefined;
}

/** Links `chatId` to a lead (any earlier lead of that chat is closed). */
export async function linkChat(
  db: Executor,
  link: { leadId: number; chatId: string; language: string; buyer: string },
): Promise<void> {
  const at = nowIso();
  await db
    .updateTable('lead_chats')
    .set({ state: 'closed', updated_at: at })
    .where('chat_id', '=', link.chatId)
    .where('lead_id', '!=', link.leadId)
    .execute();
  const values = {
    chat_id: link.chatId,
    language: link.language,
    buyer: link.buyer,
    state: 'linked' as const,
    updated_at: at,
  };
  await db
    .insertInto('lead_chats')
    .values({ lead_id: link.leadId, ...values, created_at: at })
    .onConflict((oc) => oc.column('lead_id').doUpdateSet(values))
    .execute();
}

/**
 * Ends a lead's chat: `stopped` by the buyer's /stop (their next message is answered that the
 * chat is ended), or `closed` (a new /start opened another, and their next message makes a lead).
 */
export async function stopChat(
  db: Executor,
  leadId: number,
  state: 'stopped' | 'closed',
): Promise<void> {
  await db
    .updateTable('lead_chats')
    .set({ state, updated_at: nowIso() })
    .where('lead_id', '=', leadId)
    .execute();
}

export async function setThread(
  db: Executor,
  leadId: number,
  thread: { sales_chat_id?: string; topic_id?: number | null; opening_message_id?: number | null },
): Promise<void> {
  await db.updateTable('lead_chats').set(thread).where('lead_id', '=', leadId).execute();
}

/** The lead a sales group's forum topic belongs to. */
export async function leadOfTopic(
  db: Executor,
  salesChat: string,
  topicId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('lead_chats')
    .select('lead_id')
    .where('sales_chat_id', '=', salesChat)
    .where('topic_id', '=', topicId)
    .executeTakeFirst();
  return row?.lead_id;
}

/** The lead whose message in the sales group (an opening, or a copy) `messageId` is. */
export async function leadOfSalesMessage(
  db: Executor,
  salesChat: string,
  messageId: number,
): Promise<number | undefined> {
  const opening = await db
    .selectFrom('lead_chats')
    .select('lead_id')
    .where('sales_chat_id', '=', salesChat)
    .where('opening_message_id', '=', messageId)
    .executeTakeFirst();
  if (opening) return opening.lead_id;
  // a copy made in this group (the lead's thread is in it: copies follow their thread)
  const copy = await db
    .selectFrom('lead_messages')
    .innerJoin('lead_chats', 'lead_chats.lead_id', 'lead_messages.lead_id')
    .select('lead_messages.lead_id')
    .where('lead_chats.sales_chat_id', '=', salesChat)
    .where('lead_messages.target', '=', 'sales')
    .where('lead_messages.relayed_message_id', '=', messageId)
    .orderBy('lead_messages.id', 'desc')
    .executeTakeFirst();
  return copy?.lead_id ?? undefined;
}

export async function addMessage(
  db: Executor,
  leadId: number | null,
  message: NewLeadMessage,
): Promise<number> {
  const row = await db
    .insertInto('lead_messages')
    .values({ ...message, lead_id: leadId, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The messages waiting to be passed on, oldest first. */
export async function pendingMessages(db: Executor, limit: number): Promise<LeadMessage[]> {
  return (await db
    .selectFrom('lead_messages')
    .selectAll()
    .where('relay', '=', 'pending')
    .orderBy('id')
    .limit(limit)
    .execute()) as LeadMessage[];
}

export async function relayed(
  db: Executor,
  id: number,
  outcome: { relay: 'sent' | 'failed'; relayed_message_id?: number | null; relay_error?: string },
): Promise<void> {
  await db.updateTable('lead_messages').set(outcome).where('id', '=', id).execute();
}

/** The bot's answers in chats that named no lead, once passed on: nothing keeps them. */
export async function pruneLeadlessReplies(db: Executor): Promise<void> {
  await db
    .deleteFrom('lead_messages')
    .where('lead_id', 'is', null)
    .where('relay', '!=', 'pending')
    .execute();
}

/** A lead's conversation, in order. */
export async function messagesOfLead(db: Executor, leadId: number): Promise<LeadMessage[]> {
  return (await db
    .selectFrom('lead_messages')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('id')
    .execute()) as LeadMessage[];
}

/** A lead's chat and conversation go with it (privacy: a deleted lead leaves nothing behind). */
export async function removeConversationOf(db: Executor, leadIds: number[]): Promise<string[]> {
  if (leadIds.length === 0) return [];
  const files = await db
    .selectFrom('lead_messages')
    .select('file_path')
    .where('lead_id', 'in', leadIds)
    .where('file_path', '!=', '')
    .execute();
  await db.deleteFrom('lead_messages').where('lead_id', 'in', leadIds).execute();
  await db.deleteFrom('lead_chats').where('lead_id', 'in', leadIds).execute();
  return files.map((file) => file.file_path);
}
