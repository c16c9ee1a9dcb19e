import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIGURE_TYPES, LANGUAGES, misspeltApostrophes, unitByCode } from '@conveyor/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawApart } from '../../src/db/seed/drawApart.ts';
import { type DemoPictures, drawDemoPictures, seedDemo } from '../../src/db/seed/index.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason, TEST_DB } from '../helpers/database.ts';

// The demo content: a believable catalogue in three languages, with pictures drawn locally.

describe.skipIf(skipReason)('demo seed', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi();
    await seedDemo(api.app.db, api.app.images, api.app.log);
    token = await api.signIn();
  }, 120_000);

  afterAll(() => api?.close());

  const all = async (resource: string) =>
    (await api.request('GET', `/api/${resource}?limit=100`, { token })).body.data as Record<
      string,
      any
    >[];

  it('has the promised amounts', async () => {
    expect((await all('categories')).length).toBeGreaterThanOrEqual(8);
    expect((await all('products')).length).toBeGreaterThanOrEqual(40);
    expect((await all('project')).length).toBeGreaterThanOrEqual(6);
    expect((await all('clients')).length).toBeGreaterThanOrEqual(8);
    expect((await all('testimonials')).length).toBeGreaterThanOrEqual(6);
    expect((await all('media')).length).toBeGreaterThan(0);
    expect((await all('leads')).length).toBeGreaterThan(0);
    expect((await all('suppliers')).length).toBeGreaterThan(0);
    // the specifications' dictionary: a figure with its unit, and a choice with its options
    const attributes = await all('attributes');
    expect(attributes.length).toBeGreaterThanOrEqual(8);
    expect(attributes.find((a) => a.code === 'belt_width')).toMatchObject({
      type: 'number',
      unit: 'MMT',
      unit_ru: 'мм',
    });
    const frame = attributes.find((a) => a.code === 'frame_material')!;
    expect(frame.type).toBe('enum');
    expect(frame.options.map((o: { code: string }) => o.code)).toEqual([
      'steel',
      'stainless',
      'aluminium',
    ]);
  });

  it('gives every figure of the demo a listed UN/CEFACT unit, labelled as the list labels it', async () => {
    const figures = (await all('attributes')).filter((a) => FIGURE_TYPES.includes(a.type));
    expect(figures.map((a) => a.code)).toEqual(expect.arrayContaining(['capacity', 'load']));
    for (const attribute of figures) {
      const unit = unitByCode(attribute.unit);
      expect(unit, `${attribute.code}: ${attribute.unit}`).toBeDefined();
      for (const language of LANGUAGES) {
        expect(attribute[`unit_${language}`], `${attribute.code} ${language}`).toBe(
          unit!.label[language],
        );
      }
    }
    // Rec 20: tonne per hour, kilogram per metre
    expect(figures.find((a) => a.code === 'capacity')!.unit).toBe('E18');
    expect(figures.find((a) => a.code === 'load')!.unit).toBe('KL');
  });

  it('gives each category a template and its products typed values from their figures', async () => {
    const attributes = await all('attributes');
    const code = (id: number) => attributes.find((a) => a.id === id)?.code;
    const belt = (await all('categories')).find((c) => c.name_en === 'Belt conveyors')!;
    const template = (await api.request('GET', `/api/categories/${belt.id}`, { token })).body.data
      .attributes as { attribute_id: number; required: boolean }[];
    expect(template.map((entry) => code(entry.attribute_id))).toContain('belt_width');
    expect(template.find((entry) => code(entry.attribute_id) === 'belt_width')!.required).toBe(
      true,
    );
    const lk400 = (await all('products')).find((p) => p.name_en === 'LK-400 belt conveyor')!;
    const detail = (await api.request('GET', `/api/products/${lk400.id}`, { token })).body.data;
    const specs = Object.fromEntries(
      (detail.specs as { attribute_id: number }[]).map(({ attribute_id, ...value }) => [
        code(attribute_id),
        value,
      ]),
    );
    // `400 mm`, `2–30 m`, `0.1–0.5 m/s`, `50 kg/m` in its texts
    expect(specs).toMatchObject({
      belt_width: { value: 400 },
      length: { min: 2, max: 30 },
      speed: { min: 0.1, max: 0.5 },
      load: { value: 50 },
      frame_material: { option: 'steel' },
    });
    // the typed figures are not repeated in the description; a figure no attribute holds is
    const screws = (await all('products')).filter((p) => /Ø/.test(p.description_en));
    expect(screws.length).toBeGreaterThan(0);
    expect(detail.description_en).not.toContain('400 mm');
  });

  it('writes every text in Russian, Uzbek and English, each different', async () => {
    for (const [resource, fields] of [
      ['categories', ['name', 'description']],
      ['products', ['name', 'description']],
      ['project', ['title', 'description']],
      ['testimonials', ['name', 'message']],
      ['media', ['title']],
    ] as const) {
      for (const record of await all(resource)) {
        for (const field of fields) {
          const [ru, uz, en] = ['ru', 'uz', 'en'].map((lang) =>
            String(record[`${field}_${lang}`]),
          ) as [string, string, string];
          expect(ru.length, `${resource} ${record.id} ${field}`).toBeGreaterThan(3);
          expect(new Set([ru, uz, en]).size, `${resource} ${record.id} ${field}`).toBe(3);
          expect(ru).toMatch(/[а-яё]/i);
          expect(uz).not.toMatch(/[а-яё]/i);
          expect(`${ru} ${uz} ${en}`).not.toMatch(/lorem|ipsum/i);
        }
      }
    }
  });

  it('writes its Uzbek apostrophes one way: ʻ in oʻ and gʻ, ʼ for the glottal stop', async () => {
    // the Uzbek fields of every record (nested ones too: an attribute's options), and the
    // texts of the leads and applications sent from the Uzbek pages
    const wrong: Record<string, string[]> = {};
    let checked = 0;
    const check = (where: string, value: unknown, uzbek: boolean): void => {
      if (typeof value === 'string') {
        if (!uzbek) return;
        checked++;
        const words = misspeltApostrophes(value);
        if (words.length) wrong[where] = words;
      } else if (Array.isArray(value)) {
        value.forEach((item, index) => check(`${where}[${index}]`, item, uzbek));
      } else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        for (const [key, item] of Object.entries(record)) {
          check(`${where}.${key}`, item, uzbek || key.endsWith('_uz') || record.language === 'uz');
        }
      }
    };
    for (const resource of [
      'categories',
      'products',
      'project',
      'testimonials',
      'media',
      'attributes',
      'documents',
      'leads',
      'suppliers',
    ]) {
      for (const record of await all(resource)) check(`${resource} ${record.id}`, record, false);
    }
    check('settings', (await api.request('GET', '/api/settings', { token })).body.data, false);
    expect(checked).toBeGreaterThan(200);
    expect(wrong).toEqual({});
  });

  it('keeps line breaks as LF, as the API stores them: a save changes only what is edited', async () => {
    let multiLine = 0;
    for (const resource of [
      'categories',
      'products',
      'project',
      'testimonials',
      'leads',
      'suppliers',
    ]) {
      for (const record of await all(resource)) {
        const texts = Object.values(record).filter((value) => typeof value === 'string');
        expect(texts.join(''), `${resource} ${record.id}`).not.toMatch(/\r/);
        multiLine += texts.filter((text) => text.includes('\n')).length;
      }
    }
    // the products' descriptions are paragraphs: there is something to check
    expect(multiLine).toBeGreaterThan(40);
  });

  it('gives every product 2–5 gallery pictures and a main picture, as real files', async () => {
    const products = await all('products');
    for (const product of products) {
      const detail = (await api.request('GET', `/api/products/${product.id}`, { token })).body.data;
      expect(detail.images.length).toBeGreaterThanOrEqual(2);
      expect(detail.images.length).toBeLessThanOrEqual(5);
      for (const path of [detail.image, ...detail.images.map((i: { src: string }) => i.src)]) {
        expect(existsSync(join(api.dataDir, 'uploads', path))).toBe(true);
      }
    }
    const sample = products[0]!.image as string;
    const meta = await sharp(join(api.dataDir, 'uploads', sample)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThanOrEqual(800);
  });

  // the drawing touches no database: once, on SQLite
  it.skipIf(TEST_DB !== 'sqlite')(
    'draws the same pictures in a process of its own, as a first start does, and stores those',
    async () => {
      const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
      const hashes = (pictures: DemoPictures) =>
        [...pictures.categories, ...pictures.products.flat(), ...pictures.logos].map(sha);
      const apart = await drawApart();
      const here = hashes(await drawDemoPictures());
      expect(here.length).toBeGreaterThan(150);
      expect(hashes(apart)).toEqual(here);
      // the pictures seedDemo drew and stored are these: the first product's main picture
      const [first] = await all('products');
      const stored = await readFile(join(api.dataDir, 'uploads', first!.image as string));
      expect(here).toContain(sha(stored));
    },
  );

  it('gives products videos, categories and clients pictures, and the company data', async () => {
    const videos = await all('media');
    expect(videos.every((video) => /^https:\/\//.test(video.link))).toBe(true);
    expect((await all('categories')).every((c) => c.image)).toBe(true);
    expect((await all('clients')).every((c) => c.image)).toBe(true);
    const settings = (await api.request('GET', '/api/settings')).body.data;
    expect(settings.legal_name).not.toBe('');
    expect(settings.address_uz).not.toBe('');
  });
});

// Test servers whose tests never look at the demo's pictures (the back office's publishing
// lane) seed it without them: the same records, no picture drawn or stored.
describe.skipIf(skipReason)('demo seed without pictures', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api?.close());

  it('stores the same records, with no picture and no file', async () => {
    const counts = await seedDemo(api.app.db, api.app.images, api.app.log, { pictures: false });
    expect(counts.products).toBeGreaterThanOrEqual(40);
    expect(counts.productImages).toBe(0);
    const db = api.app.db.kysely;
    for (const table of ['categories', 'products', 'clients'] as const) {
      const rows = await db.selectFrom(table).select('image').execute();
      expect(rows.length, table).toBeGreaterThan(0);
      expect(
        rows.filter((row) => row.image !== null),
        table,
      ).toEqual([]);
    }
    expect(await db.selectFrom('product_images').select('id').execute()).toEqual([]);
    expect(existsSync(join(api.dataDir, 'uploads', 'products'))).toBe(false);
  });
});
