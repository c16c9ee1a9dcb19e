import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteData } from '../../src/publish/siteData.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// A record's documents put in order by staff (the back office's Documents section of a
// product, project or category): each document's `position`, written by a partial update as
// the section sends it (multipart), kept by the site's snapshot. Runs on SQLite and PostgreSQL.

describe.skipIf(skipReason)('the order of a record’s documents', () => {
  let api: TestApi;
  let token: string;
  let productId: number;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_en: 'Belt conveyors' },
    });
    const product = await api.request('POST', '/api/products', {
      token,
      json: { name_en: 'LK-500', category_id: category.body.data.id },
    });
    productId = product.body.data.id;
  });
  afterAll(() => api?.close());

  /** A document on request (no file needed) of the product, made as the section makes one. */
  const make = async (kind: string, title: string) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      kind,
      title_en: title,
      product_id: String(productId),
      on_request: 'true',
    })) {
      form.append(key, value);
    }
    const reply = await api.request('POST', '/api/documents', { token, form });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as { id: number; position: number | null };
  };
  const place = (id: number, position: string) => {
    const form = new FormData();
    form.append('position', position);
    return api.request('PUT', `/api/documents/${id}`, { token, form });
  };

  it('is none until staff give one, then theirs, changing nothing else', async () => {
    const drawing = await make('drawing', 'Layout');
    const datasheet = await make('datasheet', 'Datasheet');
    const manual = await make('manual', 'Manual');
    expect([drawing.position, datasheet.position, manual.position]).toEqual([null, null, null]);

    for (const [document, position] of [
      [drawing, '0'],
      [manual, '1'],
      [datasheet, '2'],
    ] as const) {
      const placed = await place(document.id, position);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.body.data).toMatchObject({ position: Number(position), on_request: true });
    }
    const listed = await api.request(
      'GET',
      `/api/documents?product_id=${productId}&sort=position&order=asc`,
      { token },
    );
    expect(listed.body.data.map((document: { title_en: string }) => document.title_en)).toEqual([
      'Layout',
      'Manual',
      'Datasheet',
    ]);
    // the site's snapshot carries it, for the page to list them so
    const inSite = (await readSiteData(api.app.db)).documents
      .filter((document) => document.product_id === productId)
      .map((document) => [document.id, document.position]);
    expect(inSite).toEqual(
      expect.arrayContaining([
        [drawing.id, 0],
        [manual.id, 1],
        [datasheet.id, 2],
      ]),
    );
    // taken back: not placed again
    expect((await place(manual.id, '')).body.data.position).toBeNull();
  });

  it('refuses a place that is not a whole number from 0 to 999', async () => {
    const document = await make('other', 'Other');
    for (const position of ['-1', '1000', '1.5', 'first']) {
      const reply = await place(document.id, position);
      expect([reply.status, reply.body.field], position).toEqual([400, 'position']);
    }
    expect(
      (await api.request('GET', `/api/documents/${document.id}`, { token })).body.data.position,
    ).toBeNull();
  });
});
