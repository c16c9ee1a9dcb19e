import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { bearerToken } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An anonymous GET of this route may be answered from the public read cache. */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    /** The cache generation this request started in; `-1` when it is not cacheable. */
    cacheGeneration: number;
  }
}

const CHANNEL = 'conveyor:content-changed';

/**
 * A cache of the public catalogue's anonymous reads (lists and records of active content), so
 * the site's hottest calls skip the database and the serializer. Every committed change of
 * public content (`contentEvents`) empties it; with REDIS_URL set, changes made on other API
 * instances empty it too. Staff reads, and any request that carries a token, never touch it.
 *
 * Written here rather than taken from a plugin: @fastify/caching only sets HTTP cache headers,
 * and a response cache must be invalidated by our own content events, not by a timer.
 */
export default fp(
  async (app) => {
    const maxSize = Math.round(app.config.publicCacheMb * 1024 * 1024);
    app.decorateRequest('cacheGeneration', -1);
    if (maxSize <= 0) return;

    // Bodies are kept as bytes: a hit skips the UTF-8 encoding of a string on every answer,
    // which would be much of a hit's work. A client that asks for compression still has each
    // answer compressed by @fastify/compress; the site's builds read the API over loopback.
    const cache = new LRUCache<string, Buffer>({
      maxSize,
      sizeCalculation: (body) => body.length + 64,
    });
    // Bumped on every change, so a response computed before a change is never stored after it.
    let generation = 0;
    const clear = () => {
      generation++;
      cache.clear();
    };

    let publisher: Redis | undefined;
    if (app.config.redisUrl) {
      const { Redis: Client } = await import('ioredis');
      publisher = new Client(app.config.redisUrl, { connectTimeout: 2000, lazyConnect: true });
      const subscriber = publisher.duplicate();
      publisher.on('error', (err) => app.log.warn({ err }, 'public cache: redis'));
      subscriber.on('error', (err) => app.log.warn({ err }, 'public cache: redis'));
      subscriber.on('message', clear);
      await subscriber.subscribe(CHANNEL);
      app.addHook('onClose', async () => {
        await Promise.allSettled([subscriber.quit(), publisher!.quit()]);
      });
    }

    app.contentEvents.on('change', () => {
      clear();
      publisher?.publish(CHANNEL, '1').catch((err) => {
        app.log.warn({ err }, 'public cache: could not tell other instances about a change');
      });
    });

    // Runs after the auth guard (registered before this plugin), so `request.user` is known.
    app.addHook('onRequest', async (request, reply) => {
      if (
        request.method !== 'GET' ||
        !request.routeOptions.config.publicCache ||
        request.user !== null ||
        bearerToken(request.headers.authorization) !== undefined
      ) {
        return;
      }
      const body = cache.get(request.url);
      if (body !== undefined) {
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('x-cache', 'hit')
          .send(body);
      }
      request.cacheGeneration = generation;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.cacheGeneration < 0 || reply.statusCode !== 200) return payload;
      if (typeof payload === 'string' && request.cacheGeneration === generation) {
        cache.set(request.url, Buffer.from(payload));
      }
      reply.header('x-cache', 'miss');
      return payload;
    });
  },
  { name: 'public-cache', dependencies: ['config', 'events', 'auth'] },
);
