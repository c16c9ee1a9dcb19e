import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * Counts failures (wrong passwords) per key within a fixed window. Written here because
 * @fastify/rate-limit counts every call it is asked about: sign-in must look at a count without
 * adding to it (a correct password costs nothing) and add only when an attempt fails.
 *
 * In memory for one instance, or in Redis (INCR with an expiry set by the first failure) when
 * several instances must share the counts.
 */
export interface FailureCounter {
  count(key: string): Promise<number>;
  /** Adds a failure; returns the new count. */
  add(key: string): Promise<number>;
  /** Seconds until the key's window ends (0 when it has none). */
  ttlSeconds(key: string): Promise<number>;
}

export function memoryFailureCounter(windowMs: number, maxKeys = 100_000): FailureCounter {
  // Bounded: a flood of made-up user names cannot grow it past maxKeys (the oldest go first).
  const cache = new LRUCache<string, { count: number; until: number }>({ max: maxKeys });
  const live = (key: string) => {
    const entry = cache.get(key);
    if (entry && entry.until > Date.now()) return entry;
    if (entry) cache.delete(key);
    return undefined;
  };
  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async add(key) {
      const entry = live(key) ?? { count: 0, until: Date.now() + windowMs };
      entry.count += 1;
      cache.set(key, entry);
      return entry.count;
    },
    async ttlSeconds(key) {
      const entry = live(key);
      return entry ? Math.ceil((entry.until - Date.now()) / 1000) : 0;
    },
  };
}

export function redisFailureCounter(
  redis: Redis,
  windowMs: number,
  prefix = 'conveyor-fail:',
): FailureCounter {
  return {
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async add(key) {
      const [[, count]] = (await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec()) as [[Error | null, number], [Error | null, number]];
      return count;
    },
    async ttlSeconds(key) {
      const ms = await redis.pttl(prefix + key);
      return ms > 0 ? Math.ceil(ms / 1000) : 0;
    },
  };
}
