import { mkdir } from 'node:fs/promises';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pinoPretty from 'pino-pretty';
import { type Config, SITE_BUILD_AGENT, siteUrlProblem } from './config.ts';
import type { AdminBuild } from './lib/adminBuild.ts';
import type { Clock } from './lib/clock.ts';
import accountsPlugin from './plugins/accounts.ts';
import backupsPlugin from './plugins/backups.ts';
import bodyLimitPlugin from './plugins/bodyLimit.ts';
import compressPlugin from './plugins/compress.ts';
import configPlugin from './plugins/config.ts';
import cookiesPlugin from './plugins/cookies.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin from './plugins/errors.ts';
import eventsPlugin from './plugins/events.ts';
import rateLimitPlugin from './plugins/rateLimit.ts';
import securityPlugin from './plugins/security.ts';
import previewsPlugin from './plugins/previews.ts';
import frontendsPlugin from './plugins/frontends.ts';
import jobsPlugin from './plugins/jobs.ts';
import notifyPlugin from './plugins/notify.ts';
import telegramPlugin from './plugins/telegram.ts';
import revisionsPlugin from './plugins/revisions.ts';
import sweepPlugin from './plugins/sweep.ts';
import publishingPlugin from './plugins/publishing.ts';
import swaggerPlugin from './plugins/swagger.ts';
import twoFactorPlugin from './plugins/twoFactor.ts';
import uploadsPlugin from './plugins/uploads.ts';
import apiRoutes from './routes/index.ts';
import { schemaController } from './lib/schemaCompilers.ts';

/**
 * Connection timeouts, set on purpose against slow or idle clients holding sockets open:
 * - a request's headers must arrive within 10 s (a "slowloris" sends them a byte at a time; a
 *   connection that sends nothing is closed then too);
 * - the whole request, body included, within 120 s (a 60 MB upload on a slow office line);
 * - an idle keep-alive connection is kept 5 s for the browser's next request.
 * There is no inactivity timeout on the socket (Fastify's connectionTimeout, 0): it would also
 * cut a request the server is still working on (uploads waiting for their turn at the images).
 */
export const TIMEOUTS = {
  headersMs: 10_000,
  requestMs: 120_000,
  keepAliveMs: 5_000,
} as const;

export interface AppOptions {
  /** Overrides the logger built from the configuration (tests pass `false`). */
  logger?: FastifyServerOptions['logger'];
  /**
   * The job runner's clock, and the time two-factor codes are checked at (tests move it on
   * instead of waiting for schedules and code steps).
   */
  clock?: Clock;
  /** The back office's build running beside this start: /admin says it is on its way. */
  adminBuild?: AdminBuild | undefined;
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(config.logPretty
      ? {
          // one line an entry, a console, not a log collector, reads this; written in order
          // with the plain lines the server prints (the address, the first admin's password),
          // where a transport's worker thread wrote them late
          stream: pinoPretty({
            translateTime: 'HH:MM:ss',
            ignore: 'pid,hostname',
            singleLine: true,
            sync: true,
            // colours on a terminal only: in a file (`npm start > start.log`) they are noise,
            // and pino-pretty's own guess takes CI=true for a terminal
            colorize: Boolean(process.stdout.isTTY),
          }),
        }
      : {}),
  };
}

/**
 * One log line per request, when it is answered (Fastify logs two: incoming and completed).
 * The publishing build reading this API (hundreds of reads per build) logs at debug only.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  /** A client that stops reading (the build's fetch of a picture it has) is news only then. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (request.headers['user-agent'] === SITE_BUILD_AGENT) {
      reply.log.debug({ res: reply, err: error }, 'stream closed by the site build');
    } else super.streamError(error, request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (request.headers['user-agent'] === SITE_BUILD_AGENT) {
      reply.log.debug(line, 'request completed');
    } else reply.log.info(line, 'request completed');
  }
}

/**
 * The whole API as one Fastify instance: external plugins, then our own, then the routes under
 * /api. `server.ts` only listens and closes; tests build it on a fresh database.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // 0700: the database, uploads, backups and temporary files under it are the server's alone
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    connectionTimeout: 0,
    requestTimeout: TIMEOUTS.requestMs,
    keepAliveTimeout: TIMEOUTS.keepAliveMs,
    // Requests already running finish during a graceful close; new ones are told to come back.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // a spec's `value` is a number or a yes/no: a union type, which strict mode would warn of
    ajv: { customOptions: { allErrors: false, allowUnionTypes: true } },
    schemaController,
    logController: new RequestLog(),
  });

  app.server.headersTimeout = TIMEOUTS.headersMs;
  // forceCloseConnections closes the connections idle when the close begins; one whose request
  // was running then goes idle once answered, and would hold the close for its keep-alive time:
  // such connections are closed as they go idle, until the server has closed.
  app.addHook('preClose', (done) => {
    if (app.server.listening) {
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      app.server.once('close', () => clearInterval(sweep));
    }
    done();
  });

  // Bodies are JSON or multipart; anything else (text/plain included) is a 415.
  app.removeContentTypeParser('text/plain');

  await app.register(configPlugin, { config });
  await app.register(errorsPlugin);
  await app.register(eventsPlugin);
  await app.register(securityPlugin);
  await app.register(bodyLimitPlugin);
  await app.register(compressPlugin);
  await app.register(rateLimitPlugin);
  await app.register(dbPlugin);
  await app.register(jobsPlugin, { clock: options.clock });
  await app.register(notifyPlugin);
  await app.register(telegramPlugin);
  await app.register(cookiesPlugin);
  await app.register(accountsPlugin);
  await app.register(twoFactorPlugin, { clock: options.clock });
  await app.register(uploadsPlugin);
  await app.register(backupsPlugin);
  await app.register(publishingPlugin);
  await app.register(revisionsPlugin);
  await app.register(sweepPlugin);
  await app.register(swaggerPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(previewsPlugin);
  await app.register(frontendsPlugin, { adminBuild: options.adminBuild });
  const siteProblem = siteUrlProblem(config);
  if (siteProblem) app.log.warn(siteProblem);
  return app;
}
