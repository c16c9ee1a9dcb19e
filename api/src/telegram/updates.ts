import {
  BOT_WORDS,
  DEFAULT_LANGUAGE,
  fillWords,
  isLanguage,
  type Language,
  type Lead,
  SALES_CHAT_WORDS,
} from '@conveyor/shared';
import type { Message, Update } from 'grammy/types';
import { getNotificationSettings } from '../db/repositories/notificationSettings.ts';
import type { Executor } from '../db/repositories/table.ts';
import { leads, products } from '../db/repositories/tables.ts';
import { type PayloadKeys, readStart } from './payload.ts';
import {
  addMessage,
  chatOfBuyer,
  chatOfLead,
  leadOfSalesMessage,
  leadOfTopic,
  linkChat,
  type NewLeadMessage,
  stopChat,
} from './store.ts';

// What an update from Telegram changes here, in the database only (what goes out to Telegram
// is a message marked `pending`, passed on by relay.ts): a buyer's /start links their chat to
// a lead, their messages join the lead's conversation for the sales group, /stop unlinks;
// sales' messages in the group (in a lead's topic, or replying to a lead's message) join it
// for the buyer.

export interface UpdateContext {
  db: Executor;
  keys: PayloadKeys;
  /** Queues a new lead's deliveries inside `db` (the notifier's), as the public form does. */
  queueLead(db: Executor, id: number): Promise<unknown>;
}

/** A message's file, as the conversation keeps it (the largest size of a photo). */
function fileOf(message: Message): Partial<NewLeadMessage> {
  const pick = (
    kind: string,
    file: { file_id: string; file_size?: number; file_name?: string; mime_type?: string },
  ) => ({
    file_kind: kind,
    file_id: file.file_id,
    file_name: file.file_name ?? '',
    file_mime: file.mime_type ?? '',
    file_size: file.file_size ?? 0,
  });
  if (message.photo?.length) {
    return { ...pick('photo', message.photo.at(-1)!), file_mime: 'image/jpeg' };
  }
  if (message.document) return pick('document', message.document);
  if (message.voice) return pick('voice', message.voice);
  if (message.audio) return pick('audio', message.audio);
  if (message.video) return pick('video', message.video);
  if (message.video_note) return pick('video_note', message.video_note);
  if (message.animation) return pick('animation', message.animation);
  if (message.sticker) return { file_kind: 'sticker', file_id: message.sticker.file_id };
  // no file, yet not text either: passed on as it is (a contact card, a place on the map)
  if (message.contact) return { file_kind: 'contact' };
  if (message.location) return { file_kind: 'location' };
  return {};
}

/** The words a message carries, a contact or a place included. */
function textOf(message: Message): string {
  if (message.contact) {
    const { first_name, last_name, phone_number } = message.contact;
    return [first_name, last_name, phone_number].filter(Boolean).join(' ');
  }
  if (message.location) return `${message.location.latitude}, ${message.location.longitude}`;
  return message.text ?? message.caption ?? '';
}

/** Whether a message has something to pass on (not a service message: a topic made, a join). */
function relayable(message: Message): boolean {
  return Boolean(textOf(message) || fileOf(message).file_kind);
}

const personName = (from: Message['from']) =>
  [from?.first_name, from?.last_name].filter(Boolean).join(' ').trim();

function buyerOf(message: Message): string {
  const name = personName(message.from);
  return message.from?.username ? `${name} (@${message.from.username})`.trim() : name;
}

/** One of our languages, else the default. */
export const languageOf = (value: string): Language =>
  isLanguage(value) ? value : DEFAULT_LANGUAGE;

/** The chat's language: Telegram's for its user, when one of ours; else Uzbek. */
function chatLanguage(message: Message): Language {
  const code = (message.from?.language_code ?? '').slice(0, 2);
  return isLanguage(code) ? code : 'uz';
}

/** What a lead is about, in words: its items, or its product. */
export async function leadAbout(db: Executor, lead: Lead, language: Language): Promise<string> {
  if (lead.items.length)
    return lead.items.map((item) => `${item.name} × ${item.quantity}`).join(', ');
  if (lead.product_id !== null) {
    const product = await products.get(db, lead.product_id, false);
    if (product) return product[`name_${language}`] || product.name_ru || product.name_uz;
  }
  return lead.message.trim().slice(0, 200) || `#${lead.id}`;
}

/** The sales group's first message of a lead's conversation: who, what, and the lead's screen. */
export async function openingText(
  db: Executor,
  lead: Lead,
  buyer: string,
  adminUrl: string,
): Promise<string> {
  const language = languageOf((await getNotificationSettings(db)).language);
  return [
    `${fillWords(SALES_CHAT_WORDS[language].request, { id: lead.id })} · ${buyer || lead.name}`,
    await leadAbout(db, lead, language),
    [lead.phone, lead.email].filter(Boolean).join(' · '),
    `${adminUrl}/#/leads/${lead.id}/show`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Works one update through. Runs in a transaction with the update's mark. */
export async function applyUpdate(
  context: UpdateContext,
  update: Update,
  salesChat: string,
): Promise<void> {
  const message = update.message;
  if (!message || message.from?.is_bot) return;
  const chatId = String(message.chat.id);
  if (message.chat.type === 'private') return buyerMessage(context, message, chatId);
  if (salesChat && chatId === salesChat) return salesMessage(context, message, salesChat);
  // a group the bot was added to that is not the sales team's: nothing of ours
}

async function buyerMessage(context: UpdateContext, message: Message, chatId: string) {
  const { db } = context;
  const text = message.text ?? '';
  const reply = (leadId: number | null, words: string) =>
    addMessage(db, leadId, {
      origin: 'bot',
      target: 'buyer',
      relay: 'pending',
      chat_id: chatId,
      text: words,
    });

  const start = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/.exec(text);
  if (start) {
    const subject = start[1] ? readStart(context.keys, start[1]) : null;
    if (subject?.kind === 'lead') {
      const lead = await leads.get(db, subject.id, false);
      if (lead) {
        const language = isLanguage(lead.language) ? lead.language : chatLanguage(message);
        await linkChat(db, { leadId: lead.id, chatId, language, buyer: buyerOf(message) });
        const words = BOT_WORDS[language];
        await reply(
          lead.id,
          fillWords(words.lead, {
            name: lead.name || personName(message.from),
            id: lead.id,
            about: await leadAbout(db, lead, language),
          }),
        );
        await opening(context, lead.id, chatId);
        return;
      }
    }
    if (subject?.kind === 'product') {
      const product = await products.get(db, subject.id, true);
      if (product) {
        const language = subject.language;
        const name = product[`name_${language}`] || product.name_ru;
        const lead = await newLead(context, message, language, {
          product_id: product.id,
          page: '',
        });
        await linkChat(db, { leadId: lead.id, chatId, language, buyer: buyerOf(message) });
        await reply(lead.id, fillWords(BOT_WORDS[language].product, { product: name }));
        await opening(context, lead.id, chatId);
        return;
      }
    }
    // no payload, or one forged, expired or naming what is gone: a fresh chat, answered
    // politely; its first message makes a lead. A link before it is closed.
    const current = await chatOfBuyer(db, chatId);
    if (current && current.state !== 'closed') await stopChat(db, current.lead_id, 'closed');
    await reply(null, BOT_WORDS[chatLanguage(message)].fresh);
    return;
  }

  const current = await chatOfBuyer(db, chatId);
  if (/^\/stop(?:@\w+)?\s*$/.test(text)) {
    if (current?.state === 'linked') {
      await stopChat(db, current.lead_id, 'stopped');
      await reply(current.lead_id, BOT_WORDS[languageOf(current.language)].stopped);
      const { language } = await getNotificationSettings(db);
      await addMessage(db, current.lead_id, {
        origin: 'bot',
        target: 'sales',
        relay: 'pending',
        chat_id: chatId,
        text: SALES_CHAT_WORDS[languageOf(language)].stopped,
      });
    } else {
      await reply(null, BOT_WORDS[chatLanguage(message)].ended);
    }
    return;
  }
  if (!relayable(message)) return;
  let leadId: number;
  if (current?.state === 'linked') {
    leadId = current.lead_id;
  } else if (current?.state === 'stopped') {
    await reply(null, BOT_WORDS[languageOf(current.language)].ended);
    return;
  } else {
    // the first message of a chat opened without a link of ours: a lead of its own
    const language = chatLanguage(message);
    const lead = await newLead(context, message, language, {
      message: textOf(message).slice(0, 5000),
    });
    await linkChat(db, { leadId: lead.id, chatId, language, buyer: buyerOf(message) });
    await opening(context, lead.id, chatId);
    leadId = lead.id;
  }
  await addMessage(db, leadId, {
    origin: 'buyer',
    target: 'sales',
    relay: 'pending',
    author_name: buyerOf(message),
    text: textOf(message),
    chat_id: chatId,
    source_chat_id: chatId,
    message_id: message.message_id,
    ...fileOf(message),
  });
}

/** A lead made by the bot: the buyer's Telegram name, source "telegram". */
async function newLead(
  context: UpdateContext,
  message: Message,
  language: Language,
  values: Record<string, unknown>,
): Promise<Lead> {
  const lead = await leads.insert(context.db, {
    name: personName(message.from).slice(0, 100) || 'Telegram',
    email: '',
    phone: '',
    message: '',
    language,
    utm_source: 'telegram',
    referrer: 'telegram',
    ...values,
  });
  await context.queueLead(context.db, lead.id);
  return lead;
}

/** Tells the sales group of a lead's chat, once: what opens its topic (relay.ts). */
async function opening(context: UpdateContext, leadId: number, chatId: string) {
  const already = await context.db
    .selectFrom('lead_messages')
    .select('id')
    .where('lead_id', '=', leadId)
    .where('origin', '=', 'bot')
    .where('target', '=', 'sales')
    .executeTakeFirst();
  if (already) return;
  await addMessage(context.db, leadId, {
    origin: 'bot',
    target: 'sales',
    relay: 'pending',
    chat_id: chatId,
    text: '',
  });
}

async function salesMessage(context: UpdateContext, message: Message, salesChat: string) {
  const { db } = context;
  if (!relayable(message) || (message.text ?? '').startsWith('/')) return;
  const leadId =
    message.is_topic_message && message.message_thread_id
      ? await leadOfTopic(db, salesChat, message.message_thread_id)
      : message.reply_to_message
        ? await leadOfSalesMessage(db, salesChat, message.reply_to_message.message_id)
        : undefined;
  if (leadId === undefined) return; // sales talking among themselves
  const chat = await chatOfLead(db, leadId);
  if (!chat) return;
  await addMessage(db, leadId, {
    origin: 'sales',
    target: 'buyer',
    relay: chat.state === 'linked' ? 'pending' : 'failed',
    relay_error: chat.state === 'linked' ? '' : 'the buyer ended the chat',
    author_name: personName(message.from),
    text: textOf(message),
    chat_id: chat.chat_id,
    source_chat_id: salesChat,
    message_id: message.message_id,
    ...fileOf(message),
  });
}
