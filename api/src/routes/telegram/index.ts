import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import {
  conversationAnswerSchema,
  conversationSchema,
  dataResponseSchema,
  ERRORS,
  errorResponses,
  fillWords,
  idParamsSchema,
  idSchema,
  SALES_CHAT_WORDS,
} from '@conveyor/shared';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { Update } from 'grammy/types';
import { getNotificationSettings } from '../../db/repositories/notificationSettings.ts';
import { leads } from '../../db/repositories/tables.ts';
import { BadRequest, NotFound } from '../../lib/httpErrors.ts';
import { addMessage, chatOfLead, type LeadMessage, messagesOfLead } from '../../telegram/store.ts';
import { languageOf } from '../../telegram/updates.ts';

// Telegram's webhook (its updates stored, then acknowledged) and a lead's conversation for
// staff: read it, and answer the buyer through the bot.

/** A message as the back office shows it (the sales group's openings and copies left out). */
function shown(message: LeadMessage) {
  return {
    id: message.id,
    from: message.origin,
    author_name: message.author_name,
    text: message.text,
    file: message.file_kind
      ? {
          kind: message.file_kind,
          name: message.file_name,
          mime: message.file_mime,
          size: message.file_size,
          stored: message.file_path !== '',
        }
      : null,
    relay: message.relay,
    relay_error: message.relay_error,
    created_at: message.created_at,
  };
}

const sameSecret = (sent: unknown, expected: string) => {
  if (typeof sent !== 'string' || expected === '') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const fileParams = {
  type: 'object',
  properties: { id: idSchema, message: idSchema },
  required: ['id', 'message'],
} as const;

export default async function telegramRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const db = () => app.db.kysely;

  app.post(
    '/telegram/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['telegram'],
        summary: "Telegram's updates for the bot (checked by its secret-token header)",
        body: {
          type: 'object',
          properties: { update_id: { type: 'integer', minimum: 0 } },
          required: ['update_id'],
        } as const,
        response: { 200: { type: 'object', additionalProperties: false }, ...errorResponses },
      },
      // the secret is checked before the body is even read: a caller without it costs nothing
      onRequest: async (request, reply) => {
        if (
          !sameSecret(
            request.headers['x-telegram-bot-api-secret-token'],
            app.telegram.webhookSecret,
          )
        ) {
          return reply.code(401).send({ error: 'Unauthorized', code: 'telegram.secret' });
        }
      },
    },
    async (request) => {
      // stored before the answer: Telegram sends again what it was not told arrived. The schema
      // checks its id only; the rest is Telegram's, read by applyUpdate as an Update.
      const update: Update = { ...request.body };
      await db()
        .transaction()
        .execute((trx) => app.telegram.take(trx, [update]));
      app.jobs.wake();
      return {};
    },
  );

  const config = { access: 'staff', area: 'leads' } as const;
  const tags = ['leads'];
  const security = [{ bearer: [] }];

  app.get(
    '/leads/:id/conversation',
    {
      config,
      schema: {
        tags,
        summary: "The lead's Telegram conversation with the buyer, oldest first",
        security,
        params: idParamsSchema,
        response: { 200: dataResponseSchema(conversationSchema), ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      if (!(await leads.exists(db(), id))) throw new NotFound(ERRORS.notFound);
      const chat = await chatOfLead(db(), id);
      const messages = (await messagesOfLead(db(), id)).filter(
        (message) => !(message.target === 'sales' && message.origin !== 'buyer'),
      );
      return {
        data: {
          chat: !chat
            ? ('none' as const)
            : chat.state === 'linked'
              ? ('linked' as const)
              : ('stopped' as const),
          buyer: chat?.buyer ?? '',
          language: chat?.language ?? '',
          messages: messages.map(shown),
        },
      };
    },
  );

  // Typed by the parameters alone: the answer is a file streamed from Telegram.
  app.get<{ Params: FromSchema<typeof fileParams> }>(
    '/leads/:id/conversation/:message/file',
    {
      config,
      schema: {
        tags,
        summary: 'A file of the conversation (a photo, a document…), fetched from Telegram',
        security,
        params: fileParams,
        response: {
          200: {
            description: 'The file, as an attachment, of the type Telegram gave',
            content: {
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id, message: messageId } = request.params;
      const message = (await messagesOfLead(db(), id)).find((row) => row.id === messageId);
      const api = app.telegram.api;
      if (!message?.file_id || !api) throw new NotFound(ERRORS.notFound);
      // Kept where the buyer sent it (Telegram keeps a bot's files), fetched when staff open it:
      // no copy of a buyer's files at rest here. Telegram gives bots files up to 20 MB.
      let response: Response;
      try {
        const file = await api.getFile(message.file_id);
        response = await fetch(app.telegram.fileUrl(file.file_path ?? ''));
        if (!response.ok || !response.body) throw new Error(`${response.status}`);
      } catch (error) {
        return reply.code(502).send({
          error: `Telegram: ${(error as Error).message}`,
          code: 'telegram.refused',
        });
      }
      const name = message.file_name || `${message.file_kind}-${message.id}`;
      return reply
        .header('content-type', message.file_mime || 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'private, no-store')
        .send(Readable.fromWeb(response.body as never));
    },
  );

  app.post(
    '/leads/:id/conversation',
    {
      config,
      schema: {
        tags,
        summary: 'Answer the buyer in Telegram (sent through the bot)',
        security,
        params: idParamsSchema,
        body: conversationAnswerSchema,
        response: {
          201: dataResponseSchema(conversationSchema.properties.messages.items),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      if (!(await leads.exists(db(), id))) throw new NotFound(ERRORS.notFound);
      const chat = await chatOfLead(db(), id);
      if (chat?.state !== 'linked') {
        throw new BadRequest('The buyer has no Telegram chat with us open', {
          code: 'telegram.noChat',
        });
      }
      const user = request.user!;
      const author = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.user_name;
      const text = request.body.text.trim();
      const words = SALES_CHAT_WORDS[languageOf((await getNotificationSettings(db())).language)];
      const messageId = await db()
        .transaction()
        .execute(async (trx) => {
          const sent = await addMessage(trx, id, {
            origin: 'staff',
            target: 'buyer',
            relay: 'pending',
            author_name: author,
            text,
            chat_id: chat.chat_id,
          });
          // the sales group sees the answer too, in the lead's thread
          await addMessage(trx, id, {
            origin: 'staff',
            target: 'sales',
            relay: 'pending',
            author_name: author,
            text: `${fillWords(words.request, { id })} · ${words.staff} (${author}):\n${text}`,
            chat_id: chat.chat_id,
          });
          await app.telegram.relay(trx);
          return sent;
        });
      app.jobs.wake();
      const message = (await messagesOfLead(db(), id)).find((row) => row.id === messageId)!;
      return reply.code(201).send({ data: shown(message) });
    },
  );
}
