import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Specifications in bulk: the products as a sheet (one column per attribute), edited and taken
// back; a dry run answers every problem and writes nothing; a real run writes all or nothing;
// an unchanged file changes nothing. Runs on SQLite and PostgreSQL.

describe.skipIf(skipReason)('products as a sheet', () => {
  let api: TestApi;
  let token: string;
  const ids: Record<string, number> = {};
  const products: number[] = [];
  let category: number;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
    for (const attribute of [
      { code: 'belt_width', type: 'number', unit: 'MMT', name_en: 'Belt width' },
      { code: 'length', type: 'range', unit: 'MTR', name_en: 'Length', decimals: 1 },
      {
        code: 'frame',
        type: 'enum',
        name_en: 'Frame',
        options: [{ code: 'steel' }, { code: 'alu' }],
      },
      { code: 'reversible', type: 'boolean', name_en: 'Reversible' },
      { code: 'note', type: 'text', name_en: 'Note' },
    ]) {
      const reply = await api.request('POST', '/api/attributes', { token, json: attribute });
      ids[attribute.code] = reply.body.data.id;
    }
    category = (
      await api.request('POST', '/api/categories', {
        token,
        json: { name_en: 'Belts', attributes: [{ attribute_id: ids.belt_width!, required: true }] },
      })
    ).body.data.id;
    const specsOf = (n: number) => [
      { attribute_id: ids.belt_width!, value: 400 + n * 100 },
      { attribute_id: ids.length!, min: 2, max: 10.5 + n },
      { attribute_id: ids.frame!, option: n % 2 ? 'alu' : 'steel' },
      { attribute_id: ids.reversible!, value: n === 1 },
      { attribute_id: ids.note!, text_ru: `Примечание ${n}`, text_en: '=not a formula' },
    ];
    for (const n of [1, 2, 3]) {
      const reply = await api.request('POST', '/api/products', {
        token,
        json: { name_en: `Conveyor ${n}`, category_id: category, specs: specsOf(n) },
      });
      products.push(reply.body.data.id);
    }
  });
  afterAll(() => api?.close());

  const download = async (format: 'xlsx' | 'csv') => {
    const reply = await fetch(`${api.url}/api/products/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(200);
    return Buffer.from(await reply.arrayBuffer());
  };
  const upload = async (file: Buffer, name: string, dryRun: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([file]), name);
    return api.request('POST', `/api/products/import?dry_run=${dryRun}`, { token, form });
  };
  const sheetOf = async (file: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    return workbook;
  };
  const revisions = async (id: number) =>
    (await api.request('GET', `/api/products/${id}/revisions`, { token })).body.data.length;
  const specsOf = async (id: number) =>
    (await api.request('GET', `/api/products/${id}`, { token })).body.data.specs as {
      attribute_id: number;
    }[];

  it('writes a column per attribute, with its code and unit, the values in its unit', async () => {
    const sheet = (await sheetOf(await download('xlsx'))).worksheets[0]!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['id', 'category_id', 'is_active']);
    expect(header).toEqual(
      expect.arrayContaining(['belt_width (MMT)', 'length (MTR)', 'frame', 'note:ru', 'note:en']),
    );
    const column = (name: string) => header.indexOf(name) + 1;
    const first = sheet.getRow(2);
    expect(first.getCell(column('id')).value).toBe(products[0]);
    expect(first.getCell(column('belt_width (MMT)')).value).toBe(500);
    expect(first.getCell(column('length (MTR)')).value).toBe('2–11.5');
    expect(first.getCell(column('frame')).value).toBe('alu');
    expect(first.getCell(column('reversible')).value).toBe(1);
    // a text a spreadsheet would run is written as text
    expect(first.getCell(column('note:en')).value).toBe("'=not a formula");
  });

  it('takes an unchanged export back without changing anything, XLSX and CSV alike', async () => {
    const before = await Promise.all(products.map(revisions));
    for (const [format, name] of [
      ['xlsx', 'products.xlsx'],
      ['csv', 'products.csv'],
    ] as const) {
      const file = await download(format);
      const dry = await upload(file, name, true);
      expect(dry.status, JSON.stringify(dry.body)).toBe(200);
      expect(dry.body.data).toEqual({
        dry_run: true,
        rows: 3,
        created: 0,
        changed: 0,
        unchanged: 3,
        problems: [],
      });
      const real = await upload(file, name, false);
      expect(real.status).toBe(200);
      expect(real.body.data).toMatchObject({ changed: 0, unchanged: 3 });
    }
    expect(await Promise.all(products.map(revisions))).toEqual(before);
  });

  it('checks first (a dry run writes nothing), then writes the changes with a revision each', async () => {
    const workbook = await sheetOf(await download('xlsx'));
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    sheet.getRow(2).getCell(column('belt_width (MMT)')).value = 900;
    sheet.getRow(3).getCell(column('length (MTR)')).value = null;
    const added = sheet.getRow(5);
    added.getCell(column('category_id')).value = category;
    added.getCell(column('name_en')).value = 'Conveyor 4';
    added.getCell(column('belt_width (MMT)')).value = 1200;
    added.getCell(column('frame')).value = 'steel';
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const dry = await upload(file, 'products.xlsx', true);
    expect(dry.body.data).toMatchObject({ created: 1, changed: 2, unchanged: 1, problems: [] });
    expect(await specsOf(products[0]!)).toContainEqual({
      attribute_id: ids.belt_width,
      value: 500,
    });

    const before = await revisions(products[0]!);
    const real = await upload(file, 'products.xlsx', false);
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(await specsOf(products[0]!)).toContainEqual({
      attribute_id: ids.belt_width,
      value: 900,
    });
    const lengthOf = async (id: number) =>
      (await specsOf(id)).find((spec) => spec.attribute_id === ids.length);
    expect(await lengthOf(products[1]!)).toBeUndefined();
    expect(await revisions(products[0]!)).toBe(before + 1);
    const history = await api.request('GET', `/api/products/${products[0]}/revisions`, { token });
    expect(history.body.data[0].fields).toEqual(['specs']);
    const created = await api.request('GET', '/api/products?q=Conveyor%204', { token });
    expect(created.body.data).toHaveLength(1);
    expect(await specsOf(created.body.data[0].id)).toEqual([
      { attribute_id: ids.belt_width, value: 1200 },
      { attribute_id: ids.frame, option: 'steel' },
    ]);
  });

  it('answers every problem with its row and column, and a real run then writes nothing', async () => {
    const workbook = await sheetOf(await download('xlsx'));
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    sheet.getRow(2).getCell(column('belt_width (MMT)')).value = 'wide';
    sheet.getRow(3).getCell(column('frame')).value = 'wood';
    sheet.getRow(4).getCell(column('length (MTR)')).value = '12–3';
    sheet.getRow(4).getCell(column('id')).value = 999_999;
    sheet.getRow(2).getCell(column('name_en')).value = 'Renamed';
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const dry = await upload(file, 'products.xlsx', true);
    expect(dry.status).toBe(200);
    expect(dry.body.data.problems).toEqual([
      { row: 2, column: 'belt_width (MMT)', message: 'is not a number' },
      { row: 3, column: 'frame', message: 'is not one of its options (steel, alu)' },
      { row: 4, column: 'id', message: 'there is no product with id 999999' },
    ]);
    const real = await upload(file, 'products.xlsx', false);
    expect(real.status).toBe(400);
    expect(real.body.problems).toHaveLength(3);
    const kept = await api.request('GET', `/api/products/${products[0]}`, { token });
    expect(kept.body.data.name_en).toBe('Conveyor 1');

    // a header that is not a column is a problem of row 1; a file that is no sheet is refused
    const odd = new ExcelJS.Workbook();
    odd.addWorksheet('x').addRow(['id', 'colour']);
    const header1 = await upload(Buffer.from(await odd.xlsx.writeBuffer()), 'x.xlsx', true);
    expect(header1.body.data.problems).toEqual([
      { row: 1, column: 'colour', message: 'is not a column (index 2)' },
    ]);
    const broken = await upload(Buffer.from('PK\u0003\u0004 nope'), 'x.xlsx', true);
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'products.sheetUnreadable', field: 'file' });
  });

  it('is staff only', async () => {
    expect((await fetch(`${api.url}/api/products/export`)).status).toBe(401);
    const form = new FormData();
    form.append('file', new Blob(['id\n']), 'x.csv');
    expect((await api.request('POST', '/api/products/import', { form })).status).toBe(401);
  });
});
