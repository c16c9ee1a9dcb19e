import { DAY_MS, type Language, type NotificationSettings } from '@conveyor/shared';
import fp from 'fastify-plugin';
import type { Update } from 'grammy/types';
import { getNotificationSettings } from '../db/repositories/notificationSettings.ts';
import type { TelegramLinks } from '../publish/siteData.ts';
import type { Executor } from '../db/repositories/table.ts';
import type { JobKindName } from '../jobs/kinds.ts';
import type { BotApi } from '../telegram/botApi.ts';
import { payloadKeys, signStart, webhookSecret } from '../telegram/payload.ts';
import {
  getState,
  pendingMessages,
  pruneLeadlessReplies,
  pruneUpdates,
  setState,
  storeUpdates,
  waitingUpdates,
} from '../telegram/store.ts';

// Buyers' chats with the company's bot (docs/leads.md): Telegram's updates come in at the
// webhook (routes/telegram) or by long polling, are stored, then worked through and relayed by
// one job kind on the one runner. Without a bot token none of it runs; the settings say
// whether chats are on, and how updates come.

declare module 'fastify' {
  interface FastifyInstance {
    telegram: {
      /** A token is set (TELEGRAM_BOT_TOKEN). */
      readonly configured: boolean;
      /** The secret Telegram must send with each webhook call. */
      readonly webhookSecret: string;
      /** The bot's API (null without a token). */
      readonly api: BotApi | null;
      /** Where a file getFile named is downloaded (it holds the token: never shown). */
      fileUrl(filePath: string): string;
      /** Whether chats are on: a token, a bot name, a sales group and a mode. */
      enabled(settings: NotificationSettings): boolean;
      /** The payload of a lead's link, or a product's in a language. */
      leadPayload(id: number): string;
      productPayload(id: number, language: Language): string;
      /** Stores updates inside `db` and queues their work (wake once committed). */
      take(db: Executor, updates: readonly Update[]): Promise<number>;
      /** Queues the relay's work inside `db` (wake once committed). */
      relay(db: Executor): Promise<unknown>;
      /** What signs the product pages' links, when chats are on (readSiteData). */
      siteLinks(): Promise<TelegramLinks | null>;
      /** Starts the long polling when the settings ask for it (after they change). */
      poll(settings: NotificationSettings): Promise<void>;
    };
  }
}

export const RELAY_JOB = 'telegram.relay' satisfies JobKindName;
export const POLL_JOB = 'telegram.poll' satisfies JobKindName;
const RELAY_PENDING = `${RELAY_JOB}:pending`;
const POLL_PENDING = `${POLL_JOB}:pending`;

export default fp(
  async (app) => {
    const settings = app.config.notify.telegram;
    // the Bot API's client (grammy) and the relay only where a token is set: a server without
    // one, and every test app, never loads them
    const bot = settings
      ? { ...(await import('../telegram/botApi.ts')), ...(await import('../telegram/relay.ts')) }
      : null;
    const api = bot && settings ? bot.botApi(settings.token, settings.apiUrl) : null;
    const keys = payloadKeys(settings?.token ?? 'no bot token');
    const db = () => app.db.kysely;
    const pollSeconds = app.config.telegramPollSeconds;

    const queueRelay = (on: Executor) =>
      app.jobs.enqueue(RELAY_JOB, {}, { db: on, uniqueKey: RELAY_PENDING });

    app.jobs.define(RELAY_JOB, {
      exclusive: true,
      // Telegram down for a day still delivers: the backoff reaches 10 minutes and stays there
      maxAttempts: 200,
      backoff: { baseMs: 2_000, maxMs: 10 * 60_000 },
      async run(_payload, { signal, log }) {
        if (!api || !bot) return;
        await bot.drain({
          db: db(),
          api,
          keys,
          adminUrl: app.config.adminUrl,
          log,
          signal,
          queueLead: (on, id) => app.notify.queue(on, 'leads', id),
          transaction: (work) => db().transaction().execute(work),
        });
        // deliveries of the leads it made
        app.notify.sent();
        await pruneUpdates(db(), new Date(Date.now() - 2 * DAY_MS));
        await pruneLeadlessReplies(db());
      },
    });

    app.jobs.define(POLL_JOB, {
      exclusive: true,
      maxAttempts: 200,
      // Telegram unreachable for most of a day still resumes; the chain starts again at each
      // start of the server and each save of the settings (no job every minute while idle)
      backoff: { baseMs: 2_000, maxMs: 5 * 60_000 },
      async run(_payload, { signal }) {
        if (!api) return;
        const current = await getNotificationSettings(db());
        if (!enabled(current) || current.telegram_chat !== 'polling') return;
        const { pollOffset } = await getState(db());
        let updates: Update[];
        try {
          updates = await api.getUpdates(
            { offset: pollOffset || undefined, timeout: pollSeconds, allowed_updates: ['message'] },
            bot!.botSignal(signal),
          );
        } catch (error) {
          throw bot!.classify(error);
        }
        // stored (and their work queued) before Telegram is told they arrived: the next call's
        // offset is what acknowledges them
        await db()
          .transaction()
          .execute(async (trx) => {
            await take(trx, updates);
            const last = updates.at(-1);
            if (last) await setState(trx, { poll_offset: last.update_id + 1 });
            await app.jobs.enqueue(POLL_JOB, {}, { db: trx, uniqueKey: POLL_PENDING });
          });
        app.jobs.wake();
      },
    });

    const enabled = (current: NotificationSettings) =>
      api !== null &&
      current.telegram_chat !== 'off' &&
      current.telegram_bot !== '' &&
      current.telegram_sales_chat !== '';

    async function take(on: Executor, updates: readonly Update[]): Promise<number> {
      const stored = await storeUpdates(on, updates);
      if (stored > 0) await queueRelay(on);
      return stored;
    }

    app.decorate('telegram', {
      configured: api !== null,
      webhookSecret: settings ? webhookSecret(settings.token) : '',
      api,
      fileUrl: (filePath: string) =>
        bot && settings ? bot.fileUrl(settings.token, settings.apiUrl, filePath) : '',
      enabled,
      leadPayload: (id: number) => signStart(keys, { kind: 'lead', id }),
      productPayload: (id: number, language: Language) =>
        signStart(keys, { kind: 'product', id, language }),
      take,
      relay: queueRelay,
      async siteLinks() {
        const current = await getNotificationSettings(db());
        if (!enabled(current)) return null;
        return {
          bot: current.telegram_bot,
          payload: (id: number, language: Language) =>
            signStart(keys, { kind: 'product', id, language }),
        };
      },
      async poll(current: NotificationSettings) {
        if (!enabled(current) || current.telegram_chat !== 'polling') return;
        await app.jobs.enqueue(POLL_JOB, {}, { uniqueKey: POLL_PENDING });
      },
    });

    // what was waiting while the server was down goes out now, and the polling resumes
    app.addHook('onReady', async () => {
      if (!api) return;
      const waiting =
        (await waitingUpdates(db(), 1)).length > 0 || (await pendingMessages(db(), 1)).length > 0;
      if (waiting) await queueRelay(db());
      await app.telegram.poll(await getNotificationSettings(db()));
      app.jobs.wake();
    });
  },
  { name: 'telegram', dependencies: ['jobs', 'config', 'notify', 'db'] },
);
