import type { NotificationSettings } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { BadRequest } from '../lib/httpErrors.ts';

/**
 * Buyers' chats turned on or their mode changed: refused without what they need, and Telegram
 * told where updates go (the webhook with its secret, or none for polling) before the setting
 * is kept, so a refusal leaves it as it was. Returns Telegram's own words when it refused (what
 * staff need to fix the token or the address), null when the change may be kept.
 */
export async function checkChatSettings(
  telegram: FastifyInstance['telegram'],
  webhookUrl: string | null,
  before: NotificationSettings,
  after: NotificationSettings,
): Promise<string | null> {
  if (after.telegram_chat !== 'off' && !telegram.enabled(after)) {
    throw new BadRequest(
      'telegram_chat: chats need TELEGRAM_BOT_TOKEN, the bot’s user name and the sales group',
      { code: 'telegram.incomplete', field: 'telegram_chat' },
    );
  }
  if (after.telegram_chat === 'webhook' && !webhookUrl) {
    throw new BadRequest(
      'telegram_chat: a webhook needs a public address (SITE_URL or TELEGRAM_WEBHOOK_URL); use polling',
      { code: 'telegram.incomplete', field: 'telegram_chat' },
    );
  }
  const { api } = telegram;
  if (!api || after.telegram_chat === before.telegram_chat) return null;
  try {
    if (after.telegram_chat === 'webhook') {
      await api.setWebhook(webhookUrl!, {
        secret_token: telegram.webhookSecret,
        allowed_updates: ['message'],
      });
    } else if (before.telegram_chat === 'webhook') {
      // polling (Telegram answers getUpdates only without a webhook), or off
      await api.deleteWebhook();
    }
  } catch (error) {
    return `Telegram: ${(error as Error).message}`;
  }
  return null;
}
