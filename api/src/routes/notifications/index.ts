import {
  dataResponseSchema,
  errorResponses,
  idParamsSchema,
  idSchema,
  isNotifying,
  notificationSettingsBody,
  notificationSettingsSchema,
  type NotificationSettings,
  RESOURCES,
} from '@conveyor/shared';
import { audit } from '../../audit/log.ts';
import { actorName } from '../../lib/actor.ts';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { findJob, type Job, kindHealth, listJobs, retryJob } from '../../db/repositories/jobs.ts';
import {
  getNotificationSettings,
  updateNotificationSettings,
} from '../../db/repositories/notificationSettings.ts';
import { BadRequest, NotFound } from '../../lib/httpErrors.ts';
import type { DeliveryPayload } from '../../notify/notifier.ts';
import { requireRole } from '../../plugins/auth.ts';
import { checkChatSettings } from '../../telegram/chatSettings.ts';
import {
  CHANNELS,
  type Channel,
  channelOfKind,
  deliver,
  deliveryRef,
  jobKind,
  testFacts,
} from '../../notify/notifier.ts';

// Staff's view of lead delivery: who gets what, whether each channel works, each
// record's deliveries with one-click retry, and a test message to check a chat or mailbox.

/** A channel that has failed for longer than this shows a warning in the back office. */
export const FAILING_WARNING_MS = 5 * 60_000;

const nullableString = { type: ['string', 'null'] } as const;

const deliverySchema = {
  type: 'object',
  properties: {
    id: idSchema,
    channel: { type: 'string', enum: CHANNELS },
    target: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
    attempts: { type: 'integer' },
    maxAttempts: { type: 'integer' },
    lastError: nullableString,
    /** When the next try is due (queued), null otherwise. */
    nextAttemptAt: nullableString,
    deliveredAt: nullableString,
    updatedAt: { type: 'string' },
  },
  required: [
    'id',
    'channel',
    'target',
    'status',
    'attempts',
    'maxAttempts',
    'lastError',
    'nextAttemptAt',
    'deliveredAt',
    'updatedAt',
  ],
  additionalProperties: false,
} as const;

const channelStatusSchema = {
  type: 'object',
  properties: {
    channel: { type: 'string', enum: CHANNELS },
    configured: { type: 'boolean' },
    lastSuccessAt: nullableString,
    failingSince: nullableString,
    lastError: nullableString,
    /** Failing for longer than a few minutes: the back office shows a warning. */
    warning: { type: 'boolean' },
  },
  required: ['channel', 'configured', 'lastSuccessAt', 'failingSince', 'lastError', 'warning'],
  additionalProperties: false,
} as const;

function delivery(job: Job) {
  return {
    id: job.id,
    channel: channelOfKind(job.kind) ?? 'webhook',
    target: (job.payload as { target?: string }).target ?? '',
    status: job.status,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    lastError: job.lastError,
    nextAttemptAt: job.status === 'queued' ? job.runAt : null,
    deliveredAt: job.status === 'done' ? job.finishedAt : null,
    updatedAt: job.updatedAt,
  };
}

/** A time zone the runtime knows (the messages show the time in it). */
function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export default async function notificationRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const db = () => app.db.kysely;
  // the channels and their settings are an admin's; the deliveries of a lead, its workers'
  const staff = { config: { access: 'staff' as const, area: 'notifications' as const } };
  const everyStaff = { config: { access: 'staff' as const, area: 'any' as const } };
  const common = { tags: ['notifications'], security: [{ bearer: [] }] };

  app.get(
    '/notifications/settings',
    {
      ...staff,
      schema: {
        ...common,
        summary: 'Who is told of new leads and supplier applications',
        response: { 200: dataResponseSchema(notificationSettingsSchema), ...errorResponses },
      },
    },
    async () => ({ data: await getNotificationSettings(db()) }),
  );

  app.put(
    '/notifications/settings',
    {
      ...staff,
      schema: {
        ...common,
        summary: 'Change who is told (only the fields sent)',
        body: notificationSettingsBody,
        response: { 200: dataResponseSchema(notificationSettingsSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.body.time_zone !== undefined && !knownTimeZone(request.body.time_zone)) {
        throw new BadRequest('time_zone: not a known time zone', { field: 'time_zone' });
      }
      const before = await getNotificationSettings(db());
      const refused = await checkChatSettings(app.telegram, app.config.telegramWebhookUrl, before, {
        ...before,
        ...request.body,
      });
      // the bot's own answer is what staff need to fix the token or the address
      if (refused) return reply.code(502).send({ error: refused, code: 'telegram.refused' });
      const data = await updateNotificationSettings(db(), request.body);
      await app.telegram.poll(data);
      // product pages link to the bot while chats are on: they follow the change
      const links = (settings: NotificationSettings) =>
        app.telegram.enabled(settings) ? settings.telegram_bot : '';
      if (links(before) !== links(data)) {
        app.contentEvents.emit('change', {
          resource: 'settings',
          action: 'update',
          id: null,
          by: actorName(request),
        });
      }
      await audit(db(), request, {
        action: 'update',
        resource: 'notifications',
        details: { fields: Object.keys(request.body).sort() },
      });
      return { data };
    },
  );

  app.get(
    '/notifications/status',
    {
      // the app bar's warning of a failing channel, with each channel's last error: for whoever
      // works the leads it delivers (ROLE_GRANTS: admins and sales, not editors)
      config: { access: 'staff', area: 'leads' },
      schema: {
        ...common,
        summary: 'Whether each channel is set up and delivering',
        response: {
          200: dataResponseSchema({ type: 'array', items: channelStatusSchema }),
          ...errorResponses,
        },
      },
    },
    async () => {
      const configured: Record<Channel, boolean> = {
        telegram: app.config.notify.telegram !== null,
        email: app.config.notify.smtp !== null,
        webhook: app.config.notify.webhook !== null,
      };
      const now = Date.now();
      const rows = await Promise.all(
        CHANNELS.map(async (channel) => {
          const health = await kindHealth(db(), jobKind(channel), new Date(now));
          return {
            channel,
            configured: configured[channel],
            lastSuccessAt: health.lastSuccessAt,
            failingSince: health.failingSince,
            lastError: health.lastError,
            warning:
              health.failingSince !== null &&
              now - Date.parse(health.failingSince) > FAILING_WARNING_MS,
          };
        }),
      );
      return { data: rows };
    },
  );

  app.post(
    '/notifications/test',
    {
      ...staff,
      schema: {
        ...common,
        summary: 'Send a test message to a chat or mailbox, now',
        body: {
          type: 'object',
          properties: {
            channel: { type: 'string', enum: ['telegram', 'email'] },
            target: { type: 'string', minLength: 1, maxLength: 254 },
          },
          required: ['channel', 'target'],
          additionalProperties: false,
        } as const,
        response: {
          200: dataResponseSchema({
            type: 'object',
            properties: { delivered: { type: 'boolean' } },
            required: ['delivered'],
          } as const),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { channel, target } = request.body;
      const settings = await getNotificationSettings(db());
      try {
        await deliver(
          app.config,
          settings,
          { channel, target },
          testFacts(app.config, new Date()),
          {
            id: `test_${Date.now()}`,
          },
        );
      } catch (error) {
        // The channel's own answer is what staff need to fix the chat id or address.
        return reply
          .code(502)
          .send({ error: (error as Error).message, code: 'notifications.deliveryFailed' });
      }
      return { data: { delivered: true } };
    },
  );

  for (const subject of RESOURCES.filter(isNotifying)) {
    app.get(
      `/${subject}/:id/deliveries`,
      {
        config: { access: 'staff', area: subject },
        schema: {
          ...common,
          tags: [subject],
          summary: 'Where this record was sent, and how that went',
          params: idParamsSchema,
          response: {
            200: dataResponseSchema({ type: 'array', items: deliverySchema }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const jobs = await listJobs(db(), { ref: deliveryRef(subject, request.params.id) });
        return { data: jobs.filter((job) => channelOfKind(job.kind)).map(delivery) };
      },
    );
  }

  app.post(
    '/notifications/deliveries/:id/retry',
    {
      // the delivery's lead or application decides, known once the job is read
      ...everyStaff,
      schema: {
        ...common,
        summary: 'Try a failed delivery again',
        params: idParamsSchema,
        response: { 200: dataResponseSchema(deliverySchema), ...errorResponses },
      },
    },
    async (request) => {
      const job = await findJob(db(), request.params.id);
      if (!job || !channelOfKind(job.kind)) throw new NotFound('Delivery not found');
      requireRole(request, (job.payload as DeliveryPayload).subject, 'write');
      if (job.status !== 'failed') {
        throw new BadRequest('Only a failed delivery can be retried', {
          code: 'notifications.notRetryable',
        });
      }
      await retryJob(db(), job.id, new Date());
      app.jobs.wake();
      return { data: delivery((await findJob(db(), job.id))!) };
    },
  );
}
