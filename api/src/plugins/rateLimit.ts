import rateLimit from '@fastify/rate-limit';
import { ERRORS } from '@conveyor/shared';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Rate limits, applied per route (`config.rateLimit`) or by hand (`app.createRateLimit`), never
 * globally. Counters live in memory, or in Redis when REDIS_URL is set so that several API
 * instances share them.
 */
export default fp(
  async (app) => {
    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
      : undefined;
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
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
