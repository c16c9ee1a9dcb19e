import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryPart } from '../../src/content/gallery.ts';
import { readParts } from '../../src/content/parts.ts';
import { productMedia } from '../../src/content/productMedia.ts';
import { relatedPart } from '../../src/content/related.ts';
import { specsPart } from '../../src/content/specs.ts';
import { productDetail } from '../../src/content/productDetail.ts';
import { products } from '../../src/db/repositories/tables.ts';
import { readSiteData } from '../../src/publish/siteData.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Specifications as parts of their records: a category's template (`attributes`) and a
// product's typed values (`specs`), checked against the attributes they name, and carried by
// every path a record takes (create, update, multipart, drafts, revisions, the trash, the site's
// snapshot). Runs on SQLite and PostgreSQL.

describe.skipIf(skipReason)('specifications', () => {
  let api: TestApi;
  let token: string;
  const ids: Record<string, number> = {};
  let categoryId: number;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false, TRASH_DAYS: '30' });
    token = await api.signIn();
    const attributes = [
      { code: 'belt_width', type: 'number', unit: 'MMT', name_en: 'Belt width', decimals: 0 },
      { code: 'length', type: 'range', unit: 'MTR', name_en: 'Length', decimals: 1 },
      {
        code: 'frame',
        type: 'enum',
        name_en: 'Frame',
        options: [{ code: 'steel' }, { code: 'aluminium' }],
      },
      { code: 'reversible', type: 'boolean', name_en: 'Reversible' },
      { code: 'note', type: 'text', name_en: 'Note' },
    ];
    for (const attribute of attributes) {
      const reply = await api.request('POST', '/api/attributes', { token, json: attribute });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      ids[attribute.code] = reply.body.data.id;
    }
    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_en: 'Belt conveyors' },
    });
    categoryId = category.body.data.id;
  });
  afterAll(() => api?.close());

  const product = (json: Record<string, unknown>) =>
    api.request('POST', '/api/products', {
      token,
      json: { name_en: 'Conveyor', category_id: categoryId, ...json },
    });
  const update = (path: string, json: Record<string, unknown>) =>
    api.request('PUT', path, { token, json });

  it('keeps a category template in order, with required marks, and replaces it on update', async () => {
    const template = [
      { attribute_id: ids.belt_width!, required: true },
      { attribute_id: ids.length! },
      { attribute_id: ids.frame!, required: false },
    ];
    const saved = await update(`/api/categories/${categoryId}`, { attributes: template });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.attributes).toEqual([
      { attribute_id: ids.belt_width, required: true },
      { attribute_id: ids.length, required: false },
      { attribute_id: ids.frame, required: false },
    ]);
    const reordered = await update(`/api/categories/${categoryId}`, {
      attributes: [{ attribute_id: ids.frame! }, { attribute_id: ids.belt_width!, required: true }],
    });
    expect(
      reordered.body.data.attributes.map((e: { attribute_id: number }) => e.attribute_id),
    ).toEqual([ids.frame, ids.belt_width]);
    // anonymous readers see the template too (the site's filters are built from it)
    const open = await api.request('GET', `/api/categories/${categoryId}`);
    expect(open.body.data.attributes).toHaveLength(2);
    // an update without the field leaves it alone
    await update(`/api/categories/${categoryId}`, { name_en: 'Belt conveyors!' });
    const again = await api.request('GET', `/api/categories/${categoryId}`, { token });
    expect(again.body.data.attributes).toHaveLength(2);
  });

  it('refuses a template naming an attribute that does not exist, or one twice', async () => {
    const missing = await update(`/api/categories/${categoryId}`, {
      attributes: [{ attribute_id: 999_999 }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'attributes' });
    expect(missing.body.error).toContain('999999');
    const twice = await update(`/api/categories/${categoryId}`, {
      attributes: [{ attribute_id: ids.frame! }, { attribute_id: ids.frame! }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toContain('frame is given twice');
    // nothing changed
    const kept = await api.request('GET', `/api/categories/${categoryId}`, { token });
    expect(kept.body.data.attributes).toHaveLength(2);
  });

  it('keeps typed values of every type, each in the fields of its type, empty ones dropped', async () => {
    const created = await product({
      specs: [
        { attribute_id: ids.belt_width!, value: 1200 },
        { attribute_id: ids.length!, min: 1.5, max: 12 },
        { attribute_id: ids.frame!, option: 'steel', value: null },
        { attribute_id: ids.reversible!, value: false },
        { attribute_id: ids.note!, text_ru: 'Для угля', text_en: 'For coal', text_uz: '' },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const expected = [
      { attribute_id: ids.belt_width, value: 1200 },
      { attribute_id: ids.length, min: 1.5, max: 12 },
      { attribute_id: ids.frame, option: 'steel' },
      { attribute_id: ids.reversible, value: false },
      { attribute_id: ids.note, text_ru: 'Для угля', text_en: 'For coal' },
    ];
    expect(created.body.data.specs).toEqual(expected);
    const read = await api.request('GET', `/api/products/${created.body.data.id}`);
    expect(read.body.data.specs).toEqual(expected);

    // a value left empty is not stored: the product is incomplete, not wrong
    const emptied = await update(`/api/products/${created.body.data.id}`, {
      specs: [
        { attribute_id: ids.belt_width!, value: null },
        { attribute_id: ids.frame!, option: 'aluminium' },
      ],
    });
    expect(emptied.status).toBe(200);
    expect(emptied.body.data.specs).toEqual([{ attribute_id: ids.frame, option: 'aluminium' }]);
  });

  it('refuses a value that does not fit its attribute, naming the attribute, and changes nothing', async () => {
    const made = await product({ specs: [{ attribute_id: ids.belt_width!, value: 800 }] });
    const id = made.body.data.id as number;
    const cases: [Record<string, unknown>, string][] = [
      // the schema's own check names the value's place in the list
      [{ attribute_id: ids.belt_width!, value: 'wide' }, 'specs.0.value'],
      [{ attribute_id: ids.belt_width!, value: true }, 'belt_width takes a number'],
      [{ attribute_id: ids.belt_width!, min: 1, max: 2 }, 'belt_width takes a number'],
      [{ attribute_id: ids.belt_width!, value: 1.5 }, 'belt_width takes at most 0 digits'],
      [
        { attribute_id: ids.length!, min: 12, max: 3 },
        'length its minimum 12 is above its maximum 3',
      ],
      [{ attribute_id: ids.frame!, option: 'wood' }, 'frame has no option "wood"'],
      [{ attribute_id: ids.reversible!, value: 1 }, 'reversible takes true or false'],
      [{ attribute_id: 999_999, value: 1 }, 'there is no attribute with id 999999'],
    ];
    for (const [spec, message] of cases) {
      const reply = await update(`/api/products/${id}`, { name_en: 'Changed', specs: [spec] });
      expect(reply.status, JSON.stringify(spec)).toBe(400);
      expect(reply.body.field).toMatch(/^specs/);
      expect(reply.body.error).toContain(message);
    }
    const twice = await update(`/api/products/${id}`, {
      specs: [
        { attribute_id: ids.belt_width!, value: 1 },
        { attribute_id: ids.belt_width!, value: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toContain('belt_width is given twice');
    const kept = await api.request('GET', `/api/products/${id}`, { token });
    expect(kept.body.data.name_en).toBe('Conveyor');
    expect(kept.body.data.specs).toEqual([{ attribute_id: ids.belt_width, value: 800 }]);
    // nor is a refused create stored
    const before = (await api.request('GET', '/api/products?limit=100', { token })).body.total;
    expect((await product({ specs: [{ attribute_id: ids.frame!, option: 'x' }] })).status).toBe(
      400,
    );
    expect((await api.request('GET', '/api/products?limit=100', { token })).body.total).toBe(
      before,
    );
  });

  it('takes the values as a JSON field of a multipart save, as the back office sends them', async () => {
    const form = new FormData();
    form.append('name_en', 'From a form');
    form.append('category_id', String(categoryId));
    form.append('specs', JSON.stringify([{ attribute_id: ids.length!, min: 2, max: 8.5 }]));
    const created = await api.request('POST', '/api/products', { token, form });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.specs).toEqual([{ attribute_id: ids.length, min: 2, max: 8.5 }]);
    const broken = new FormData();
    broken.append('specs', '[{oops');
    const reply = await api.request('PUT', `/api/products/${created.body.data.id}`, {
      token,
      form: broken,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ field: 'specs' });
  });

  it('keeps values in revisions: a change is listed, a restore brings them back', async () => {
    const made = await product({ specs: [{ attribute_id: ids.belt_width!, value: 500 }] });
    const id = made.body.data.id as number;
    await update(`/api/products/${id}`, { specs: [{ attribute_id: ids.belt_width!, value: 650 }] });
    const history = await api.request('GET', `/api/products/${id}/revisions`, { token });
    const [latest, first] = history.body.data as {
      id: number;
      fields: string[];
      snapshot: { specs: unknown };
    }[];
    expect(latest!.fields).toEqual(['specs']);
    expect(latest!.snapshot.specs).toEqual([{ attribute_id: ids.belt_width, value: 650 }]);
    const restored = await api.request(
      'POST',
      `/api/products/${id}/revisions/${first!.id}/restore`,
      { token, json: {} },
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data.specs).toEqual([{ attribute_id: ids.belt_width, value: 500 }]);
  });

  it('keeps values in a draft until it is published', async () => {
    const made = await product({ specs: [{ attribute_id: ids.belt_width!, value: 400 }] });
    const id = made.body.data.id as number;
    const draft = await update(`/api/products/${id}/draft`, {
      specs: [{ attribute_id: ids.belt_width!, value: 1000 }],
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const bad = await update(`/api/products/${id}/draft`, {
      specs: [{ attribute_id: ids.frame!, option: 'wood' }],
    });
    expect(bad.status).toBe(400);
    const live = await api.request('GET', `/api/products/${id}`);
    expect(live.body.data.specs).toEqual([{ attribute_id: ids.belt_width, value: 400 }]);
    const published = await api.request('POST', `/api/products/${id}/draft/publish`, {
      token,
      json: {},
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data.specs).toEqual([{ attribute_id: ids.belt_width, value: 1000 }]);
  });

  it('brings a product back from the trash with its values', async () => {
    const made = await product({ specs: [{ attribute_id: ids.frame!, option: 'steel' }] });
    const id = made.body.data.id as number;
    expect((await api.request('DELETE', `/api/products/${id}`, { token })).status).toBe(200);
    const trash = await api.request('GET', '/api/trash?limit=100', { token });
    const item = (trash.body.data as { id: number; resource: string; record_id: number }[]).find(
      (row) => row.resource === 'products' && row.record_id === id,
    );
    expect(item).toBeDefined();
    const back = await api.request('POST', `/api/trash/${item!.id}/restore`, { token, json: {} });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const read = await api.request('GET', `/api/products/${id}`, { token });
    expect(read.body.data.specs).toEqual([{ attribute_id: ids.frame, option: 'steel' }]);
  });

  it('keeps an attribute in use: no delete, no type change, no dropping a chosen option', async () => {
    const made = await product({ specs: [{ attribute_id: ids.frame!, option: 'aluminium' }] });
    expect(made.status).toBe(201);
    const removed = await api.request('DELETE', `/api/attributes/${ids.frame}`, { token });
    expect(removed.status).toBe(409);
    expect(removed.body.code).toBe('inUse');
    expect(removed.body.error).toMatch(/product\(s\) have values of it/);
    const retyped = await update(`/api/attributes/${ids.frame}`, { type: 'text', options: [] });
    expect(retyped.status).toBe(409);
    expect(retyped.body.field).toBe('type');
    const dropped = await update(`/api/attributes/${ids.frame}`, {
      options: [{ code: 'steel' }, { code: 'wood' }],
    });
    expect(dropped.status).toBe(409);
    expect(dropped.body.error).toContain('aluminium');
    // renaming an option's label, keeping its code, is fine
    const renamed = await update(`/api/attributes/${ids.frame}`, {
      options: [{ code: 'steel' }, { code: 'aluminium', name_en: 'Aluminium' }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // an attribute nobody uses goes
    const spare = await api.request('POST', '/api/attributes', {
      token,
      json: { code: 'spare', type: 'number', name_en: 'Spare' },
    });
    const gone = await api.request('DELETE', `/api/attributes/${spare.body.data.id}`, { token });
    expect(gone.status).toBe(200);
  });

  it('lists how complete each product is, and finds the incomplete ones', async () => {
    const made = await api.request('POST', '/api/categories', {
      token,
      json: {
        name_en: 'Completeness',
        attributes: [
          { attribute_id: ids.belt_width!, required: true },
          { attribute_id: ids.length! },
          { attribute_id: ids.frame!, required: true },
        ],
      },
    });
    const category = made.body.data.id as number;
    const add = async (specs: Record<string, unknown>[]) =>
      (await product({ category_id: category, specs })).body.data.id as number;
    const partly = await add([
      { attribute_id: ids.belt_width!, value: 500 },
      { attribute_id: ids.length!, min: 1, max: 2 },
    ]);
    const whole = await add([
      { attribute_id: ids.belt_width!, value: 500 },
      { attribute_id: ids.frame!, option: 'steel' },
    ]);
    // a value of an attribute outside the template does not count
    const none = await add([{ attribute_id: ids.reversible!, value: true }]);
    const list = async (query: string) =>
      (await api.request('GET', `/api/products?category_id=${category}&sort=id${query}`, { token }))
        .body.data as {
        id: number;
        specs_filled: number;
        specs_total: number;
        specs_missing: number;
      }[];
    const all = await list('');
    expect(all.map((p) => [p.id, p.specs_filled, p.specs_total, p.specs_missing])).toEqual([
      [partly, 2, 3, 1],
      [whole, 2, 3, 0],
      [none, 0, 3, 2],
    ]);
    expect((await list('&incomplete=true')).map((p) => p.id)).toEqual([partly, none]);
    expect((await list('&incomplete=false')).map((p) => p.id)).toEqual([whole]);
  });

  it("gives the site's build the templates, the values and the active attributes they name", async () => {
    const made = await product({
      name_en: 'Snapshot',
      specs: [
        { attribute_id: ids.belt_width!, value: 1400 },
        { attribute_id: ids.note!, text_en: 'hidden' },
      ],
    });
    // an attribute switched off is not shown anywhere on the site
    await update(`/api/attributes/${ids.note}`, { is_active: false });
    const data = await readSiteData(api.app.db);
    const category = data.categories.find((one) => one.id === categoryId)!;
    expect(category.attributes.map((entry) => entry.attribute_id)).toEqual([
      ids.frame,
      ids.belt_width,
    ]);
    expect(data.attributes.map((attribute) => attribute.code)).not.toContain('note');
    expect(data.attributes.map((attribute) => attribute.code)).toContain('belt_width');
    const shown = data.products.find((one) => one.id === made.body.data.id)!;
    expect(shown.specs).toEqual([{ attribute_id: ids.belt_width, value: 1400 }]);
  });

  it("answers a product's detail in one statement exactly as its parts and videos give it", async () => {
    const db = api.app.db.kysely;
    const made = await product({
      name_en: 'Whole',
      specs: [
        { attribute_id: ids.belt_width!, value: 800 },
        { attribute_id: ids.length!, min: 2.5, max: 30 },
        { attribute_id: ids.frame!, option: 'steel' },
        { attribute_id: ids.reversible!, value: false },
      ],
    });
    const id: number = made.body.data.id;
    const other = (await product({ name_en: 'Other' })).body.data.id;
    await update(`/api/products/${id}`, {
      related: [
        { product_id: other, kind: 'similar', two_way: true },
        { product_id: other, kind: 'accessory' },
      ],
    });
    // pictures out of their id order, and a video shown and one hidden
    await db
      .insertInto('product_images')
      .values(
        ['b.jpg', 'a.jpg', 'c.jpg'].map((src, position) => ({
          product_id: id,
          src: `products/${src}`,
          position: 2 - position,
          alt_en: src,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    for (const is_active of [true, false]) {
      const video = await api.request('POST', '/api/media', {
        token,
        json: {
          product_id: id,
          title_en: `Video ${is_active}`,
          link: 'https://example.com/v',
          is_active,
        },
      });
      expect(video.status, JSON.stringify(video.body)).toBe(201);
    }
    // what the product routes answered before, from the parts and the videos, query by query
    const viaParts = async (productId: number, visibleOnly: boolean) => {
      const record = await products.get(db, productId, visibleOnly);
      if (!record) return undefined;
      const parts = await readParts(
        { parts: [specsPart, relatedPart, galleryPart] },
        db,
        productId,
      );
      const mediaOf = await productMedia(db, { productId, visibleOnly });
      return { ...record, ...parts, ...mediaOf(productId) };
    };
    for (const visibleOnly of [false, true]) {
      const oneStatement = await productDetail(db, id, visibleOnly);
      expect(oneStatement).toEqual(await viaParts(id, visibleOnly));
      expect(oneStatement!.media).toHaveLength(visibleOnly ? 1 : 2);
      expect((oneStatement!.gallery as { src: string }[]).map((picture) => picture.src)).toEqual([
        'products/c.jpg',
        'products/a.jpg',
        'products/b.jpg',
      ]);
      // and as the route answers it, byte for byte
      const answered = await api.request(
        'GET',
        `/api/products/${id}`,
        visibleOnly ? {} : { token },
      );
      expect(answered.body.data).toEqual(JSON.parse(JSON.stringify(oneStatement)));
      // a product with nothing besides its columns
      expect(await productDetail(db, other, visibleOnly)).toEqual(
        await viaParts(other, visibleOnly),
      );
    }
    // a write in progress is not read; once committed, it is
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ name_en: 'Renamed' }).where('id', '=', id).execute();
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await productDetail(db, id, true))!.name_en).toBe('Whole');
    release();
    await writing;
    expect((await productDetail(db, id, true))!.name_en).toBe('Renamed');
    // hidden, or in a hidden category: staff only
    await update(`/api/products/${other}`, { is_active: false });
    expect(await productDetail(db, other, true)).toBeUndefined();
    expect(await productDetail(db, other, false)).toEqual(await viaParts(other, false));
    await update(`/api/categories/${categoryId}`, { is_active: false });
    expect(await productDetail(db, id, true)).toBeUndefined();
    expect((await api.request('GET', `/api/products/${id}`)).status).toBe(404);
    expect((await api.request('GET', `/api/products/${id}`, { token })).status).toBe(200);
    await update(`/api/categories/${categoryId}`, { is_active: true });
    expect(await productDetail(db, 999_999, false)).toBeUndefined();
  });
});
