import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Anonymous reads of public content are answered from memory until that content changes; a
// change made through the API is visible to the very next anonymous read.

describe.skipIf(skipReason)('public read cache', () => {
  let api: TestApi;
  let token: string;
  let categoryId: number;
  let productId: number;

  beforeAll(async () => {
    api = await startApi();
    token = await api.signIn();
    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_ru: 'Ленточные конвейеры' },
    });
    categoryId = category.body.data.id;
    const product = await api.request('POST', '/api/products', {
      token,
      json: { name_ru: 'Конвейер ЛК-500', category_id: categoryId },
    });
    productId = product.body.data.id;
  });
  afterAll(() => api?.close());

  it('answers a repeated anonymous read from the cache, with the same body', async () => {
    const first = await api.request('GET', `/api/products/${productId}`);
    const second = await api.request('GET', `/api/products/${productId}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(second.body).toEqual(first.body);
  });

  it('keys on the whole URL, query included', async () => {
    await api.request('GET', '/api/products?page=1&limit=5');
    const other = await api.request('GET', '/api/products?page=1&limit=6');
    expect(other.headers.get('x-cache')).toBe('miss');
  });

  it('shows an update to the next anonymous reader', async () => {
    await api.request('GET', '/api/products?limit=50');
    const update = await api.request('PUT', `/api/products/${productId}`, {
      token,
      json: { name_ru: 'Конвейер ЛК-650' },
    });
    expect(update.status).toBe(200);
    const list = await api.request('GET', '/api/products?limit=50');
    expect(list.headers.get('x-cache')).toBe('miss');
    expect(list.body.data.map((p: { name_ru: string }) => p.name_ru)).toContain('Конвейер ЛК-650');
  });

  it('hides a deactivated record from the next anonymous reader', async () => {
    expect((await api.request('GET', `/api/products/${productId}`)).status).toBe(200);
    await api.request('PUT', `/api/products/${productId}`, { token, json: { is_active: false } });
    expect((await api.request('GET', `/api/products/${productId}`)).status).toBe(404);
    const list = await api.request('GET', '/api/products?limit=50');
    expect(list.body.data.some((p: { id: number }) => p.id === productId)).toBe(false);
    await api.request('PUT', `/api/products/${productId}`, { token, json: { is_active: true } });
    expect((await api.request('GET', `/api/products/${productId}`)).status).toBe(200);
  });

  it('shows changed company settings at once', async () => {
    await api.request('GET', '/api/settings');
    const put = await api.request('PUT', '/api/settings', {
      token,
      json: { email: 'sales@conveyor.example' },
    });
    expect(put.status).toBe(200);
    const after = await api.request('GET', '/api/settings');
    expect(after.body.data.email).toBe('sales@conveyor.example');
  });

  it('never serves staff from the cache nor stores what staff see', async () => {
    await api.request('PUT', `/api/products/${productId}`, { token, json: { is_active: false } });
    const staff1 = await api.request('GET', `/api/products/${productId}`, { token });
    const staff2 = await api.request('GET', `/api/products/${productId}`, { token });
    expect(staff1.status).toBe(200);
    expect(staff2.headers.get('x-cache')).toBeNull();
    // What staff saw (an inactive product) did not leak into the anonymous cache.
    expect((await api.request('GET', `/api/products/${productId}`)).status).toBe(404);
    await api.request('PUT', `/api/products/${productId}`, { token, json: { is_active: true } });
  });

  it('does not cache private resources or errors', async () => {
    const leads1 = await api.request('GET', '/api/leads');
    const leads2 = await api.request('GET', '/api/leads');
    expect(leads1.status).toBe(401);
    expect(leads2.status).toBe(401);
    expect(leads2.headers.get('x-cache')).toBeNull();
    await api.request('GET', '/api/products/999999');
    const missing = await api.request('GET', '/api/products/999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-cache')).toBeNull();
  });
});

describe.skipIf(skipReason)('public read cache turned off', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ PUBLIC_CACHE_MB: 0 });
  });
  afterAll(() => api?.close());

  it('computes every read afresh', async () => {
    await api.request('GET', '/api/categories');
    const second = await api.request('GET', '/api/categories');
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache')).toBeNull();
  });
});

const redisUrl = 'redis://127.0.0.1:6379';
const redisSkip = await (async () => {
  if (skipReason) return skipReason;
  const { Redis } = await import('ioredis');
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch {
    if (process.env.CI)
      throw new Error(`Redis at ${redisUrl} is unreachable, and CI must run this test`);
    return `Redis at ${redisUrl} is unreachable`;
  } finally {
    probe.disconnect();
  }
})();
if (redisSkip && !skipReason) console.warn(`skipping the multi-instance cache test: ${redisSkip}`);

describe.skipIf(redisSkip)('public read cache across instances (Redis)', () => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    a = await startApi({ REDIS_URL: redisUrl });
    b = await startApi({
      REDIS_URL: redisUrl,
      DATA_DIR: a.dataDir,
      DATABASE_URL: a.config.databaseUrl ?? '',
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('empties every instance’s cache when one of them changes content', async () => {
    const token = await a.signIn();
    const created = await a.request('POST', '/api/categories', {
      token,
      json: { name_ru: 'Роликовые конвейеры' },
    });
    const id = created.body.data.id;
    // The creation's own announcement may arrive after B's first read: wait until B caches.
    await expect
      .poll(async () => (await b.request('GET', `/api/categories/${id}`)).headers.get('x-cache'), {
        timeout: 3000,
      })
      .toBe('hit');

    await a.request('PUT', `/api/categories/${id}`, { token, json: { name_ru: 'Рольганги' } });
    await expect
      .poll(async () => (await b.request('GET', `/api/categories/${id}`)).body.data.name_ru, {
        timeout: 3000,
      })
      .toBe('Рольганги');
  });
});
