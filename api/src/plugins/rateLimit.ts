import rateLimit from '@fastify/rate-limit';
import { ERRORS } from '@conveyor/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import {
  type FailureCounter,
  memoryFailureCounter,
  redisFailureCounter,
} from '../lib/failureCounter.ts';
import { TooManyRequests } from '../lib/httpErrors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis that several instances share (REDIS_URL), or null: counters stay in memory. */
    redis: Redis | null;
    /**
     * The public forms' limit (FORM_RATE_LIMIT per address per window), one count for leads
     * and supplier applications together. Call it from a route's onRequest hook.
     */
    formRateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * Failed sign-ins within SIGNIN_RATE_WINDOW_MINUTES, by key (user name, address, device):
     * wrong passwords, and wrong two-factor codes alike.
     */
    signInFailures: FailureCounter;
  }
}

/**
 * Rate limits, applied per route (`config.rateLimit`) or by hand (`app.createRateLimit`), never
 * globally. Counters live in memory, or in Redis when REDIS_URL is set so that several API
 * instances share them.
 */
export default fp(
  async (app) => {
    // ioredis is loaded only when REDIS_URL is set
    const redis = app.config.redisUrl
      ? new (await import('ioredis')).Redis(app.config.redisUrl, {
          connectTimeout: 2000,
          maxRetriesPerRequest: 1,
        })
      : undefined;
    app.decorate('redis', redis ?? null);
    if (redis) {
      app.addHook('onClose', async () => {
        await redis.quit();
      });
    }
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'conveyor-rl:' } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        code: 'CONVEYOR_RATE_LIMITED',
        error: ERRORS.tooManyRequests,
        message: `${ERRORS.tooManyRequests} (in ${context.after})`,
      }),
    });

    const signInWindowMs = app.config.rateLimits.signIn.windowMs;
    app.decorate(
      'signInFailures',
      redis ? redisFailureCounter(redis, signInWindowMs) : memoryFailureCounter(signInWindowMs),
    );

    // One limiter with one key per address for both forms: route-level `config.rateLimit`
    // would give each route a count of its own.
    const { max, windowMs } = app.config.rateLimits.forms;
    const formLimit = app.createRateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request: FastifyRequest) => `forms:${request.ip}`,
    });
    app.decorate('formRateLimit', async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await formLimit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new TooManyRequests(ERRORS.tooManyRequests);
      }
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
