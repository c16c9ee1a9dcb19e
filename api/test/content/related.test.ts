import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteData } from '../../src/publish/siteData.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// A product's related products (`related`): other products by kind, in order, possibly both
// ways; checked against what they name, carried by revisions and drafts as a part of the
// product, and in the site's snapshot only as far as the site shows them. SQLite and PostgreSQL.

describe.skipIf(skipReason)('related products', () => {
  let api: TestApi;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_en: 'Belt conveyors' },
    });
    for (const name of ['conveyor', 'scraper', 'drum', 'twin']) {
      const created = await api.request('POST', '/api/products', {
        token,
        json: { name_en: name, category_id: category.body.data.id },
      });
      ids[name] = created.body.data.id;
    }
  });
  afterAll(() => api?.close());

  const save = (id: number, related: unknown) =>
    api.request('PUT', `/api/products/${id}`, { token, json: { related } });
  const relatedOf = async (id: number) =>
    (await api.request('GET', `/api/products/${id}`, { token })).body.data.related;

  it('keeps the picks in order, by kind, and refuses what cannot be', async () => {
    const picks = [
      { product_id: ids.scraper!, kind: 'accessory' },
      { product_id: ids.drum!, kind: 'spare_part' },
      { product_id: ids.twin!, kind: 'similar', two_way: true },
      // the same product as another kind is another pick
      { product_id: ids.drum!, kind: 'accessory' },
    ];
    const saved = await save(ids.conveyor!, picks);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.related).toEqual(picks.map((pick) => ({ two_way: false, ...pick })));
    // anonymous readers get them too: the site shows them
    expect(
      (await api.request('GET', `/api/products/${ids.conveyor}`)).body.data.related,
    ).toHaveLength(4);

    for (const [related, message] of [
      [[{ product_id: ids.conveyor!, kind: 'similar' }], 'itself'],
      [[{ product_id: 999999, kind: 'similar' }], 'no product'],
      [
        [
          { product_id: ids.drum!, kind: 'similar' },
          { product_id: ids.drum!, kind: 'similar' },
        ],
        'twice',
      ],
    ] as const) {
      const refused = await save(ids.conveyor!, related);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ field: 'related' });
      expect(refused.body.error).toContain(message);
    }
    const wrongKind = await save(ids.conveyor!, [{ product_id: ids.drum!, kind: 'cousin' }]);
    expect(wrongKind.status).toBe(400);
    // nothing of a refused save is kept
    expect(await relatedOf(ids.conveyor!)).toHaveLength(4);
  });

  it('goes with a revision and a draft, and only what the site shows goes into its snapshot', async () => {
    const draft = await api.request('PUT', `/api/products/${ids.conveyor}/draft`, {
      token,
      json: { related: [{ product_id: ids.twin!, kind: 'similar', two_way: true }] },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(await relatedOf(ids.conveyor!)).toHaveLength(4);
    const published = await api.request('POST', `/api/products/${ids.conveyor}/draft/publish`, {
      token,
    });
    expect(published.body.data.related).toEqual([
      { product_id: ids.twin, kind: 'similar', two_way: true },
    ]);
    // the revision before the draft brings the four back
    const revisions = (
      await api.request('GET', `/api/products/${ids.conveyor}/revisions`, { token })
    ).body.data as { id: number }[];
    const restored = await api.request(
      'POST',
      `/api/products/${ids.conveyor}/revisions/${revisions[1]!.id}/restore`,
      { token, json: {} },
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data.related).toHaveLength(4);

    // a hidden product is not linked to on the site
    await api.request('PUT', `/api/products/${ids.scraper}`, { token, json: { is_active: false } });
    const site = await readSiteData(api.app.db);
    const conveyor = site.products.find((product) => product.id === ids.conveyor)!;
    expect(conveyor.related.map((item) => item.product_id)).toEqual([ids.drum, ids.twin, ids.drum]);

    // a deleted product leaves the lists it was in
    expect((await api.request('DELETE', `/api/products/${ids.twin}`, { token })).status).toBe(200);
    expect(
      (await relatedOf(ids.conveyor!)).map((item: { product_id: number }) => item.product_id),
    ).toEqual([ids.scraper, ids.drum, ids.drum]);
  });
  it('names to anonymous readers only the related products they may see; staff see them all', async () => {
    const hidden = (
      await api.request('POST', '/api/categories', {
        token,
        json: { name_en: 'Not yet shown', is_active: false },
      })
    ).body.data.id as number;
    const shownCategory = (await api.request('GET', `/api/products/${ids.conveyor}`, { token }))
      .body.data.category_id as number;
    const make = async (name: string, fields: object = {}) => {
      const created = await api.request('POST', '/api/products', {
        token,
        json: { name_en: name, category_id: shownCategory, ...fields },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.id as number;
    };
    const shown = await make('shown');
    const off = await make('switched off', { is_active: false });
    const inHidden = await make('in a hidden category', { category_id: hidden });
    const scheduled = await make('scheduled', { is_active: false });
    const publishAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    expect(
      (
        await api.request('PUT', `/api/products/${scheduled}/schedule`, {
          token,
          json: { publish_at: publishAt },
        })
      ).status,
    ).toBe(200);
    const drafted = await make('live only in its draft', { is_active: false });
    expect(
      (
        await api.request('PUT', `/api/products/${drafted}/draft`, {
          token,
          json: { is_active: true },
        })
      ).status,
    ).toBe(200);
    const trashed = await make('trashed');
    const all = [shown, off, inHidden, scheduled, drafted, trashed];
    const hub = await make('hub', {
      related: all.map((id) => ({ product_id: id, kind: 'similar', two_way: true })),
    });
    expect((await api.request('DELETE', `/api/products/${trashed}`, { token })).status).toBe(200);

    const anonymous = async () =>
      (await api.request('GET', `/api/products/${hub}`)).body.data.related.map(
        (item: { product_id: number }) => item.product_id,
      );
    expect(await anonymous()).toEqual([shown]);
    expect((await relatedOf(hub)).map((item: { product_id: number }) => item.product_id)).toEqual([
      shown,
      off,
      inHidden,
      scheduled,
      drafted,
    ]);
    // once one is shown, it is named (the cached answer goes with the change)
    await api.request('PUT', `/api/products/${off}`, { token, json: { is_active: true } });
    expect(await anonymous()).toEqual([shown, off]);
  });
});
