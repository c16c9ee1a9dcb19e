import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/db/seed/index.ts';
import { readSiteData } from '../../src/publish/siteData.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import { file, jpeg, png } from '../helpers/images.ts';

// The tests that run real site builds run on SQLite only (each build takes seconds, and the
// database is touched only by the snapshot the build reads). This file is what lets them: the
// snapshot read gives the same data on PostgreSQL as on SQLite, for the demo catalogue and the
// edits that change what the site shows. It runs in the PostgreSQL project only (vitest.config.ts).

/**
 * The snapshot with what legitimately differs between two databases made comparable: the
 * times records were written (each database got its own) and the stored files' random names
 * (each numbered by where it first appears).
 */
const STORED = /^(?:\/uploads\/)?([a-z]+\/[0-9a-f-]{36})(?:\.\w+|\/\d+\/[^/]+)$/;

function comparable(snapshot: unknown): unknown {
  const names = new Map<string, string>();
  const walk = (value: unknown, key = ''): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    }
    if (typeof value === 'string' && /_at$/.test(key)) {
      // the same shape on both: an ISO time in UTC
      expect(value, key).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      return '<time>';
    }
    const stored = typeof value === 'string' ? STORED.exec(value) : null;
    if (stored) {
      // a document's key and its address name the same file
      const name = stored[1]!;
      if (!names.has(name)) names.set(name, `<file ${names.size}>`);
      return `${names.get(name)}${stored[0].startsWith('/') ? ' url' : ''}`;
    }
    return value;
  };
  return walk(snapshot);
}

describe.skipIf(skipReason)('the site snapshot on both databases', () => {
  let sqlite: TestApi;
  let postgres: TestApi;
  const tokens = new Map<TestApi, string>();

  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([startApi({ DATABASE_URL: '' }), startApi()]);
    expect(sqlite.config.databaseUrl ?? '').toBe('');
    expect(postgres.config.databaseUrl).toMatch(/^postgres/);
    for (const api of [sqlite, postgres]) {
      await seedDemo(api.app.db, api.app.images, api.app.log);
      tokens.set(api, await api.signIn());
    }
  });
  afterAll(async () => {
    await Promise.all([sqlite?.close(), postgres?.close()]);
  });

  /** The same request on both; their answers must agree in status. */
  const both = async (method: string, path: string, body?: unknown) => {
    const replies = [];
    for (const api of [sqlite, postgres]) {
      // a form is built anew for each (its files are read once)
      const value = typeof body === 'function' ? await body() : body;
      const reply = await api.request(method, path, {
        token: tokens.get(api),
        ...(value instanceof FormData
          ? { form: value }
          : value === undefined
            ? {}
            : { json: value }),
      });
      expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
      replies.push(reply.body?.data);
    }
    return replies;
  };

  const snapshots = async () =>
    Promise.all([readSiteData(sqlite.app.db), readSiteData(postgres.app.db)]);

  it('reads the demo catalogue alike', async () => {
    const [a, b] = await snapshots();
    const shown = a as { products: unknown[]; categories: unknown[]; projects: unknown[] };
    expect(shown.products.length).toBeGreaterThan(10);
    expect(shown.categories.length).toBeGreaterThan(2);
    expect(comparable(b)).toEqual(comparable(a));
  });

  it('reads alike after the edits that change what the site shows', async () => {
    // a product hidden, one moved, a category hidden, a gallery reordered by additions, a
    // video added, a project hidden, a testimonial and the company data edited, names that
    // sort by Unicode, and a new product with pictures
    await both('PUT', '/api/products/1', { is_active: false });
    await both('PUT', '/api/products/2', { category_id: 3, name_en: 'Ölçü — Лента' });
    await both('PUT', '/api/categories/2', { is_active: false });
    await both('POST', '/api/media', {
      product_id: 4,
      title_en: 'Assembly',
      link: 'https://youtu.be/abcdefghijk',
    });
    await both('PUT', '/api/project/1', { is_active: false });
    await both('PUT', '/api/testimonials/1', { message_en: 'Ёмкий отзыв, "quoted"' });
    await both('PUT', '/api/settings', { legal_name: 'O‘zbek Conveyor LLC', telegram_url: '' });
    const picture = await jpeg(640, 480);
    const extra = await png(320, 240);
    await both('POST', '/api/products', () => {
      const form = new FormData();
      form.append('name_ru', 'Новый привод');
      form.append('category_id', '3');
      form.append('image', file(picture, 'main.jpg', 'image/jpeg'));
      form.append('images', file(extra, 'more.png', 'image/png'));
      return form;
    });
    await both('DELETE', '/api/clients/1');

    const [a, b] = await snapshots();
    const products = (a as { products: { id: number; name_en: string | null }[] }).products;
    expect(products.some((product) => product.id === 1)).toBe(false);
    expect(products.find((product) => product.id === 2)?.name_en).toBe('Ölçü — Лента');
    expect(comparable(b)).toEqual(comparable(a));
  });
});
