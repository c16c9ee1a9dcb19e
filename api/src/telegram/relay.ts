import { type Lead, type NotificationSettings } from '@conveyor/shared';
import type { FastifyBaseLogger } from 'fastify';
import { getNotificationSettings } from '../db/repositories/notificationSettings.ts';
import type { Executor } from '../db/repositories/table.ts';
import { leads } from '../db/repositories/tables.ts';
import { PermanentJobError, RetryLaterError } from '../jobs/runner.ts';
import { GrammyError } from 'grammy';
import { type BotApi, botSignal, classify } from './botApi.ts';
import type { PayloadKeys } from './payload.ts';
import {
  chatOfLead,
  getState,
  markUpdateDone,
  pendingMessages,
  relayed,
  setState,
  setThread,
  type LeadMessage,
  waitingUpdates,
} from './store.ts';
import { applyUpdate, openingText, type UpdateContext } from './updates.ts';

// The bot's one worker, a job of its own kind that runs on one instance at a time (exclusive):
// it works the stored updates through in Telegram's order, then passes on the waiting messages
// in the order they were written, each marked sent once Telegram took it. Telegram down: the
// job fails and is tried again, nothing skipped; a 429: nothing is called until its
// retry_after has passed (kept in telegram_state, so every instance waits); a refusal (a
// buyer who blocked the bot): that message is marked failed with why, and the rest go on.

export interface RelayContext {
  db: Executor;
  api: BotApi;
  keys: PayloadKeys;
  adminUrl: string;
  log: FastifyBaseLogger;
  queueLead: UpdateContext['queueLead'];
  transaction<T>(work: (db: Executor) => Promise<T>): Promise<T>;
  signal?: AbortSignal;
}

const BATCH = 50;

/** Works through everything waiting; throws to be tried again. */
export async function drain(context: RelayContext): Promise<void> {
  for (;;) {
    context.signal?.throwIfAborted();
    const settings = await getNotificationSettings(context.db);
    const updates = await waitingUpdates(context.db, BATCH);
    for (const update of updates) {
      await context.transaction(async (db) => {
        await applyUpdate(
          { db, keys: context.keys, queueLead: context.queueLead },
          update,
          settings.telegram_sales_chat,
        );
        await markUpdateDone(db, update.update_id);
      });
    }
    const messages = await pendingMessages(context.db, BATCH);
    for (const message of messages) {
      context.signal?.throwIfAborted();
      const { blockedUntil } = await getState(context.db);
      const wait = blockedUntil ? Date.parse(blockedUntil) - Date.now() : 0;
      if (wait > 0) throw new RetryLaterError('Telegram: rate limited (429)', wait);
      try {
        let copy: number;
        try {
          copy = await pass(context, settings, message);
        } catch (error) {
          // sales deleted the lead's topic (or its opening): a new one is opened, once
          if (!threadGone(error) || message.lead_id === null) throw error;
          await setThread(context.db, message.lead_id, {
            topic_id: null,
            opening_message_id: null,
          });
          copy = await pass(context, settings, message);
        }
        await relayed(context.db, message.id, { relay: 'sent', relayed_message_id: copy });
      } catch (error) {
        const failure = classify(error);
        if (failure instanceof RetryLaterError) {
          await setState(context.db, {
            blocked_until: new Date(Date.now() + failure.delayMs).toISOString(),
          });
          throw failure;
        }
        if (!(failure instanceof PermanentJobError)) throw failure;
        context.log.warn({ message: message.id, err: failure }, 'a Telegram message was refused');
        await relayed(context.db, message.id, {
          relay: 'failed',
          relay_error: failure.message.slice(0, 500),
        });
      }
    }
    if (updates.length < BATCH && messages.length < BATCH) {
      // what came in meanwhile is the next job's (enqueued by whoever stored it)
      return;
    }
  }
}

/** Telegram's refusal of a message to a forum topic that is gone. */
const threadGone = (error: unknown) =>
  error instanceof GrammyError &&
  error.error_code === 400 &&
  /thread not found|TOPIC_DELETED|TOPIC_CLOSED/i.test(error.description);

/** Media whose copy may carry a caption (a sticker, a contact or a place may not). */
const CAPTIONED = new Set(['photo', 'document', 'voice', 'audio', 'video', 'animation']);

/** Sends one message where it goes; answers the id of what Telegram made. */
async function pass(
  context: RelayContext,
  settings: NotificationSettings,
  message: LeadMessage,
): Promise<number> {
  const { api } = context;
  const signal = botSignal(context.signal);
  if (message.target === 'buyer') {
    // sales' message copied as it is (a photo stays a photo); staff's and the bot's, as text
    if (message.origin === 'sales' && message.source_chat_id && message.message_id) {
      const copy = await api.copyMessage(
        message.chat_id,
        message.source_chat_id,
        message.message_id,
        {},
        signal,
      );
      return copy.message_id;
    }
    const sent = await api.sendMessage(message.chat_id, message.text, {}, signal);
    return sent.message_id;
  }
  if (message.target !== 'sales' || message.lead_id === null) {
    throw new PermanentJobError('nowhere to pass it on');
  }
  const salesChat = settings.telegram_sales_chat;
  if (!salesChat) throw new PermanentJobError('no sales chat is set');
  const lead = await leads.get(context.db, message.lead_id, false);
  if (!lead) throw new PermanentJobError('the lead is gone');
  const thread = await threadOf(context, salesChat, lead);
  if (message.origin === 'bot' && message.text === '') return thread.opening; // the opening itself
  const where = thread.topic
    ? { message_thread_id: thread.topic }
    : { reply_parameters: { message_id: thread.opening, allow_sending_without_reply: true } };
  const head = `#${lead.id} · ${message.author_name || lead.name}`;
  if (
    message.origin === 'buyer' &&
    message.file_kind &&
    message.source_chat_id &&
    message.message_id
  ) {
    const captioned = CAPTIONED.has(message.file_kind);
    const copy = await api.copyMessage(
      salesChat,
      message.source_chat_id,
      message.message_id,
      {
        ...where,
        ...(captioned ? { caption: [head, message.text].filter(Boolean).join('\n') } : {}),
      },
      signal,
    );
    return copy.message_id;
  }
  const text = message.origin === 'buyer' ? `${head}:\n${message.text}` : message.text;
  const sent = await api.sendMessage(salesChat, text, where, signal);
  return sent.message_id;
}

/**
 * Where a lead's conversation is in the sales group, opened on its first message: a forum
 * topic of its own where the group is a forum, else a message every later one replies to. The
 * opening says who and what, with a link to the lead's screen.
 */
async function threadOf(
  context: RelayContext,
  salesChat: string,
  lead: Lead,
): Promise<{ topic: number | null; opening: number }> {
  const { api, db } = context;
  const signal = botSignal(context.signal);
  const chat = await chatOfLead(db, lead.id);
  if (!chat) throw new PermanentJobError('the lead has no chat');
  // a thread in the group staff named now (another one's, set earlier, is left there)
  const here = chat.sales_chat_id === salesChat;
  if (here && chat.opening_message_id !== null) {
    return { topic: chat.topic_id, opening: chat.opening_message_id };
  }
  let topic = here ? chat.topic_id : null;
  if (topic === null) {
    const group = await api.getChat(salesChat, signal);
    if ('is_forum' in group && group.is_forum) {
      const name = `#${lead.id} · ${chat.buyer || lead.name}`.slice(0, 128);
      topic = (await api.createForumTopic(salesChat, name, {}, signal)).message_thread_id;
      await setThread(db, lead.id, {
        sales_chat_id: salesChat,
        topic_id: topic,
        opening_message_id: null,
      });
    }
  }
  const text = await openingText(db, lead, chat.buyer, context.adminUrl);
  const sent = await api.sendMessage(
    salesChat,
    text,
    { ...(topic ? { message_thread_id: topic } : {}), link_preview_options: { is_disabled: true } },
    signal,
  );
  await setThread(db, lead.id, {
    sales_chat_id: salesChat,
    topic_id: topic,
    opening_message_id: sent.message_id,
  });
  return { topic, opening: sent.message_id };
}
