import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.ts';
import { readSiteData } from '../../src/publish/siteData.ts';
import { switchRelease } from '../../src/publish/goLive.ts';
import { currentRelease } from '../../src/publish/releases.ts';
import { siteBuilder } from '../../src/publish/siteBuilder.ts';
import { WarmBuilds } from '../../src/publish/warmBuilds.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import { jpeg, png } from '../helpers/images.ts';

// Rebuilding only what changed, proven rather than assumed: a sequence of edits
// through the API, and after each step an incremental build from the live release and a full
// build of the same data; the two must be the same files with the same bytes (nothing is
// ignored: a release holds no build timestamp, the footer's year aside, which both share), the
// search index aside, which must hold the same records (an incremental build's has a delta).
// The sequence is every kind of edit below once, in an order shuffled by a seed, then
// INCREMENTAL_EXTRA (default 3) more picked at random, made INCREMENTAL_BATCH (default 5) at a
// time between builds (a rollback and a Rebuild now are steps of their own): each kind is tried
// in every run, and a failure names the seed (INCREMENTAL_SEED=<seed> replays it). The
// incremental builds run as the runner runs them by default, one after another in the warm
// build worker (replaced when it has grown). The full builds that they are compared with run in
// a warm worker of their own, every page rendered (the admin's Rebuild now); the first, the
// Rebuild step's and the last run each in a process of their own, which anchors the warm
// reference to a cold build.
const seed = Number(process.env.INCREMENTAL_SEED ?? Date.now() % 1_000_000);
const EXTRA = Number(process.env.INCREMENTAL_EXTRA ?? 3);
const BATCH = Math.max(1, Number(process.env.INCREMENTAL_BATCH ?? 5));
/** Addresses a sitemap file holds: a few, so that the test's site has several. */
const SITEMAP_ENTRY_LIMIT = 40;

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
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** The items in a random order (Fisher-Yates). */
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}
type Random = ReturnType<typeof generator>;

/** Every file of a folder: its path and a hash of its bytes. */
async function tree(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const name = path.slice(dir.length + 1);
    // the search index: compared by what it holds (below), its standing part and delta apart
    if (name.startsWith('pagefind/') || name === '.search-base.json') continue;
    const digest = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
    files.set(name, digest);
  }
  if (existsSync(join(dir, 'pagefind'))) {
    files.set('pagefind: its records', searchRecords(join(dir, 'pagefind')));
  }
  return files;
}

/** A Pagefind index's records by id: its fragments, decoded (gzip of a signature and JSON). */
function fragments(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  const fragmentFolder = join(folder, 'fragment');
  if (!existsSync(fragmentFolder)) return found;
  for (const name of readdirSync(fragmentFolder)) {
    const text = gunzipSync(readFileSync(join(fragmentFolder, name))).toString('utf8');
    expect(text.startsWith('pagefind_dcd'), name).toBe(true);
    found.set(name.replace(/\.pf_fragment$/, ''), text.slice('pagefind_dcd'.length));
  }
  return found;
}

/**
 * What a release's search finds, as a digest: the records of its standing index but those its
 * delta hides, and the delta's (site/src/integrations/searchDelta.ts), each as Pagefind wrote
 * it; with each language's entry. A full build's index has no delta: an incremental build's,
 * merged as the search page merges it, must hold the same records.
 */
function searchRecords(folder: string): string {
  const delta = existsSync(join(folder, 'delta.json'))
    ? (JSON.parse(readFileSync(join(folder, 'delta.json'), 'utf8')) as {
        languages: Record<string, { stale: string[] }>;
      })
    : { languages: {} };
  const hidden = new Set(Object.values(delta.languages).flatMap(({ stale }) => stale));
  const records = [
    ...[...fragments(folder)].filter(([id]) => !hidden.has(id)).map(([, record]) => record),
    ...fragments(join(folder, 'delta')).values(),
  ].sort();
  const entry = JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, unknown>;
  };
  return createHash('sha256')
    .update(JSON.stringify([Object.keys(entry.languages).sort(), records]))
    .digest('hex');
}

const file = (bytes: Buffer, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

/** A record as the lists give it, with the fields the edits look at. */
interface Row {
  id: number;
  category_id?: number;
  is_active?: boolean;
  image?: string | null;
}

/** Edits of the company data, shown on every page: every page is rendered again. */
const EVERY_PAGE = new Set([
  'change the company phone',
  'change the company name',
  'change the company address',
  'add or remove a social link',
]);
/** Not an edit of the data: the live release goes back to an older one, built from next. */
const ROLLBACK = 'roll back to an older release';
/**
 * An edit, then the admin's Rebuild now: every page rendered, in the loaded worker (its first
 * build only when it was just replaced), the live release lending only the built files a later
 * build leaves out.
 */
const REBUILD = 'rename a product, then Rebuild now';

describe.skipIf(skipReason)('incremental site builds', () => {
  let api: TestApi;
  let token: string;
  let thumbnails: Server;
  let work: string;
  let serial = 0;
  const worker = () =>
    new WarmBuilds({ script: join(REPO_ROOT, 'site', 'scripts', 'worker.mjs'), cwd: REPO_ROOT });
  // the incremental builds' worker, and the full reference builds' own
  const warm = worker();
  const referenceWarm = worker();
  // the site root the incremental builds go live in
  const live = () => join(work, 'live');

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
    await Promise.all([warm.close(), referenceWarm.close()]);
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
  /** Every record of a resource (staff see the hidden ones too). */
  const all = async (resource: string): Promise<Row[]> =>
    (await api.request('GET', `/api/${resource}?limit=100`, { token })).body.data;
  /** The records the site shows: the active ones, as anonymous readers see them. */
  const shown = async (resource: string): Promise<Row[]> =>
    (await api.request('GET', `/api/${resource}?limit=100`)).body.data;
  /** The products the site shows: active, in an active category. */
  const shownProducts = async () => {
    const categories = new Set((await shown('categories')).map((category) => category.id));
    return (await shown('products')).filter((product) => categories.has(product.category_id!));
  };
  /**
   * Acts on one record of `resource` the site shows, picked at random; where none is left (the
   * random extras may use them up), does the like edit `instead`.
   */
  const onShown = async (
    random: Random,
    resource: string,
    instead: string,
    act: (id: number) => Promise<unknown>,
  ): Promise<string> => {
    const records = await shown(resource);
    if (!records.length) return `none: ${await edits[instead]!(random)}`;
    const { id } = random.pick(records);
    await act(id);
    return `${resource} ${id}`;
  };
  let copyFloor = '';
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
        // the demo's categories on several pages each: their pages and filters' files too
        CATEGORY_PAGE_SIZE: '2',
        // and a sitemap of several files, as a catalogue of tens of thousands of pages has
        SITEMAP_ENTRY_LIMIT: String(SITEMAP_ENTRY_LIMIT),
        // a release from the worker's copy of the live one, or, every other step, only if it
        // keeps most of the live release's files (as a large site's is made: site/scripts/worker.mjs)
        SITE_COPY_FLOOR: copyFloor,
      }),
      keepReleases: 3,
      timeoutMs: 180_000,
      data: () => readSiteData(api.app.db),
    });

  /**
   * The edits a step makes: each a change staff make every day, each through the API, and each
   * to something the site shows (a hidden record's edit would prove nothing). Each says what it
   * did. Where what it needs is gone (the random extras may use it up), it does a like edit.
   */
  /**
   * The categories the current step created: its delete takes another one, or the step's two
   * edits would cancel out and show the site nothing new (seed 7727: create, then delete,
   * category 6).
   */
  const createdThisStep = new Set<number>();
  const edits: Record<string, (random: Random) => Promise<string>> = {
    async 'rename a product'(random) {
      const product = random.pick(await shownProducts());
      await call('PUT', `/api/products/${product.id}`, { name_en: `Renamed ${++serial}` });
      return `product ${product.id}`;
    },
    async 'move a product to another category'(random) {
      const product = random.pick(await shownProducts());
      const others = (await shown('categories')).filter((one) => one.id !== product.category_id);
      const category = random.pick(others);
      await call('PUT', `/api/products/${product.id}`, { category_id: category.id });
      return `product ${product.id} to category ${category.id}`;
    },
    async 'hide a product'(random) {
      const product = random.pick(await shownProducts());
      await call('PUT', `/api/products/${product.id}`, { is_active: false });
      return `product ${product.id}`;
    },
    async 'show a hidden product'(random) {
      const categories = new Set((await shown('categories')).map((category) => category.id));
      const hidden = (await all('products')).filter(
        (product) => !product.is_active && categories.has(product.category_id!),
      );
      if (!hidden.length) return `none hidden: hid ${await edits['hide a product']!(random)}`;
      const product = random.pick(hidden);
      await call('PUT', `/api/products/${product.id}`, { is_active: true });
      return `product ${product.id}`;
    },
    async 'add a product with pictures'(random) {
      const form = new FormData();
      form.append('name_ru', `Новый ${++serial}`);
      form.append('category_id', String(random.pick(await shown('categories')).id));
      form.append('image', file(await jpeg(800, 600), 'main.jpg', 'image/jpeg'));
      form.append('images', file(await png(640, 480), 'more.png', 'image/png'));
      const product = await call('POST', '/api/products', form);
      return `product ${product.id}`;
    },
    async 'delete a product'(random) {
      const product = random.pick(await shownProducts());
      await call('DELETE', `/api/products/${product.id}`);
      return `product ${product.id}`;
    },
    async 'add a video to a product'(random) {
      const product = random.pick(await shownProducts());
      await call('POST', '/api/media', {
        product_id: product.id,
        title_en: `Video ${++serial}`,
        link: `https://youtu.be/vid${serial}abcde`,
      });
      return `product ${product.id}`;
    },
    async 'replace the main picture of a product'(random) {
      const products = await shownProducts();
      const pictured = products.filter((product) => product.image);
      const product = random.pick(pictured.length ? pictured : products);
      const form = new FormData();
      form.append('image', file(await jpeg(720, 540), 'replaced.jpg', 'image/jpeg'));
      await call('PUT', `/api/products/${product.id}`, form);
      return `product ${product.id}${product.image ? '' : ', which had none'}`;
    },
    async 'remove the main picture of a product'(random) {
      const pictured = (await shownProducts()).filter((product) => product.image);
      if (!pictured.length) {
        return `none has one: ${await edits['replace the main picture of a product']!(random)}`;
      }
      const product = random.pick(pictured);
      await call('PUT', `/api/products/${product.id}`, { image: null });
      return `product ${product.id}`;
    },
    async 'remove a picture from a product gallery'(random) {
      const details: { id: number; images: { id: number }[] }[] = [];
      for (const product of await shownProducts()) {
        details.push(await call('GET', `/api/products/${product.id}`));
      }
      const galleries = details.filter((product) => product.images.length > 0);
      if (!galleries.length) {
        return `no gallery: ${await edits['add a product with pictures']!(random)} added`;
      }
      const product = random.pick(galleries);
      const image = random.pick(product.images);
      await call('PUT', `/api/products/${product.id}`, { delete_images_array: [image.id] });
      return `picture ${image.id} of product ${product.id}`;
    },
    async 'create a category'() {
      const category = await call('POST', '/api/categories', { name_ru: `Новая ${++serial}` });
      createdThisStep.add(category.id);
      return `category ${category.id}`;
    },
    async 'rename a category'(random) {
      const category = random.pick(await shown('categories'));
      await call('PUT', `/api/categories/${category.id}`, { name_uz: `Toifa ${++serial}` });
      return `category ${category.id}`;
    },
    async 'hide a category'(random) {
      // two stay, for a product to move between
      const categories = await shown('categories');
      if (categories.length <= 2)
        return `two left: ${await edits['show a hidden category']!(random)}`;
      const category = random.pick(categories);
      await call('PUT', `/api/categories/${category.id}`, { is_active: false });
      return `category ${category.id}`;
    },
    async 'show a hidden category'(random) {
      const hidden = (await all('categories')).filter((category) => !category.is_active);
      if (!hidden.length) return `none hidden: ${await edits['rename a category']!(random)}`;
      const category = random.pick(hidden);
      await call('PUT', `/api/categories/${category.id}`, { is_active: true });
      return `category ${category.id}`;
    },
    async 'delete a category'(random) {
      // only an empty one can go: one with products is refused (categories.hasProducts)
      const products = await all('products');
      const categories = await shown('categories');
      const empty = categories.filter(
        (one) => !createdThisStep.has(one.id) && !products.some((p) => p.category_id === one.id),
      );
      if (!empty.length || categories.length <= 2) {
        return `none empty: ${await edits['create a category']!(random)} created`;
      }
      const category = random.pick(empty);
      await call('DELETE', `/api/categories/${category.id}`);
      return `category ${category.id}`;
    },
    async 'add a project'() {
      const project = await call('POST', '/api/project', {
        title_ru: `Проект ${++serial}`,
        link: 'https://youtu.be/projabcdefg',
      });
      return `project ${project.id}`;
    },
    'edit a project': (random) =>
      onShown(random, 'project', 'add a project', (id) =>
        call('PUT', `/api/project/${id}`, { title_ru: `Проект ${++serial}` }),
      ),
    'hide a project': (random) =>
      onShown(random, 'project', 'add a project', (id) =>
        call('PUT', `/api/project/${id}`, { is_active: false }),
      ),
    'delete a project': (random) =>
      onShown(random, 'project', 'add a project', (id) => call('DELETE', `/api/project/${id}`)),
    async 'add a client'() {
      const form = new FormData();
      form.append('name', `Client ${++serial}`);
      form.append('image', file(await png(300, 200), 'logo.png', 'image/png'));
      const client = await call('POST', '/api/clients', form);
      return `client ${client.id}`;
    },
    'delete a client': (random) =>
      onShown(random, 'clients', 'add a client', (id) => call('DELETE', `/api/clients/${id}`)),
    async 'edit a testimonial'(random) {
      const testimonials = await shown('testimonials');
      if (!testimonials.length) {
        const added = await call('POST', '/api/testimonials', {
          name_ru: `Клиент ${++serial}`,
          message_ru: 'Спасибо',
        });
        return `none: testimonial ${added.id} added`;
      }
      const testimonial = random.pick(testimonials);
      await call('PUT', `/api/testimonials/${testimonial.id}`, { message_en: `Great ${++serial}` });
      return `testimonial ${testimonial.id}`;
    },
    'delete a testimonial': (random) =>
      onShown(random, 'testimonials', 'edit a testimonial', (id) =>
        call('DELETE', `/api/testimonials/${id}`),
      ),
    async 'change the company phone'() {
      const phone = `+998 90 000 00 ${10 + (++serial % 90)}`;
      await call('PUT', '/api/settings', { phone_primary: phone });
      return phone;
    },
    async 'change the company name'() {
      // the footer of every page, and the brand of each product's structured data
      const name = `Conveyor Systems ${++serial} LLC`;
      await call('PUT', '/api/settings', { legal_name: name });
      return name;
    },
    async 'change the company address'(random) {
      // the footer of one language's pages
      const field = random.pick(['address_ru', 'address_uz', 'address_en']);
      await call('PUT', '/api/settings', { [field]: `Tashkent, street ${++serial}` });
      return field;
    },
    async 'add or remove a social link'() {
      // the footer's list of links on every page: there while a link is set, gone without one
      const settings = await call('GET', '/api/settings');
      const link = settings.telegram_url ? '' : `https://t.me/conveyor${++serial}`;
      await call('PUT', '/api/settings', { telegram_url: link });
      return link ? `telegram ${link}` : 'telegram removed';
    },
    async [ROLLBACK](random) {
      // what POST /api/publishing/releases/:release/live does on the instance that builds
      // (switchRelease; the route itself looks the release up among the runner's recorded
      // builds, which these builders are not); the next build starts from that release, not
      // from the newest one
      const current = (await currentRelease(live()))!;
      const pagesOf = async (release: string) =>
        [...(await tree(join(live(), 'releases', release)))]
          .filter(([path]) => path.endsWith('.html'))
          .sort()
          .join();
      const now = await pagesOf(current);
      // the oldest kept (names are build times) whose pages differ from the live one's: an edit
      // undone since (a product hidden, then shown) may have made one the same
      const older: string[] = [];
      for (const release of (await readdir(join(live(), 'releases'))).sort()) {
        if (release !== current && (await pagesOf(release)) !== now) older.push(release);
      }
      if (!older.length) return `none differs: ${await edits['rename a product']!(random)}`;
      await switchRelease(live(), older[0]!);
      return `release ${older[0]} live again, after ${current}`;
    },
    async [REBUILD](random) {
      return edits['rename a product']!(random);
    },
  };

  it(
    'after each of a sequence of edits, a release built from the live one is the full build, file by file',
    { timeout: 900_000 },
    async () => {
      const random = generator(seed);
      // every kind of edit once, in a shuffled order, then a few more at random; a rollback
      // needs an older release than the live one, so not first
      const kinds = Object.keys(edits);
      const sequence = random.shuffle(kinds);
      if (sequence[0] === ROLLBACK) [sequence[0], sequence[1]] = [sequence[1]!, sequence[0]];
      for (let extra = 0; extra < EXTRA; extra++) sequence.push(random.pick(kinds));
      // BATCH edits between builds; a rollback and a Rebuild now each a step of its own
      const steps: string[][] = [];
      let batch: string[] = [];
      for (const kind of sequence) {
        if (kind === ROLLBACK || kind === REBUILD) {
          if (batch.length) steps.push(batch);
          steps.push([kind]);
          batch = [];
        } else if (batch.push(kind) === BATCH) {
          steps.push(batch);
          batch = [];
        }
      }
      if (batch.length) steps.push(batch);
      console.info(
        `incremental builds: seed ${seed} (INCREMENTAL_SEED=${seed} replays it), ` +
          `${sequence.length} edits in ${steps.length} steps: ${steps.map((step) => step.join(' + ')).join('; ')}`,
      );

      // a catalogue: categories with products (some with pictures, one hidden), an empty one
      // and a hidden one, projects (one hidden), clients and reviews
      // (a width their filters offer, so that the categories of several pages have their
      // filters' files)
      const width = await call('POST', '/api/attributes', {
        code: 'width',
        type: 'number',
        name_ru: 'Ширина',
        unit: 'MMT',
        filterable: true,
      });
      for (let c = 0; c < 4; c++) {
        const category = await call('POST', '/api/categories', {
          name_ru: `Категория ${c}`,
          is_active: c < 3,
          attributes: [{ attribute_id: width.id }],
        });
        for (let p = 0; p < 3; p++) {
          await call('POST', '/api/products', {
            name_ru: `Товар ${c}.${p}`,
            category_id: category.id,
            is_active: p < 2 || c > 0,
            specs: [{ attribute_id: width.id, value: 500 + p * 150 }],
          });
        }
      }
      await call('POST', '/api/categories', { name_ru: 'Пустая' });
      for (let i = 0; i < 2; i++) await edits['add a product with pictures']!(random);
      await edits['add a video to a product']!(random);
      for (let i = 0; i < 4; i++) {
        await call('POST', '/api/project', {
          title_ru: `Проект ${i}`,
          link: 'https://youtu.be/projabcdefg',
          is_active: i < 3,
        });
      }
      for (let i = 0; i < 3; i++) {
        await call('POST', '/api/testimonials', { name_ru: `Клиент ${i}`, message_ru: 'Спасибо' });
      }
      for (let i = 0; i < 2; i++) await edits['add a client']!(random);

      const incremental = builder(live(), warm);
      await incremental(); // the first release: everything rendered
      // the worker ends after a full build, and the next one is started at once
      await expect.poll(() => warm.pid).toBeDefined();
      // its pictures are in Astro's image cache under their own names: what pruning relies on
      const pictures = (await readdir(join(live(), 'current', '_astro'))).filter((name) =>
        /\.(webp|avif|jpg)$/.test(name),
      );
      expect(pictures.length).toBeGreaterThan(0);
      const cached = new Set(await readdir(join(REPO_ROOT, '.cache', 'astro', 'assets')));
      expect(pictures.filter((name) => !cached.has(name))).toEqual([]);
      // categories of several pages with filters have their filters' file, in each language
      const catalog = join(live(), 'current', 'en', 'catalog');
      const withFile = (await readdir(catalog)).filter((id) =>
        existsSync(join(catalog, id, 'filters.json')),
      );
      expect(withFile.length).toBeGreaterThan(0);
      const file = JSON.parse(
        await readFile(join(catalog, withFile[0]!, 'filters.json'), 'utf8'),
      ) as { data: { ids: number[] }; cards: [number, string, string, string | null][] };
      expect(file.cards.map(([id]) => id)).toEqual(file.data.ids);
      expect(file.cards[0]![2]).toMatch(new RegExp(`^/en/catalog/${withFile[0]}/products/\\d+$`));
      // the sitemap is an index of files of at most SITEMAP_ENTRY_LIMIT addresses, which name
      // every page once (each build's is then compared with a full build's, file by file)
      const sitemapIndex = await readFile(join(live(), 'current', 'sitemap-index.xml'), 'utf8');
      const sitemapFiles = [
        ...sitemapIndex.matchAll(/<loc>https:\/\/conveyor\.example\/([^<]+)<\/loc>/g),
      ].map((match) => match[1]!);
      expect(sitemapFiles.length).toBeGreaterThan(1);
      const addresses: string[] = [];
      for (const name of sitemapFiles) {
        const xml = await readFile(join(live(), 'current', name), 'utf8');
        // each address's own <loc> (its language alternates are <xhtml:link>s)
        const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
        expect(locs.length, name).toBeLessThanOrEqual(SITEMAP_ENTRY_LIMIT);
        addresses.push(...locs);
      }
      expect(new Set(addresses).size).toBe(addresses.length);
      expect(addresses.length).toBeGreaterThan(SITEMAP_ENTRY_LIMIT);
      // (the test's records are named in Russian: their other languages' pages are duplicates,
      // which the sitemap leaves out)
      expect(addresses).toContain(`https://conveyor.example/catalog/${withFile[0]}`);
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
      let worker = warm.pid;
      // builds the running worker has run: none yet (the first release's ended its own)
      let workerBuilds = 0;
      // builds that kept the standing search index and indexed only the records that changed,
      // in its delta (site/src/integrations/searchDelta.ts)
      let indexesWithDelta = 0;
      // the release the worker built last: the copy it prepares of it is the next build's
      // release, when that one starts from it (site/src/integrations/nextRelease.ts)
      let builtLast = '';
      let releasesFromCopies = 0;
      const reference = builder(join(work, 'reference'), referenceWarm);
      for (const [index, kinds] of steps.entries()) {
        const step = index + 1;
        const did: string[] = [];
        createdThisStep.clear();
        for (const kind of kinds) did.push(`${kind} (${await edits[kind]!(random)})`);
        const context = `seed ${seed}, step ${step} of ${steps.length}: ${did.join('; ')}`;
        const rebuild = kinds.includes(REBUILD);
        // the release this build starts from: the live one (after a rollback, an older one)
        const before = (await currentRelease(live()))!;
        // hashed now: a release built from after a rollback may be retired by the build
        const base = await tree(join(live(), 'releases', before));
        copyFloor = step % 2 ? '' : '1';
        const started = performance.now();
        const result = await incremental(undefined, { full: rebuild }).catch((error) => {
          console.error(error.logTail); // the failed build's own log, which its error leaves out
          throw error;
        });
        const built = performance.now();
        // the reference: a build of its own process (first, Rebuild and last steps), or every
        // page rendered in the reference's warm worker
        const cold = step === 1 || rebuild || step === steps.length;
        const fullRoot = cold ? join(work, `full-${step}`) : join(work, 'reference');
        const full = cold ? await builder(fullRoot)() : await reference(undefined, { full: true });
        const fullRelease = join(fullRoot, 'releases', full.release!);
        console.info(
          `step ${step}: ${did.join('; ')}: incremental ${((built - started) / 1000).toFixed(1)} s ` +
            `(${/^worker: (the release made from the live release's copy|most of the release written anew)/m.exec(result.logTail)?.[1] ?? 'linked'}), ` +
            `full (${cold ? 'own process' : 'warm'}) ${((performance.now() - built) / 1000).toFixed(1)} s`,
        );
        const release = join(live(), 'releases', result.release!);
        const [made, expected] = await Promise.all([tree(release), tree(fullRelease)]);
        expect([...made.keys()].sort(), context).toEqual([...expected.keys()].sort());
        for (const [path, digest] of expected)
          expect(made.get(path), `${context}: ${path}`).toBe(digest);
        // how many pages the release holds, as the warm worker answers it and as the runner
        // counts a build process's: every HTML file of the release
        const htmlFiles = [...made.keys()].filter((path) => path.endsWith('.html')).length;
        expect([result.pages, full.pages], context).toEqual([htmlFiles, htmlFiles]);
        // the edit changed what the site shows, so a build that missed it would fail above
        const pages = new Set(
          [...expected.keys(), ...base.keys()].filter((path) => path.endsWith('.html')),
        );
        const changed = [...pages].filter((path) => base.get(path) !== expected.get(path));
        expect(changed, `${context}: no page changed`).not.toEqual([]);
        if (step === 1) {
          // a full build's pictures, all in the image cache by now, are links to its entries,
          // not copies (site/src/integrations/pictures.ts)
          const fullAstro = join(fullRelease, '_astro');
          const shownPictures = (await readdir(fullAstro)).filter((name) =>
            /\.(webp|avif|jpg)$/.test(name),
          );
          expect(shownPictures.length, context).toBeGreaterThan(0);
          for (const name of shownPictures) {
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
        // a worker's build after its first renders with the bundle its last bundling build
        // kept (site/scripts/bundleKeeper.mjs), byte for byte as bundling would; Rebuild now
        // bundles anew
        expect(/; the kept bundle$/m.test(result.logTail), `${context}\n${result.logTail}`).toBe(
          !rebuild && workerBuilds > 0,
        );
        // a build from the release its worker built last is made from the copy the worker made
        // of it meanwhile (not Rebuild now, nor after a rollback: their releases are linked),
        // unless it wrote most of the release anew, when it links what it kept
        const fromCopy = /^worker: the release made from the live release's copy/m.test(
          result.logTail,
        );
        const anew = /^worker: most of the release written anew/m.test(result.logTail);
        const copied = !rebuild && workerBuilds > 0 && before === builtLast;
        expect(fromCopy || anew, `${context}\n${result.logTail}`).toBe(copied);
        if (copied && !copyFloor) expect(fromCopy, `${context}\n${result.logTail}`).toBe(true);
        if (fromCopy) releasesFromCopies++;
        // so is its manifest: the one the worker wrote, kept rather than parsed again
        // (site/src/integrations/incremental.ts)
        expect(
          /the live release's manifest kept from the last build/.test(result.logTail),
          `${context}\n${result.logTail}`,
        ).toBe(copied);
        builtLast = result.release!;
        const delta =
          /search index: \d+ records in \d+ ms \((\d+) in the delta; .+ carried over\)/.exec(
            result.logTail,
          );
        if (delta && Number(delta[1]) > 0) indexesWithDelta++;

        // an edit of one record rendered only the pages that show it, fewer than a full build
        // does, and carried the rest over as hard links (the company data are on every page;
        // after a rollback, what changed since the older release is rendered)
        const carried = /carried over (\d+) pages/.exec(result.logTail);
        if (rebuild) {
          // every page rendered; carried over, when the worker had built before (as it has,
          // unless it was just replaced), the files its first build wrote and this one did not
          const rendered = (log: string) => /rendering (\d+) pages/.exec(log)?.[1];
          expect(rendered(result.logTail), context).toBe(rendered(full.logTail));
          if (workerBuilds > 0) expect(carried?.[1], `${context}\n${result.logTail}`).toBe('0');
          else expect(carried, context).toBeNull(); // a first build writes every file itself
        } else expect(carried, `${context}\n${result.logTail}`).not.toBeNull();
        if (!kinds.some((kind) => EVERY_PAGE.has(kind) || kind === ROLLBACK || kind === REBUILD)) {
          expect(Number(carried![1]), context).toBeGreaterThan(0);
          const [page, previousPage] = await Promise.all([
            stat(join(release, 'services', 'index.html')),
            stat(join(live(), 'releases', before, 'services', 'index.html')),
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
        workerBuilds++;
        if (warm.pid !== worker) {
          expect(peakMb, `${context}: a worker ended before its memory limit`).toBeGreaterThan(
            1000,
          );
          worker = warm.pid;
          workerBuilds = 0;
        }
        if (cold) await rm(fullRoot, { recursive: true, force: true });
      }
      expect(indexesWithDelta).toBeGreaterThan(0);
      expect(releasesFromCopies).toBeGreaterThan(0);
      // the copies that were used or discarded are gone, the one for the next build aside
      // (the copy and its mark; none, when the last build ended its worker)
      const copies = async () =>
        (await readdir(join(live(), 'work'))).filter((name) => name.startsWith('next-')).length;
      await expect.poll(copies).toBeLessThanOrEqual(2);
    },
  );
});
