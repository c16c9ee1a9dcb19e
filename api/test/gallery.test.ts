import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteData } from '../src/publish/siteData.ts';
import { type TestApi, startApi } from './helpers/api.ts';
import { skipReason } from './helpers/database.ts';
import { file, png } from './helpers/images.ts';

// A product's gallery arranged by staff (`gallery`): its pictures' order and their alternative
// texts in each language, by file; kept by revisions and read by the site. SQLite and PostgreSQL.

describe.skipIf(skipReason)('the gallery’s order and alternative texts', () => {
  let api: TestApi;
  let token: string;
  let productId: number;
  let srcs: string[];

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_en: 'Belt conveyors' },
    });
    const form = new FormData();
    form.append('name_en', 'LK-400');
    form.append('category_id', String(category.body.data.id));
    for (const name of ['a', 'b', 'c'])
      form.append('images', file(await png(), `${name}.png`, 'image/png'));
    const created = await api.request('POST', '/api/products', { token, form });
    productId = created.body.data.id;
    srcs = created.body.data.images.map((image: { src: string }) => image.src);
  });
  afterAll(() => api?.close());

  const detail = async () =>
    (await api.request('GET', `/api/products/${productId}`, { token })).body.data;

  it('puts the pictures in the order sent, with their texts; the rest follow as they were', async () => {
    const [a, b, c] = srcs as [string, string, string];
    const saved = await api.request('PUT', `/api/products/${productId}`, {
      token,
      json: {
        gallery: [
          { src: c, alt_ru: '  Привод крупным планом ', alt_en: 'The drive up close' },
          { src: a },
          // not one of the product's pictures: passed over
          { src: 'products/not-its-own.png', alt_en: 'x' },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.images).toEqual([
      {
        id: expect.any(Number),
        src: c,
        alt_uz: '',
        alt_ru: 'Привод крупным планом',
        alt_en: 'The drive up close',
      },
      { id: expect.any(Number), src: a, alt_uz: '', alt_ru: '', alt_en: '' },
      { id: expect.any(Number), src: b, alt_uz: '', alt_ru: '', alt_en: '' },
    ]);
    expect(saved.body.data.gallery.map((picture: { src: string }) => picture.src)).toEqual([
      c,
      a,
      b,
    ]);
    // the site reads them
    const site = await readSiteData(api.app.db);
    expect(site.products[0]!.images[0]).toMatchObject({ src: c, alt_en: 'The drive up close' });
    // too long a text is refused, and nothing changes
    const long = await api.request('PUT', `/api/products/${productId}`, {
      token,
      json: { gallery: [{ src: a, alt_en: 'x'.repeat(301) }] },
    });
    expect(long.status).toBe(400);
    expect((await detail()).images.map((image: { src: string }) => image.src)).toEqual([c, a, b]);
  });

  it('goes back with a revision: the order and the texts', async () => {
    const before = await detail();
    await api.request('PUT', `/api/products/${productId}`, {
      token,
      json: { gallery: [{ src: srcs[1]!, alt_uz: 'Lenta' }] },
    });
    expect((await detail()).images[0].src).toBe(srcs[1]);
    const revisions = (await api.request('GET', `/api/products/${productId}/revisions`, { token }))
      .body.data as { id: number }[];
    const restored = await api.request(
      'POST',
      `/api/products/${productId}/revisions/${revisions[1]!.id}/restore`,
      { token, json: {} },
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(
      restored.body.data.images.map(({ src, alt_en }: { src: string; alt_en: string }) => [
        src,
        alt_en,
      ]),
    ).toEqual(
      before.images.map(({ src, alt_en }: { src: string; alt_en: string }) => [src, alt_en]),
    );
  });
});
