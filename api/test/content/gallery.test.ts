import { MAX_PRODUCT_IMAGES } from '@conveyor/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteData } from '../../src/publish/siteData.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import { file, png } from '../helpers/images.ts';

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

// At most eight pictures a product (MAX_PRODUCT_IMAGES) on every path that adds them: saves at
// the same moment, and a draft's pictures published onto a gallery that filled up meanwhile.
describe.skipIf(skipReason)('the gallery’s cap', () => {
  let api: TestApi;
  let token: string;
  let categoryId: number;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
    categoryId = (
      await api.request('POST', '/api/categories', { token, json: { name_en: 'Belt conveyors' } })
    ).body.data.id;
  });
  afterAll(() => api?.close());

  const newProduct = async (name: string) =>
    (
      await api.request('POST', '/api/products', {
        token,
        json: { name_en: name, category_id: categoryId },
      })
    ).body.data.id as number;
  const withPictures = async (count: number) => {
    const form = new FormData();
    for (let i = 0; i < count; i++)
      form.append('images', file(await png(32, 24), `${i}.png`, 'image/png'));
    return form;
  };
  const imagesOf = async (id: number) =>
    (await api.request('GET', `/api/products/${id}`, { token })).body.data.images as {
      id: number;
      src: string;
    }[];

  it('keeps exactly eight when 20 saves each add a picture at the same moment', async () => {
    const id = await newProduct('Crowded');
    const forms = await Promise.all(Array.from({ length: 20 }, () => withPictures(1)));
    const answers = await Promise.all(
      forms.map((form) => api.request('PUT', `/api/products/${id}`, { token, form })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(MAX_PRODUCT_IMAGES);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect([refused.status, refused.body.code]).toEqual([400, 'images.tooMany']);
    }
    expect(await imagesOf(id)).toHaveLength(MAX_PRODUCT_IMAGES);
  });

  it('refuses to publish a draft’s pictures onto a gallery that filled up since, and keeps the draft', async () => {
    const id = await newProduct('Drafted');
    const draft = await api.request('PUT', `/api/products/${id}/draft`, {
      token,
      form: await withPictures(3),
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const filled = await api.request('PUT', `/api/products/${id}`, {
      token,
      form: await withPictures(MAX_PRODUCT_IMAGES - 1),
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    const live = await imagesOf(id);
    const published = await api.request('POST', `/api/products/${id}/draft/publish`, { token });
    expect([published.status, published.body.code]).toEqual([400, 'images.tooMany']);
    expect(await imagesOf(id)).toEqual(live);
    const kept = (await api.request('GET', `/api/products/${id}/draft`, { token })).body.data;
    expect(kept.data.images_added).toHaveLength(3);
  });
});
