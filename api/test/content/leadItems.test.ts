import { LEAD_ITEMS_MAX } from '@conveyor/shared';
import ExcelJS from 'exceljs';
import { leadDuty } from '@conveyor/shared/conveyor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// A quote for several products (the site's quote basket) is one lead whose items each name a
// product visitors are shown, a quantity, the parameters and duty asked, and a note; on both
// databases, since the items are a JSON column read with the lead.

describe.skipIf(skipReason)('a quote for several products', () => {
  let api: TestApi;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
    const post = async (resource: string, json: object) => {
      const reply = await api.request('POST', `/api/${resource}`, { token, json });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.data.id as number;
    };
    ids.width = await post('attributes', {
      code: 'basket_width',
      type: 'number',
      unit: 'MMT',
      name_en: 'Belt width',
      unit_en: 'mm',
      quote: true,
    });
    ids.category = await post('categories', { name_en: 'Belt conveyors', name_ru: 'Ленточные' });
    ids.hiddenCategory = await post('categories', { name_en: 'Hidden', is_active: false });
    const product = (json: object) => post('products', { category_id: ids.category, ...json });
    ids.conveyor = await product({ name_en: 'Conveyor LK-800', name_ru: 'Конвейер ЛК-800' });
    ids.drum = await product({ name_en: 'Drum', name_ru: 'Барабан' });
    ids.idlers = await product({ name_ru: 'Роликоопоры' });
    ids.inactive = await product({ name_en: 'Old', is_active: false });
    ids.inHidden = await post('products', { category_id: ids.hiddenCategory, name_en: 'Secret' });
  });

  afterAll(() => api?.close());

  const send = (items: unknown, language = 'en') =>
    api.request('POST', '/api/leads', {
      json: { name: `Buyer ${Date.now()}`, phone: '+998 90 123 45 67', language, items },
    });
  const count = async () =>
    (await api.request('GET', '/api/leads?limit=1', { token })).body.total as number;

  it('keeps each item: the product’s name in the page’s language, the parameters with their codes, the duty sized, the note', async () => {
    const duty = { material: 'gravel', capacity: 300, length: 60, lift: 8 };
    const reply = await send([
      {
        product_id: ids.conveyor,
        quantity: 1,
        parameters: [{ attribute_id: ids.width, value: 800 }],
        duty,
      },
      { product_id: ids.drum, quantity: 2, note: '  for the head pulley  ' },
      { product_id: ids.idlers, quantity: 40 },
    ]);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const lead = (await api.request('GET', '/api/leads?limit=1', { token })).body.data[0];
    expect(lead.items).toEqual([
      {
        product_id: ids.conveyor,
        name: 'Conveyor LK-800',
        quantity: 1,
        parameters: [{ attribute_id: ids.width, value: 800, code: 'basket_width' }],
        duty: leadDuty(duty),
        note: '',
      },
      {
        product_id: ids.drum,
        name: 'Drum',
        quantity: 2,
        parameters: [],
        note: 'for the head pulley',
      },
      // no English name: the next language's
      { product_id: ids.idlers, name: 'Роликоопоры', quantity: 40, parameters: [], note: '' },
    ]);

    // the export lists them for people, one per line, in the file's language
    const csv = await fetch(`${api.url}/api/leads/export?format=csv&lang=en&id=${lead.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const file = await csv.text();
    expect(file.split('\n')[0]).toContain('Products asked for');
    expect(file).toContain('Conveyor LK-800 × 1: Belt width: 800\u00a0mm; Material: ');
    expect(file).toContain('Drum × 2: “for the head pulley”');
    expect(file).toContain('Роликоопоры × 40');
    // the XLSX: the leads' sheet, then a row per item on a second one
    const xlsx = await fetch(`${api.url}/api/leads/export?format=xlsx&lang=ru&id=${lead.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['leads', 'Продукция']);
    const sheet = workbook.worksheets[1]!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    // (an empty cell reads back as none)
    const cells = (row: unknown[]) => Array.from({ length: 6 }, (_, i) => row[i + 1] ?? '');
    expect(rows.map(cells)).toEqual([
      ['ID заявки', 'ID товара', 'Товар', 'Количество', 'Запрошено', 'Пожелания'],
      [lead.id, ids.conveyor, 'Conveyor LK-800', 1, expect.stringContaining('800'), ''],
      [lead.id, ids.drum, 'Drum', 2, '', 'for the head pulley'],
      [lead.id, ids.idlers, 'Роликоопоры', 40, '', ''],
    ]);
    expect(String(rows[1]![5])).toContain('Материал: ');
    // and a lead without items answers an empty list
    expect((await send(undefined)).status).toBe(201);
    const plain = (await api.request('GET', '/api/leads?limit=1', { token })).body.data[0];
    expect(plain.items).toEqual([]);
  });

  it('refuses the whole request, naming the item, for a product not shown, twice, or asked wrongly', async () => {
    const before = await count();
    const cases: [unknown[], string][] = [
      [
        [
          { product_id: ids.drum, quantity: 1 },
          { product_id: 999999, quantity: 1 },
        ],
        'items[1]',
      ],
      [[{ product_id: ids.inactive, quantity: 1 }], 'items[0].product_id: no such product'],
      [[{ product_id: ids.inHidden, quantity: 1 }], 'items[0].product_id: no such product'],
      [
        [
          { product_id: ids.drum, quantity: 1 },
          { product_id: ids.drum, quantity: 3 },
        ],
        'items[1].product_id: the product is in the list already',
      ],
      [
        [
          {
            product_id: ids.conveyor,
            quantity: 1,
            parameters: [{ attribute_id: ids.width, min: 1 }],
          },
        ],
        'items[0].parameters',
      ],
      [
        [{ product_id: ids.conveyor, quantity: 1, duty: { capacity: 3, length: 9, lift: 0 } }],
        'items[0].duty',
      ],
      [
        [
          {
            product_id: ids.conveyor,
            quantity: 1,
            duty: { material: 'kryptonite', capacity: 3, length: 9, lift: 0 },
          },
        ],
        'items[0].duty.material: no such material',
      ],
      [[{ product_id: ids.drum, quantity: 0 }], 'quantity'],
      [[{ product_id: ids.drum }], 'quantity'],
      [
        Array.from({ length: LEAD_ITEMS_MAX + 1 }, () => ({ product_id: ids.drum, quantity: 1 })),
        'items',
      ],
    ];
    for (const [items, words] of cases) {
      const reply = await send(items);
      expect(reply.status, JSON.stringify(items).slice(0, 200)).toBe(400);
      expect(reply.body.error).toContain(words);
    }
    expect(await count()).toBe(before);
  });
});
