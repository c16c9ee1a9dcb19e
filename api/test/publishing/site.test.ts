import { existsSync, mkdirSync, readFileSync, readlinkSync, watch } from 'node:fs';
import { join } from 'node:path';
import { PENDING_PICTURES } from '@conveyor/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../helpers/api.ts';
import { skipReason, TEST_DB } from '../helpers/database.ts';
import { file } from '../helpers/images.ts';

/** A photograph's worth of detail to encode: noise, which no encoder makes short work of. */
const noise = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

/** A release as it was at the moment it went live: the `current` link renamed onto it. */
interface WentLive {
  release: string;
  /** Its pictures were still being encoded (it went live with its pages). */
  early: boolean;
  /** The search index's files: its script, its entry and each language's metadata it names. */
  index: string[];
  missing: string[];
}

/**
 * Records each release at the moment it goes live: the runner renames a new `current` link into
 * the site root, and this looks at the release in that event's callback (the build goes on in a
 * process of its own meanwhile).
 */
function watchGoLive(siteRoot: string) {
  mkdirSync(siteRoot, { recursive: true });
  const seen: WentLive[] = [];
  const watcher = watch(siteRoot, (_, name) => {
    if (name !== 'current') return;
    const current = join(siteRoot, 'current');
    let release: string;
    try {
      release = readlinkSync(current);
    } catch {
      return;
    }
    if (seen.at(-1)?.release === release) return;
    const index = ['pagefind/pagefind.js', 'pagefind/pagefind-entry.json'];
    try {
      const entry = JSON.parse(readFileSync(join(current, index[1]!), 'utf8')) as {
        languages: Record<string, { hash: string }>;
      };
      for (const { hash } of Object.values(entry.languages)) {
        index.push(`pagefind/pagefind.${hash}.pf_meta`);
      }
    } catch {
      // no entry: missing below
    }
    seen.push({
      release,
      early: existsSync(join(current, PENDING_PICTURES)),
      index,
      missing: index.filter((file) => !existsSync(join(current, file))),
    });
  });
  return { seen, close: () => watcher.close() };
}

// The whole loop with the real Astro site: a save through the API reaches the public pages in
// every language, and a deactivated product leaves them.
describe.skipIf(skipReason)('publishing the real site', () => {
  let setup: TestApi;
  let api: TestApi;
  let token: string;
  let categoryId: number;
  let productId: number;
  let goLive: ReturnType<typeof watchGoLive>;

  const page = async (path: string) => {
    const reply = await fetch(api.url + path);
    return { status: reply.status, text: await reply.text() };
  };

  beforeAll(async () => {
    // The content first, on an instance that does not publish: the site's first build then
    // has pictures no earlier run encoded into the image cache (new uploads), and goes live
    // with its pages before they are encoded
    setup = await startApi({});
    token = await setup.signIn();
    const category = await setup.request('POST', '/api/categories', {
      token,
      json: {
        name_ru: 'Ленточные конвейеры',
        name_uz: 'Lentali konveyerlar',
        name_en: 'Belt conveyors',
      },
    });
    categoryId = category.body.data.id;
    const form = new FormData();
    for (const [field, value] of Object.entries({
      category_id: String(categoryId),
      name_ru: 'ЛК-400',
      name_uz: 'LK-400 uz',
      name_en: 'LK-400 en',
    })) {
      form.append(field, value);
    }
    for (const name of ['a', 'b', 'c', 'd']) {
      form.append('images', file(await noise(1600, 1200), `${name}.jpg`, 'image/jpeg'));
    }
    const product = await setup.request('POST', '/api/products', { token, form });
    productId = product.body.data.id;
    api = await startApi({
      DATA_DIR: setup.dataDir,
      DATABASE_URL: setup.config.databaseUrl ?? '',
      PUBLISH_ENABLED: true,
      PUBLISH_DEBOUNCE_MS: 200,
      PUBLISH_MAX_WAIT_MS: 2000,
      SERVE_FRONTENDS: true,
    });
    // the site's first build starts as the server listens, and takes seconds to its pages
    goLive = watchGoLive(join(api.dataDir, 'site'));
  }, 120_000);
  afterAll(async () => {
    goLive?.close();
    await api?.close();
    await setup?.close();
  });

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

  it('makes each release live with its pages and its search index together', async () => {
    // a first release goes live with its pages, before its pictures are encoded; a change then
    // makes it give way, and the next build goes live with its pages first too
    await expect.poll(() => goLive.seen.length, { timeout: 90_000, interval: 20 }).toBe(1);
    await api.request('PUT', `/api/products/${productId}`, {
      token,
      json: { name_ru: 'ЛК-450' },
    });
    await settle();
    const history = (await api.request('GET', '/api/publishing', { token })).body.data.history as {
      logTail: string;
    }[];
    expect(
      history.filter((build) => /gave way to a newer change/.test(build.logTail)),
    ).toHaveLength(1);
    const [first, second] = goLive.seen;
    // each with its index as it went live: the script, the entry and every language's index
    expect(first).toMatchObject({ early: true, missing: [] });
    expect(second).toMatchObject({ early: true, missing: [] });
    for (const { index } of [first!, second!]) {
      expect(index.filter((file) => file.endsWith('.pf_meta'))).toHaveLength(3);
    }
    // the index answers as the search page asks for it
    for (const file of second!.index) {
      expect((await fetch(`${api.url}/${file}`)).status, file).toBe(200);
    }
  });

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
      // a build that breaks (a bug in a page, a full disk), as a command that fails: the build
      // reads its data from a file, not over HTTP, so a failing API cannot stand in for it
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
