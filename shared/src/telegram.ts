import type { Language } from './languages.ts';

// Buyers' chats with the company's Telegram bot: the link the site gives (a chat with the bot,
// opened with a start payload the API signed) and what the bot says, in the buyer's language.
// The API keeps the conversation on the lead and relays it to the sales team's group.

/**
 * A start payload as Telegram takes it: at most 64 characters of A–Z a–z 0–9 _ -. Ours are 22
 * (one encrypted block): opaque and signed, naming a lead, or a product and a language.
 */
export const START_PAYLOAD_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The link that opens a chat with `bot` and sends it `/start <payload>`. */
export function telegramStartUrl(bot: string, payload: string): string {
  return `https://t.me/${encodeURIComponent(bot)}?start=${encodeURIComponent(payload)}`;
}

/** Whether `url` is a link to a Telegram chat with a start payload (the site shows no other). */
export function isTelegramStartUrl(url: unknown): url is string {
  return (
    typeof url === 'string' &&
    /^https:\/\/t\.me\/[A-Za-z0-9_]{3,32}\?start=[A-Za-z0-9_-]{1,64}$/.test(url)
  );
}

interface BotWords {
  /** The greeting of a chat opened from a sent request: `{name}`, `{id}`, `{about}`. */
  lead: string;
  /** The greeting of a chat opened from a product's page: `{product}`. */
  product: string;
  /** A chat opened without a link of ours, or with one forged or expired. */
  fresh: string;
  /** After `/stop`. */
  stopped: string;
  /** A message in a chat that was stopped. */
  ended: string;
}

/** What the bot says to a buyer. */
export const BOT_WORDS: Record<Language, BotWords> = {
  uz: {
    lead: 'Assalomu alaykum, {name}! #{id} raqamli soʻrovingiz qabul qilindi: {about}. Savollaringizni shu yerga yozing — savdo boʻlimimiz shu chatda javob beradi.',
    product:
      'Assalomu alaykum! Siz {product} haqida soʻrayapsiz. Savolingizni shu yerga yozing — savdo boʻlimimiz shu chatda javob beradi.',
    fresh:
      'Assalomu alaykum! Savolingizni shu yerga yozing — savdo boʻlimimiz shu chatda javob beradi.',
    stopped:
      'Suhbat yakunlandi: xabarlaringiz endi savdo boʻlimiga yuborilmaydi. Soʻrovingiz bizda saqlanadi. Yana yozish uchun /start yuboring.',
    ended: 'Suhbat yakunlangan. Yana yozish uchun /start yuboring.',
  },
  ru: {
    lead: 'Здравствуйте, {name}! Ваш запрос №{id} получен: {about}. Пишите вопросы сюда — отдел продаж ответит в этом чате.',
    product:
      'Здравствуйте! Вы спрашиваете о товаре {product}. Напишите вопрос сюда — отдел продаж ответит в этом чате.',
    fresh: 'Здравствуйте! Напишите вопрос сюда — отдел продаж ответит в этом чате.',
    stopped:
      'Чат завершён: ваши сообщения больше не передаются отделу продаж. Ваш запрос сохранён у нас. Чтобы написать снова, отправьте /start.',
    ended: 'Чат завершён. Чтобы написать снова, отправьте /start.',
  },
  en: {
    lead: 'Hello, {name}! We have your request #{id}: {about}. Write your questions here and our sales team will answer in this chat.',
    product:
      'Hello! You are asking about {product}. Write your question here and our sales team will answer in this chat.',
    fresh: 'Hello! Write your question here and our sales team will answer in this chat.',
    stopped:
      'The chat is ended: your messages no longer reach our sales team. We keep your request. To write again, send /start.',
    ended: 'The chat is ended. To write again, send /start.',
  },
};

/** `text` with each `{key}` replaced by its value. */
export function fillWords(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** What the sales team's group is told, in the staff's language. */
export const SALES_CHAT_WORDS: Record<
  Language,
  { request: string; buyer: string; stopped: string; staff: string }
> = {
  uz: {
    request: 'Soʻrov #{id}',
    buyer: 'Xaridor',
    stopped: 'Xaridor suhbatni yakunladi (/stop): javoblar unga yetib bormaydi.',
    staff: 'Boshqaruv panelidan',
  },
  ru: {
    request: 'Запрос №{id}',
    buyer: 'Покупатель',
    stopped: 'Покупатель завершил чат (/stop): ответы до него не дойдут.',
    staff: 'Из панели управления',
  },
  en: {
    request: 'Request #{id}',
    buyer: 'Buyer',
    stopped: 'The buyer ended the chat (/stop): answers no longer reach them.',
    staff: 'From the back office',
  },
};

/** Who wrote a message of a lead's conversation. */
export const CONVERSATION_AUTHORS = ['buyer', 'sales', 'staff', 'bot'] as const;

/** One message of a lead's Telegram conversation, as the back office shows it. */
export const conversationMessageSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    /** The buyer; sales answering in their group; staff answering from the back office; the bot. */
    from: { type: 'string', enum: CONVERSATION_AUTHORS },
    author_name: { type: 'string' },
    text: { type: 'string' },
    /** A photo, document, voice message… the buyer or sales sent: its kind, name, type, size. */
    file: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          properties: {
            kind: { type: 'string' },
            name: { type: 'string' },
            mime: { type: 'string' },
            size: { type: 'integer' },
            /** Whether the file is kept here (false: past the size Bots may fetch, or failed). */
            stored: { type: 'boolean' },
          },
          required: ['kind', 'name', 'mime', 'size', 'stored'],
          additionalProperties: false,
        },
      ],
    },
    /** Passed on to the other side: waiting, done, or given up (with why). */
    relay: { type: 'string', enum: ['pending', 'sent', 'failed', 'none'] },
    relay_error: { type: 'string' },
    created_at: { type: 'string' },
  },
  required: ['id', 'from', 'author_name', 'text', 'file', 'relay', 'relay_error', 'created_at'],
  additionalProperties: false,
} as const;

/** A lead's chat: whether a buyer's Telegram chat is linked to it, and its messages. */
export const conversationSchema = {
  type: 'object',
  properties: {
    /** linked: the buyer's messages come here; stopped: the buyer sent /stop; none: no chat. */
    chat: { type: 'string', enum: ['none', 'linked', 'stopped'] },
    /** The buyer's name and @username in Telegram, as it gave them. */
    buyer: { type: 'string' },
    language: { type: 'string' },
    messages: { type: 'array', items: conversationMessageSchema },
  },
  required: ['chat', 'buyer', 'language', 'messages'],
  additionalProperties: false,
} as const;

/** What staff may answer in one message (Telegram's own limit is 4096). */
export const CONVERSATION_TEXT_MAX = 4000;

export const conversationAnswerSchema = {
  type: 'object',
  properties: {
    text: { type: 'string', minLength: 1, maxLength: CONVERSATION_TEXT_MAX, pattern: '\\S' },
  },
  required: ['text'],
  additionalProperties: false,
} as const;
