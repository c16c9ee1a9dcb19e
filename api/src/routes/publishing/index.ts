import type { FastifyInstance } from 'fastify';
import { currentRelease } from '../../publish/siteBuilder.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verify } from '../../publish/webhook.ts';

const build = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['queued', 'running', 'success', 'failed'] },
    requestedAt: { type: 'string' },
    startedAt: { type: ['string', 'null'] },
    finishedAt: { type: ['string', 'null'] },
    durationMs: { type: ['integer', 'null'] },
    pages: { type: ['integer', 'null'] },
    release: { type: ['string', 'null'] },
    requests: { type: 'integer' },
    error: { type: ['string', 'null'] },
    logTail: { type: ['string', 'null'] },
  },
  required: ['id', 'status', 'requestedAt'],
} as const;

const statusSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        enabled: { type: 'boolean' },
        live: {
          type: ['object', 'null'],
          properties: { release: { type: 'string' }, finishedAt: { type: ['string', 'null'] } },
        },
        running: { type: 'boolean' },
        queued: { type: 'boolean' },
        lastBuild: { anyOf: [build, { type: 'null' }] },
        history: { type: 'array', items: build },
      },
      required: ['enabled', 'live', 'running', 'queued', 'lastBuild', 'history'],
    },
  },
  required: ['data'],
} as const;

/** Staff see what is live, what is building and the recent builds, and can rebuild now. */
export default async function publishingRoutes(app: FastifyInstance) {
  const security = [{ bearer: [] }];

  app.get(
    '/publishing',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['publishing'],
        summary: 'Publishing state: live release, queue, recent builds',
        security,
        response: { 200: statusSchema },
      },
    },
    async () => {
      const rows = await app.db.kysely
        .selectFrom('publish_builds')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
      const history = rows.map((row) => ({
        id: row.id,
        status: row.status,
        requestedAt: row.requested_at,
        startedAt: row.started_at,
        finishedAt: row.finished_at,
        durationMs: row.duration_ms,
        pages: row.pages,
        release: row.release,
        requests: row.requests,
        error: row.error,
        logTail: row.log_tail,
      }));
      const done = history.filter((row) => row.status === 'success' || row.status === 'failed');
      const release = await currentRelease(app.config.publish.siteRoot);
      const liveBuild = history.find((row) => row.status === 'success' && row.release === release);
      return {
        data: {
          enabled: app.publishing !== null,
          live: release ? { release, finishedAt: liveBuild?.finishedAt ?? null } : null,
          running: history.some((row) => row.status === 'running'),
          queued: history.some((row) => row.status === 'queued'),
          lastBuild: done[0] ?? null,
          history: history.filter((row) => row.status !== 'queued'),
        },
      };
    },
  );

  app.post(
    '/publishing/rebuild',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['publishing'],
        summary: 'Rebuild the site now',
        security,
        response: {
          202: { type: 'object', properties: { data: { type: 'boolean' } } },
          409: { type: 'object', properties: { error: { type: 'string' } } },
        },
      },
    },
    async (_request, reply) => {
      if (!app.publishing) {
        return reply.status(409).send({ error: 'Publishing is turned off (PUBLISH_ENABLED)' });
      }
      await app.publishing.requestNow();
      return reply.status(202).send({ data: true });
    },
  );
}

/**
 * The bundled runner's end of the webhook: another API instance (or anything that holds the
 * secret) announces a rebuild; a bad signature or a stale timestamp is refused.
 */
export async function publishingHookRoute(app: FastifyInstance) {
  // The signature covers the raw body, so this scope reads JSON as text.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/publishing/hook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['publishing'],
        summary: 'Signed rebuild request (HMAC-SHA256 over "<timestamp>.<body>")',
        response: {
          202: { type: 'object', properties: { data: { type: 'boolean' } } },
          401: { type: 'object', properties: { error: { type: 'string' } } },
          409: { type: 'object', properties: { error: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const problem = verify(
        app.config.publish.webhook.secret,
        {
          signature: request.headers[SIGNATURE_HEADER] as string | undefined,
          timestamp: request.headers[TIMESTAMP_HEADER] as string | undefined,
        },
        body,
      );
      if (problem) {
        request.log.warn({ problem }, 'refused a rebuild webhook');
        return reply.status(401).send({ error: `Refused: ${problem}` });
      }
      if (!app.publishing) {
        return reply.status(409).send({ error: 'Publishing is turned off (PUBLISH_ENABLED)' });
      }
      await app.publishing.requestNow();
      return reply.status(202).send({ data: true });
    },
  );
}
