import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Reply, type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// A sheet's rows go through what POST and PUT /api/products put a body through: the same
// schema (lengths, ranges), NUL characters refused, line breaks stored as LF. What the JSON API
// refuses is a problem of its row and column, in the JSON API's words, on a dry run and a real
// run alike, and nothing is written; never a 500. On SQLite and PostgreSQL.

describe.skipIf(skipReason)('products sheet rows under the JSON API rules', () => {
  let api: TestApi;
  let token: string;
  let category: number;
  let note: number;
  let first: number;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
    note = (
      await api.request('POST', '/api/attributes', {
        token,
        json: { code: 'note', type: 'text', name_en: 'Note' },
      })
    ).body.data.id;
    await api.request('POST', '/api/attributes', {
      token,
      json: { code: 'belt_width', type: 'number', unit: 'MMT', name_en: 'Belt width' },
    });
    category = (await api.request('POST', '/api/categories', { token, json: { name_en: 'Belts' } }))
      .body.data.id;
    first = (
      await api.request('POST', '/api/products', {
        token,
        json: { name_en: 'Conveyor 1', category_id: category },
      })
    ).body.data.id;
  });
  afterAll(() => api?.close());

  const upload = (file: Buffer, name: string, dryRun: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([file]), name);
    return api.request('POST', `/api/products/import?dry_run=${dryRun}`, { token, form });
  };
  /** A CSV cell, quoted as csv-stringify quotes one. */
  const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
  const csv = (rows: readonly (readonly (string | number)[])[]) =>
    Buffer.from(
      rows
        .map((row) => row.map((cell) => (typeof cell === 'number' ? cell : quoted(cell))).join(','))
        .join('\r\n'),
    );
  const products = async () =>
    JSON.stringify((await api.request('GET', '/api/products?limit=100&sort=id', { token })).body);

  it('refuses what the JSON API refuses, in its words, by row and column, dry run and real run alike', async () => {
    const before = await products();
    const long = (n: number) => 'x'.repeat(n);
    const file = csv([
      ['id', 'category_id', 'name_en', 'description_en', 'note:ru'],
      [first, category, long(5000), '', ''],
      ['', category, 'Fine', long(5001), ''],
      ['', category, 'a\u0000b', '', ''],
      ['', category, 'Fine', '', long(501)],
      ['', 99_999_999_999, 'Fine', '', ''],
      ['', category, long(201), long(5001), ''],
      ['', '', 'No category', '', ''],
      [99_999_999_999, category, 'Far id', '', ''],
    ]);
    const dry = await upload(file, 'rules.csv', true);
    expect(dry.status, JSON.stringify(dry.body).slice(0, 500)).toBe(200);
    const problems = [
      { row: 2, column: 'name_en', message: 'must be at most 200 characters' },
      { row: 3, column: 'description_en', message: 'must be at most 5000 characters' },
      { row: 4, column: 'name_en', message: 'must not contain NUL characters' },
      { row: 5, column: 'note:ru', message: 'must be at most 500 characters' },
      { row: 6, column: 'category_id', message: 'must be <= 2147483647' },
      { row: 7, column: 'name_en', message: 'must be at most 200 characters' },
      { row: 7, column: 'description_en', message: 'must be at most 5000 characters' },
      { row: 8, column: 'category_id', message: 'is required' },
      { row: 9, column: 'id', message: 'must be <= 2147483647' },
    ];
    expect(dry.body.data.problems).toEqual(problems);
    const real = await upload(file, 'rules.csv', false);
    expect(real.status).toBe(400);
    expect(real.body.problems).toEqual(problems);
    expect(await products()).toBe(before);

    // the JSON API says the same of the same values
    const sent: [Record<string, unknown>, string][] = [
      [{ name_en: long(5000), category_id: category }, 'name_en'],
      [{ name_en: 'Fine', description_en: long(5001), category_id: category }, 'description_en'],
      [{ name_en: 'a\u0000b', category_id: category }, 'name_en'],
      [
        {
          name_en: 'Fine',
          category_id: category,
          specs: [{ attribute_id: note, text_ru: long(501) }],
        },
        'specs.0.text_ru',
      ],
      [{ name_en: 'Fine', category_id: 99_999_999_999 }, 'category_id'],
    ];
    for (const [index, [json, field]] of sent.entries()) {
      const reply: Reply = await api.request('POST', '/api/products', { token, json });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe(`${field}: ${problems[index]!.message}`);
    }
    const farId = await api.request('PUT', '/api/products/99999999999', {
      token,
      json: { name_en: 'Fine' },
    });
    expect(farId.body.error).toBe(`id: ${problems.at(-1)!.message}`);
  });

  it('stores line breaks as LF, as the JSON API does, so that the same file again changes nothing', async () => {
    const file = csv([
      ['id', 'description_en', 'note:ru'],
      [first, 'Line one\r\nline two\rline three', 'Строка\r\nвторая'],
    ]);
    const real = await upload(file, 'breaks.csv', false);
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body.data).toMatchObject({ changed: 1, problems: [] });
    const stored = (await api.request('GET', `/api/products/${first}`, { token })).body.data;
    expect(stored.description_en).toBe('Line one\nline two\nline three');
    expect(stored.specs).toEqual([{ attribute_id: note, text_ru: 'Строка\nвторая' }]);

    const again = await upload(file, 'breaks.csv', true);
    expect(again.body.data).toMatchObject({ changed: 0, unchanged: 1 });
    // an XLSX cell with CRLF too
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('products');
    sheet.addRow(['id', 'description_en']);
    sheet.addRow([first, 'Line one\r\nline two\r\nline three']);
    const xlsx = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), 'b.xlsx', true);
    expect(xlsx.body.data).toMatchObject({ changed: 0, unchanged: 1, problems: [] });
  });

  it('reports a column named twice as a problem of the header', async () => {
    const twice = await upload(
      csv([
        ['id', 'name_en', 'belt_width', 'name_en', 'belt_width (MMT)'],
        [first, 'A', 1, 'B', 2],
      ]),
      'twice.csv',
      true,
    );
    expect(twice.body.data.problems).toEqual([
      { row: 1, column: 'name_en', message: 'is in the file twice (columns 2 and 4)' },
      { row: 1, column: 'belt_width (MMT)', message: 'is in the file twice (columns 3 and 5)' },
    ]);
  });

  it('writes what its dry run passed, at the limits of each field, on either database', async () => {
    const name = 'Ленточный конвейер «Ʊ» '.padEnd(200, 'я');
    const description = 'Описание с переносом\nи кавычками "«»" '.padEnd(5000, 'ё');
    const file = csv([
      ['id', 'category_id', 'name_en', 'name_ru', 'description_ru', 'note:ru'],
      ['', category, 'At the limits', name, description, 'ʻ'.repeat(500)],
    ]);
    const dry = await upload(file, 'limits.csv', true);
    expect(dry.body.data).toMatchObject({ created: 1, problems: [] });
    const real = await upload(file, 'limits.csv', false);
    expect(real.status, JSON.stringify(real.body).slice(0, 500)).toBe(200);
    expect(real.body.data).toEqual({ ...dry.body.data, dry_run: false });
    const found = await api.request('GET', '/api/products?q=At%20the%20limits', { token });
    const stored = (await api.request('GET', `/api/products/${found.body.data[0].id}`, { token }))
      .body.data;
    expect(stored).toMatchObject({ name_ru: name, description_ru: description });
    expect(stored.specs).toEqual([{ attribute_id: note, text_ru: 'ʻ'.repeat(500) }]);
  });
});
