import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { readSiteData } from '../src/publish/siteData.ts';
import { currentRelease, siteBuilder } from '../src/publish/siteBuilder.ts';
import { WarmBuilds } from '../src/publish/warmBuilds.ts';
import { startApi, type TestApi } from './helpers/api.ts';
import { skipReason } from './helpers/database.ts';
import { jpeg, png } from './helpers/images.ts';

// Rebuilding only what changed, proven rather than assumed (issue 17): random edits through the
// API, and after each an incremental build from the live release and a full build of the same
// data; the two must be the same files with the same bytes. The sequence comes from a seed
// (TEST_SEED to replay one; TEST_STEPS steps, default 6), printed when a comparison fails. The
// incremental builds run as the runner runs them by default, one after another in the warm build
// worker (replaced when it has grown); the full builds each in a process of their own.
const seed = Number(process.env.TEST_SEED ?? Date.now() % 1_000_000);
const STEPS = Number(process.env.TEST_STEPS ?? 6);

/** A small deterministic generator (mulberry32): the same seed, the same edits. */
function generator(start: number) {
  let state = start >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** Every file of a folder: its path and a hash of its bytes. */
async function tree(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const digest = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
    files.set(path.slice(dir.length + 1), digest);
  }
  return files;
}

const file = (bytes: Buffer, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

describe.skipIf(skipReason)('incremental site builds', () => {
  let api: TestApi;
  let token: string;
  let thumbnails: Server;
  let work: string;
  let serial = 0;
  const warm = new WarmBuilds({
    script: join(REPO_ROOT, 'site', 'scripts', 'worker.mjs'),
    cwd: REPO_ROOT,
  });

  beforeAll(async () => {
    // video thumbnails, fetched at build time, come from a stand-in for YouTube
    const thumbnail = await jpeg(480, 360);
    thumbnails = createServer((_request, response) => {
      // as YouTube's thumbnails are: cacheable for two hours (Astro keeps them that long)
      response.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'max-age=7200' });
      response.end(thumbnail);
    });
    await new Promise<void>((resolve) => thumbnails.listen(0, '127.0.0.1', resolve));
    api = await startApi();
    token = await api.signIn();
    work = await mkdtemp(join(tmpdir(), 'conveyor-incremental-'));
  });
  afterAll(async () => {
    await warm.close();
    await api?.close();
    thumbnails?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const reply = await api.request(method, path, {
      token,
      ...(body instanceof FormData ? { form: body } : body === undefined ? {} : { json: body }),
    });
    expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
    return reply.body?.data;
  };
  const ids = async (
    resource: string,
    staff = true,
  ): Promise<{ id: number; category_id?: number }[]> =>
    (await api.request('GET', `/api/${resource}?limit=100`, staff ? { token } : {})).body.data;

  const builder = (siteRoot: string, kept: WarmBuilds | null = null) =>
    siteBuilder({
      siteRoot,
      command: api.config.publish.command,
      warm: kept,
      cwd: REPO_ROOT,
      env: () => ({
        API_URL: api.url,
        SITE_URL: 'https://conveyor.example',
        YOUTUBE_THUMBNAIL_URL: `http://127.0.0.1:${(thumbnails.address() as AddressInfo).port}`,
        ASTRO_TELEMETRY_DISABLED: '1',
      }),
      keepReleases: 3,
      timeoutMs: 180_000,
      data: () => readSiteData(api.app.db),
    });

  /** The edits a step picks from: each a change staff make every day. */
  const edits: Record<string, (random: ReturnType<typeof generator>) => Promise<void>> = {
    async 'rename a product'(random) {
      const product = random.pick(await ids('products'));
      await call('PUT', `/api/products/${product.id}`, { name_en: `Renamed ${++serial}` });
    },
    async 'move a product to another category'(random) {
      const product = random.pick(await ids('products'));
      const category = random.pick(await ids('categories'));
      await call('PUT', `/api/products/${product.id}`, { category_id: category.id });
    },
    async 'hide or show a product'(random) {
      const product = random.pick(await ids('products'));
      await call('PUT', `/api/products/${product.id}`, { is_active: random.below(2) === 0 });
    },
    async 'add a product with pictures'(random) {
      const form = new FormData();
      form.append('name_ru', `Новый ${++serial}`);
      form.append('category_id', String(random.pick(await ids('categories')).id));
      form.append('image', file(await jpeg(800, 600), 'main.jpg', 'image/jpeg'));
      form.append('images', file(await png(640, 480), 'more.png', 'image/png'));
      await call('POST', '/api/products', form);
    },
    async 'delete a product'(random) {
      const products = await ids('products');
      if (products.length > 2) await call('DELETE', `/api/products/${random.pick(products).id}`);
    },
    async 'add a video to a product'(random) {
      const product = random.pick(await ids('products'));
      await call('POST', '/api/media', {
        product_id: product.id,
        title_en: `Video ${++serial}`,
        link: `https://youtu.be/vid${serial}abcde`,
      });
    },
    async 'rename a category'(random) {
      const category = random.pick(await ids('categories'));
      await call('PUT', `/api/categories/${category.id}`, { name_uz: `Toifa ${++serial}` });
    },
    async 'hide or show a category'(random) {
      const category = random.pick(await ids('categories'));
      await call('PUT', `/api/categories/${category.id}`, { is_active: random.below(2) === 0 });
    },
    async 'edit a project'(random) {
      const project = random.pick(await ids('project'));
      await call('PUT', `/api/project/${project.id}`, { title_ru: `Проект ${++serial}` });
    },
    async 'add a client'() {
      const form = new FormData();
      form.append('name', `Client ${++serial}`);
      form.append('image', file(await png(300, 200), 'logo.png', 'image/png'));
      await call('POST', '/api/clients', form);
    },
    async 'edit a testimonial'(random) {
      const testimonial = random.pick(await ids('testimonials'));
      await call('PUT', `/api/testimonials/${testimonial.id}`, { message_en: `Great ${++serial}` });
    },
    async 'change the company phone'() {
      await call('PUT', '/api/settings', {
        phone_primary: `+998 90 000 00 ${10 + (++serial % 90)}`,
      });
    },
  };

  it(
    'after random edits, a release built from the live one is the full build, file by file',
    { timeout: 900_000 },
    async () => {
      const random = generator(seed);
      // a catalogue: categories with products (some with pictures), projects, clients, reviews
      for (let c = 0; c < 3; c++) {
        const category = await call('POST', '/api/categories', { name_ru: `Категория ${c}` });
        for (let p = 0; p < 3; p++) {
          await call('POST', '/api/products', {
            name_ru: `Товар ${c}.${p}`,
            category_id: category.id,
          });
        }
      }
      await edits['add a product with pictures']!(random);
      await edits['add a video to a product']!(random);
      for (let i = 0; i < 2; i++) {
        await call('POST', '/api/project', {
          title_ru: `Проект ${i}`,
          link: 'https://youtu.be/projabcdefg',
        });
        await call('POST', '/api/testimonials', { name_ru: `Клиент ${i}`, message_ru: 'Спасибо' });
      }
      await edits['add a client']!(random);

      const live = join(work, 'live');
      const incremental = builder(live, warm);
      await incremental(); // the first release: everything rendered
      // the worker ends after a full build, and the next one is started at once
      await expect.poll(() => warm.pid).toBeDefined();
      // its pictures are in Astro's image cache under their own names: what pruning relies on
      const pictures = (await readdir(join(live, 'current', '_astro'))).filter((name) =>
        /\.(webp|avif|jpg)$/.test(name),
      );
      expect(pictures.length).toBeGreaterThan(0);
      const cached = new Set(await readdir(join(REPO_ROOT, '.cache', 'astro', 'assets')));
      expect(pictures.filter((name) => !cached.has(name))).toEqual([]);
      // and the uploads' sizes are kept for the next builds (site/src/lib/pictureSizes.ts)
      const sizes = JSON.parse(
        await readFile(join(REPO_ROOT, '.cache', 'astro', 'picture-sizes.json'), 'utf8'),
      ) as { sizes: Record<string, [number, number, number]> };
      const uploads = Object.entries(sizes.sizes).filter(([src]) =>
        src.startsWith(`${api.url}/uploads/`),
      );
      expect(uploads.length).toBeGreaterThan(0);
      for (const [src, [width, height]] of uploads) {
        expect(width * height, src).toBeGreaterThan(0);
      }
      const names = Object.keys(edits);
      let worker = warm.pid;
      for (let step = 1; step <= STEPS; step++) {
        const done = [random.pick(names), random.pick(names)];
        for (const name of done) await edits[name]!(random);
        const before = await currentRelease(live);
        const result = await incremental();
        const full = await builder(join(work, `full-${step}`))();
        const context = `seed ${seed}, step ${step}: ${done.join(', ')}`;
        const release = join(live, 'releases', result.release!);
        const made = await tree(release);
        const expected = await tree(join(work, `full-${step}`, 'releases', full.release!));
        expect([...made.keys()].sort(), context).toEqual([...expected.keys()].sort());
        for (const [path, digest] of expected)
          expect(made.get(path), `${context}: ${path}`).toBe(digest);
        if (step === 1) {
          // a full build's pictures, all in the image cache by now, are links to its entries,
          // not copies (site/src/integrations/pictures.ts)
          const fullAstro = join(work, `full-${step}`, 'releases', full.release!, '_astro');
          const shown = (await readdir(fullAstro)).filter((name) =>
            /\.(webp|avif|jpg)$/.test(name),
          );
          expect(shown.length, context).toBeGreaterThan(0);
          for (const name of shown) {
            const [inRelease, inCache] = await Promise.all([
              stat(join(fullAstro, name)),
              stat(join(REPO_ROOT, '.cache', 'astro', 'assets', name)),
            ]);
            expect(inRelease.ino, `${context}: ${name}`).toBe(inCache.ino);
          }
          expect(full.logTail, context).toMatch(/pictures: \d+ linked from the image cache/);
        }

        // where the build's time went, at the end of its log
        expect(result.logTail, context).toMatch(
          /timings: setup [\d.]+ s, bundling [\d.]+ s, rendering \d+ pages .* finishing [\d.]+ s/,
        );
        expect(result.logTail, context).toMatch(/site data: \d+ KB in [\d.]+ s/);

        // the build rendered only what changed, and carried the rest over as hard links
        const carried = /carried over (\d+) pages/.exec(result.logTail);
        if (!done.includes('change the company phone')) {
          expect(carried, `${context}\n${result.logTail}`).not.toBeNull();
          expect(Number(carried![1]), context).toBeGreaterThan(0);
          const [page, previousPage] = await Promise.all([
            stat(join(release, 'services', 'index.html')),
            stat(join(live, 'releases', before!, 'services', 'index.html')),
          ]);
          expect(page.ino, `${context}: a page nothing changed is the same file`).toBe(
            previousPage.ino,
          );
        }
        // every incremental build ran in the loaded worker, which ends only when it has grown
        // past its limit (site/scripts/worker.mjs: 1 GB; the next one was loaded meanwhile)
        const peakMb = Number(/peak_rss_kb=(\d+)/.exec(result.logTail)?.[1]) / 1024;
        expect(peakMb, `${context}: the worker's peak memory`).toBeGreaterThan(0);
        await expect.poll(() => warm.pid).toBeDefined();
        if (warm.pid !== worker) {
          expect(peakMb, `${context}: a worker ended before its memory limit`).toBeGreaterThan(
            1000,
          );
          worker = warm.pid;
        }
        await rm(join(work, `full-${step}`), { recursive: true, force: true });
      }
    },
  );
});
