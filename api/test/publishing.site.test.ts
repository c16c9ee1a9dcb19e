import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api.ts';
import { skipReason, TEST_DB } from './helpers/database.ts';

// The whole loop with the real Astro site: a save through the API reaches the public pages in
// every language, and a deactivated product leaves them.
describe.skipIf(skipReason)('publishing the real site', () => {
  let api: TestApi;
  let token: string;
  let categoryId: number;
  let productId: number;

  const page = async (path: string) => {
    const reply = await fetch(api.url + path);
    return { status: reply.status, text: await reply.text() };
  };

  beforeAll(async () => {
    api = await startApi({
      PUBLISH_ENABLED: true,
      PUBLISH_DEBOUNCE_MS: 200,
      PUBLISH_MAX_WAIT_MS: 2000,
      SERVE_FRONTENDS: true,
    });
    token = await api.signIn();
    const category = await api.request('POST', '/api/categories', {
      token,
      json: {
        name_ru: 'Ленточные конвейеры',
        name_uz: 'Lentali konveyerlar',
        name_en: 'Belt conveyors',
      },
    });
    categoryId = category.body.data.id;
    const product = await api.request('POST', '/api/products', {
      token,
      json: {
        category_id: categoryId,
        name_ru: 'ЛК-400',
        name_uz: 'LK-400 uz',
        name_en: 'LK-400 en',
      },
    });
    productId = product.body.data.id;
  }, 120_000);
  afterAll(() => api?.close());

  const settle = async () => {
    await expect
      .poll(
        async () => {
          const data = (await api.request('GET', '/api/publishing', { token })).body.data;
          return !data.running && !data.queued && data.lastBuild !== null;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(true);
    await api.app.publishing!.idle();
  };

  it(
    'an edited product appears, changed, on its page in all three languages',
    { timeout: 120_000 },
    async () => {
      await settle();
      await api.request('PUT', `/api/products/${productId}`, {
        token,
        json: { name_ru: 'ЛК-500 новая', name_uz: 'LK-500 yangi', name_en: 'LK-500 new' },
      });
      await expect
        .poll(async () => (await page(`/catalog/${categoryId}/products/${productId}`)).text, {
          timeout: 90_000,
        })
        .toContain('ЛК-500 новая');
      await settle();
      expect((await page(`/uz/catalog/${categoryId}/products/${productId}`)).text).toContain(
        'LK-500 yangi',
      );
      expect((await page(`/en/catalog/${categoryId}/products/${productId}`)).text).toContain(
        'LK-500 new',
      );
      expect((await page(`/en/catalog/${categoryId}`)).text).toContain('LK-500 new');
    },
  );

  it('a deactivated product disappears from the site', { timeout: 120_000 }, async () => {
    await settle();
    await api.request('PUT', `/api/products/${productId}`, { token, json: { is_active: false } });
    await expect
      .poll(async () => (await page(`/catalog/${categoryId}/products/${productId}`)).status, {
        timeout: 90_000,
      })
      .toBe(404);
    expect((await page(`/catalog/${categoryId}`)).text).not.toContain('ЛК-500');
  });

  it(
    'a failed build keeps the previous site online and records why',
    { timeout: 120_000 },
    async () => {
      await settle();
      const live = (await api.request('GET', '/api/publishing', { token })).body.data.live.release;
      const command = api.app.config.publish.command;
      // a build that breaks (a bug in a page, a full disk): the data no longer come over HTTP
      api.app.config.publish.command = 'echo "the build broke" >&2; exit 3';
      try {
        await api.request('POST', '/api/publishing/rebuild', { token });
        await settle();
        const data = (await api.request('GET', '/api/publishing', { token })).body.data;
        expect(data.lastBuild.status).toBe('failed');
        expect(data.lastBuild.error).toMatch(/failed/);
        expect(data.live.release).toBe(live);
        expect((await page(`/catalog/${categoryId}`)).status).toBe(200);
      } finally {
        api.app.config.publish.command = command;
      }
    },
  );
});

// The site build reads only the API, so one database engine is enough here.
describe.skipIf(skipReason || TEST_DB === 'postgres')('publishing an empty catalogue', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ PUBLISH_ENABLED: true, SERVE_FRONTENDS: true });
  });
  // closing waits for a build in progress; a cold one on a clean machine takes a while
  afterAll(() => api?.close(), 180_000);

  it('builds and serves every page that needs no record', { timeout: 180_000 }, async () => {
    const token = await api.signIn();
    await expect
      .poll(
        async () => {
          const data = (await api.request('GET', '/api/publishing', { token })).body.data;
          return data.running || data.queued ? 'busy' : (data.lastBuild?.status ?? null);
        },
        { timeout: 170_000, interval: 500 },
      )
      .toBe('success');
    for (const path of ['/', '/uz', '/en/projects', '/clients', '/suppliers-inner', '/contacts']) {
      expect((await fetch(api.url + path)).status, path).toBe(200);
    }
    expect((await fetch(`${api.url}/catalog/1`)).status).toBe(404);
    expect((await fetch(`${api.url}/sitemap-index.xml`)).status).toBe(200);
  });
});
