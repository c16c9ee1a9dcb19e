import type { FromSchema } from 'json-schema-to-ts';
import { LANGUAGES } from '../languages.ts';

// Who on the sales team hears of a new lead or supplier application, and how.
// Staff set the chats and mailboxes here; the secrets (the bot token, the SMTP account, the
// webhook key) stay in the environment. Staff only: these are internal addresses.

/** Comma- or newline-separated Telegram chat ids (`-1001234567890`, `@channel`). */
const chatList = {
  type: 'string',
  maxLength: 1000,
  pattern: '^[\\s,]*((-?[0-9]{1,20}|@[A-Za-z0-9_]{5,32})[\\s,]*)*$',
} as const;
/** Comma- or newline-separated e-mail addresses. */
const mailList = {
  type: 'string',
  maxLength: 2000,
  pattern: '^[\\s,]*([^\\s,@]+@[^\\s,@]+\\.[^\\s,@]+[\\s,]*)*$',
} as const;

/** How the buyers' chats with the bot run: off, Telegram posting to our webhook, or polling. */
export const TELEGRAM_CHAT_MODES = ['off', 'webhook', 'polling'] as const;
export type TelegramChatMode = (typeof TELEGRAM_CHAT_MODES)[number];

export const notificationSettingsFields = {
  telegram_leads: chatList,
  telegram_suppliers: chatList,
  email_leads: mailList,
  email_suppliers: mailList,
  /** The language of the messages (the staff's, not the visitor's). */
  language: { type: 'string', enum: LANGUAGES },
  /** The company's IANA time zone: the time a message shows. */
  time_zone: {
    type: 'string',
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$',
  },
  /**
   * Leads and supplier applications older than this many months are deleted with their notes,
   * daily; 0 keeps them. Personal data is kept no longer than it is needed.
   */
  retention_months: { type: 'integer', minimum: 0, maximum: 120 },
  /**
   * The bot's user name (BotFather's, without the @; its token is TELEGRAM_BOT_TOKEN): the
   * site's "Continue in Telegram" and "Ask in Telegram" links open a chat with it.
   */
  telegram_bot: {
    type: 'string',
    maxLength: 32,
    pattern: '^$|^[A-Za-z][A-Za-z0-9_]{1,28}[Bb][Oo][Tt]$',
  },
  /** The sales team's Telegram group (ideally a forum group: a topic per lead), by its id. */
  telegram_sales_chat: { type: 'string', maxLength: 21, pattern: '^$|^-?[0-9]{1,20}$' },
  /**
   * Buyers' chats with the bot: off, or on with Telegram's updates taken at the webhook (a
   * public address) or by long polling (none).
   */
  telegram_chat: { type: 'string', enum: TELEGRAM_CHAT_MODES },
} as const;

export const notificationSettingsSchema = {
  type: 'object',
  properties: notificationSettingsFields,
  required: Object.keys(notificationSettingsFields) as (keyof typeof notificationSettingsFields)[],
  additionalProperties: false,
} as const;

export const notificationSettingsBody = {
  type: 'object',
  properties: notificationSettingsFields,
  additionalProperties: false,
} as const;

export type NotificationSettings = {
  [K in keyof typeof notificationSettingsFields]: FromSchema<
    (typeof notificationSettingsFields)[K]
  >;
};

export const NOTIFICATION_SETTINGS_DEFAULTS: NotificationSettings = {
  telegram_leads: '',
  telegram_suppliers: '',
  email_leads: '',
  email_suppliers: '',
  language: 'uz',
  time_zone: 'Asia/Tashkent',
  retention_months: 0,
  telegram_bot: '',
  telegram_sales_chat: '',
  telegram_chat: 'off',
};

/** The entries of a chat or mailbox list. */
export function splitList(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}
