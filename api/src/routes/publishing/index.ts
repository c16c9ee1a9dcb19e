import {
  type Build,
  dataResponseSchema,
  errorResponseSchema,
  ERRORS,
  errorResponses,
  publishingAnswerSchema,
  releaseNameSchema,
} from '@conveyor/shared';
import { actorName, audit } from '../../audit/log.ts';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { ROLLBACK_JOB, switchRelease } from '../../publish/goLive.ts';
import { ReleasesDiskUse } from '../../publish/diskUse.ts';
import { currentRelease } from '../../publish/releases.ts';
import { BuildError } from '../../publish/types.ts';
import { insertJob } from '../../db/repositories/jobs.ts';
import { NotFound } from '../../lib/httpErrors.ts';
import { siteUrlCheck } from '../../config.ts';
import {
  buildHistory,
  keptReleases,
  lastLiveRelease,
  markLive,
} from '../../db/repositories/builds.ts';
import { recordWebhookReceipt } from '../../db/repositories/security.ts';
import { MAX_SKEW_MS, SIGNATURE_HEADER, TIMESTAMP_HEADER, verify } from '../../publish/webhook.ts';

/** A rebuild request taken: `{ data: true }`. */
const accepted = dataResponseSchema({ type: 'boolean' } as const);
/**
 * Staff see what is live, what is building and the recent builds (on every instance: they are
 * in the database), and can rebuild now.
 */
export default async function publishingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const security = [{ bearer: [] }];
  const disk = new ReleasesDiskUse(app.config.publish.siteRoot);

  app.get(
    '/publishing',
    {
      config: { access: 'staff', area: 'publishing' },
      schema: {
        tags: ['publishing'],
        summary: 'Publishing state: live release, queue, recent builds',
        security,
        response: { 200: publishingAnswerSchema, ...errorResponses },
      },
    },
    async () => {
      const { builds, queued, retry } = await buildHistory(app.db.kysely, 20);
      const { publish } = app.config;
      // The release served here; an instance that does not build shows the one the database
      // says went live last (a rollback included), or else the last one built.
      const release =
        (await currentRelease(publish.siteRoot)) ??
        (app.publishing
          ? null
          : ((await lastLiveRelease(app.db.kysely)) ??
            builds.find((build) => build.status === 'success')?.release ??
            null));
      const liveBuild = builds.find(
        (build) => build.status === 'success' && build.release === release,
      );
      const ended = (build: Build) => build.status !== 'queued' && build.status !== 'running';
      const releases = await keptReleases(app.db.kysely, publish.keepReleases, release);
      return {
        data: {
          enabled: app.publishing !== null,
          mode: publish.mode,
          live: release ? { release, finishedAt: liveBuild?.finishedAt ?? null } : null,
          running: builds.some((build) => build.status === 'running'),
          queued,
          retry,
          lastBuild: builds.find(ended) ?? null,
          history: builds.filter((build) => build.status !== 'queued'),
          releases,
          rolledBack: release !== null && releases.length > 0 && releases[0]!.release !== release,
          disk: await disk.read(),
          siteUrlProblem: siteUrlCheck(app.config),
        },
      };
    },
  );

  app.post(
    '/publishing/rebuild',
    {
      config: { access: 'staff', area: 'publishing' },
      schema: {
        tags: ['publishing'],
        summary: 'Rebuild the site now',
        security,
        response: { 202: accepted, ...errorResponses },
      },
    },
    async (request, reply) => {
      await audit(app.db.kysely, request, { action: 'publish', resource: 'publishing' });
      // An instance that does not publish records the request; the one that does takes it.
      // the button's rebuild renders every page: the way out when a page looks wrong
      const trigger = { kind: 'rebuild', by: actorName(request) } as const;
      if (app.publishing) await app.publishing.requestNow({ full: true, trigger });
      else await app.rebuildRequests.record({ now: true, full: true, trigger });
      return reply.status(202).send({ data: true });
    },
  );
}

/**
 * Rollback: makes a kept release live again, atomically; the site shows it until
 * the next publish. The instance that builds switches at once; another one hands the switch to
 * it as a job (`site.rollback`), since only the builder holds the releases.
 */
export async function releaseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/publishing/releases/:release/live',
    {
      config: { access: 'staff', area: 'publishing' },
      schema: {
        tags: ['publishing'],
        summary: 'Make a kept release live again (a rollback until the next publish)',
        security: [{ bearer: [] }],
        params: {
          type: 'object',
          properties: { release: releaseNameSchema },
          required: ['release'],
          additionalProperties: false,
        },
        response: {
          200: accepted,
          202: accepted,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { release } = request.params;
      const { publish } = app.config;
      const live = await currentRelease(publish.siteRoot);
      const kept = await keptReleases(app.db.kysely, publish.keepReleases, live);
      if (!kept.some((build) => build.release === release)) throw new NotFound(ERRORS.notFound);
      const here = app.publishing !== null && publish.mode === 'runner';
      if (here) {
        try {
          await switchRelease(publish.siteRoot, release);
        } catch (err) {
          if (err instanceof BuildError) throw new NotFound(ERRORS.notFound);
          throw err;
        }
        await markLive(app.db.kysely, release, new Date().toISOString());
      } else {
        await insertJob(
          app.db.kysely,
          { kind: ROLLBACK_JOB, payload: { release }, maxAttempts: 3 },
          new Date(),
        );
      }
      await audit(app.db.kysely, request, {
        action: 'rollback',
        resource: 'publishing',
        details: { release, from: live },
      });
      // true: live now; false: the instance that builds switches in a moment
      return reply.status(here ? 200 : 202).send({ data: here });
    },
  );
}

/**
 * The bundled runner's end of the webhook: another API instance (or anything that holds the
 * secret) announces a rebuild; a bad signature or a stale timestamp is refused.
 */
export async function publishingHookRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
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
        headers: {
          type: 'object',
          properties: {
            [SIGNATURE_HEADER]: { type: 'string' },
            [TIMESTAMP_HEADER]: { type: 'string' },
          },
        },
        response: {
          202: accepted,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      const timestamp = request.headers[TIMESTAMP_HEADER];
      const problem = verify(app.config.publish.webhook.secret, { signature, timestamp }, body);
      if (problem) {
        request.log.warn({ problem }, 'refused a rebuild webhook');
        return reply
          .status(401)
          .send({ error: `Refused: ${problem}`, code: 'publishing.signatureRefused' });
      }
      // A genuine call replayed within its freshness window is refused on every instance: the
      // signature (unique to its timestamp and body) is kept in the database for the window on
      // either side of now that a timestamp may be off by.
      if (!(await recordWebhookReceipt(app.db.kysely, String(signature), 2 * MAX_SKEW_MS))) {
        request.log.warn('refused a replayed rebuild webhook');
        return reply
          .status(409)
          .send({ error: 'Refused: this call was already received', code: 'publishing.replayed' });
      }
      if (!app.publishing) {
        return reply.status(409).send({
          error: 'Publishing is turned off (PUBLISH_ENABLED)',
          code: 'publishing.disabled',
        });
      }
      await app.publishing.requestNow({ trigger: { kind: 'webhook' } });
      return reply.status(202).send({ data: true });
    },
  );
}
