import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, leads, products } from '../../src/db/repositories/tables.ts';
import { ADMIN, type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Server-side exports of leads and supplier applications: staff only, the list's
// selection, translated headers and statuses, CSV with a byte-order mark, XLSX read back by
// exceljs, and cells that a spreadsheet would run as formulas neutralised.

const CALC = "=cmd|' /C calc'!A0";
const HOSTILE = {
  name: CALC,
  email: '=1+1@evil.example.uz',
  phone: '+998 90 123-45-67',
  message: "-2+3+cmd|' /C calc'!A0",
};
const SUPPLIER = {
  company_name: "+1+cmd|' /C calc'!A0",
  partner_count: 12,
  inn: '305123456',
  contact_person: '@SUM(1+1)*cmd',
  phone: '+998712345678',
  email: 'sales@example.uz',
  company_description: 'Подшипники\r=1+1',
  offer: '\t=1+1',
};

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/**
 * The leads' columns, headed in Russian: the record's fields, its visit, a quote's parameters
 * and document, a calculator's duty, a basket's items, then its times.
 */
const RU_LEAD_HEADERS = [
  'ID',
  'Имя',
  'E-mail',
  'Телефон',
  'Сообщение',
  'Статус',
  'Ответственный',
  'Товар',
  'Страница',
  'Язык сайта',
  'Источник перехода',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'UTM term',
  'UTM content',
  'Параметры',
  'Запрошенный документ',
  'Расчёт конвейера',
  'Запрошенная продукция',
  'Получено',
  'Изменено',
];
const CREATED = RU_LEAD_HEADERS.indexOf('Получено');

describe.skipIf(skipReason)('exports of leads and supplier applications', () => {
  let api: TestApi;
  let token: string;
  const ids: Record<string, number> = {};

  const download = async (path: string, auth = true): Promise<Download> => {
    const response = await fetch(api.url + path, {
      headers: auth ? { authorization: `Bearer ${token}` } : {},
    });
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };
  /** The CSV's rows, read by a real CSV parser (which also drops the byte-order mark). */
  const csvRows = async (path: string): Promise<string[][]> => {
    const reply = await download(path);
    expect(reply.status, reply.bytes.toString()).toBe(200);
    return parse(reply.bytes, { bom: true, relax_column_count: false });
  };
  const sheetOf = async (path: string): Promise<ExcelJS.Worksheet> => {
    const reply = await download(path);
    expect(reply.status, reply.bytes.toString()).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.bytes as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  };
  const rowValues = (sheet: ExcelJS.Worksheet, number: number) =>
    (sheet.getRow(number).values as unknown[]).slice(1);

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
    const post = async (resource: string, json: object) => {
      const reply = await api.request('POST', `/api/${resource}`, { json });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    };
    await post('leads', { name: 'Алишер Навоий', phone: '+998901234567', message: 'Конвейер' });
    await post('leads', { name: 'Oʻgʻiloy Karimova', email: 'ogiloy@example.uz' });
    await post('leads', HOSTILE);
    await post('suppliers', SUPPLIER);
    const all = await api.request('GET', '/api/leads?limit=100&sort=id&order=asc', { token });
    for (const lead of all.body.data) ids[lead.name] = lead.id;
    const moved = await api.request('PUT', `/api/leads/${ids['Алишер Навоий']}`, {
      token,
      json: { status: 'in_progress' },
    });
    expect(moved.status).toBe(200);
  });

  afterAll(() => api?.close());

  it('answers anonymous callers 401, with no data', async () => {
    for (const path of ['/api/leads/export', '/api/suppliers/export?format=xlsx']) {
      const reply = await download(path, false);
      expect(reply.status).toBe(401);
      expect(JSON.parse(reply.bytes.toString())).toEqual({
        error: 'Authentication required',
        code: 'unauthorized',
      });
    }
  });

  it('answers the back office’s session cookie: a plain GET, as a download link sends it', async () => {
    const signIn = await fetch(`${api.url}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, session: 'cookie' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('conveyor_session='))!
      .split(';')[0]!;
    const reply = await fetch(`${api.url}/api/leads/export?format=xlsx`, { headers: { cookie } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/spreadsheetml/);
  });

  it('refuses an unknown format or language with a 400 naming the parameter', async () => {
    const format = await download('/api/leads/export?format=pdf');
    expect(format.status).toBe(400);
    expect(JSON.parse(format.bytes.toString())).toEqual({
      error: 'format: must be one of: csv, xlsx',
      code: 'validation',
      field: 'format',
    });
    const lang = await download('/api/leads/export?lang=de');
    expect(JSON.parse(lang.bytes.toString()).error).toBe('lang: must be one of: ru, uz, en');
    // the list's own parameters keep their rules: paging is not one of them here
    const sort = await download('/api/leads/export?sort=password');
    expect(sort.status).toBe(400);
  });

  it('is a static route beside /leads/:id, which still reads one lead', async () => {
    const one = await api.request('GET', `/api/leads/${ids['Алишер Навоий']}`, { token });
    expect(one.body.data.name).toBe('Алишер Навоий');
    const doc = (await api.request('GET', '/api/docs/json')).body;
    expect(Object.keys(doc.paths['/api/leads/export'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/suppliers/export'])).toEqual(['get']);
    // only the resources the registry marks `exports`, and the products' sheet (their own
    // layout, for editing specifications in bulk: productSheet.test.ts beside this file)
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.endsWith('/export'))
        .sort(),
    ).toEqual(['/api/leads/export', '/api/products/export', '/api/suppliers/export']);
  });

  it('writes a CSV with a byte-order mark, CRLF, Uzbek headers and every lead', async () => {
    const reply = await download('/api/leads/export');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...reply.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = reply.bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFID,Ism,E-mail,Telefon,Xabar,Holat,Masʼul,Mahsulot,Sahifa,Sayt tili,Oldingi sayt,' +
        'UTM source,UTM medium,UTM campaign,UTM term,UTM content,Parametrlar,Soʻralgan hujjat,' +
        'Konveyer hisobi,Soʻralgan mahsulotlar,Yuborilgan,Yangilangan',
    );
    const [header, ...rows] = parse(reply.bytes, { bom: true }) as string[][];
    expect(header![0]).toBe('ID');
    // newest first, the list's default order
    expect(rows.map((row) => row[1])).toEqual([`'${CALC}`, 'Oʻgʻiloy Karimova', 'Алишер Навоий']);
    expect(rows[2]).toContain('Jarayonda');
    expect(rows[1]).toContain('Yangi');
  });

  it('translates headers and statuses into the language asked for', async () => {
    const [header, ...rows] = await csvRows('/api/leads/export?lang=ru&sort=id&order=asc');
    expect(header).toEqual(RU_LEAD_HEADERS);
    expect(rows.map((row) => row[5])).toEqual(['В работе', 'Новая', 'Новая']);
    const [english] = await csvRows('/api/leads/export?lang=en');
    expect(english!.slice(0, 3)).toEqual(['ID', 'Name', 'E-mail']);
  });

  it('applies the list’s search, filters and sort', async () => {
    const search = await csvRows('/api/leads/export?q=навоий');
    expect(search.slice(1).map((row) => row[1])).toEqual(['Алишер Навоий']);
    const status = await csvRows('/api/leads/export?status=new&sort=name&order=asc&lang=en');
    expect(status.slice(1).map((row) => row[1])).toEqual([`'${CALC}`, 'Oʻgʻiloy Karimova']);
    const byId = await csvRows(`/api/leads/export?id=${ids['Oʻgʻiloy Karimova']}`);
    expect(byId).toHaveLength(2);
    const none = await csvRows('/api/leads/export?q=nobody-at-all');
    expect(none).toHaveLength(1); // the header alone
  });

  it('neutralises formula cells in the CSV, and leaves phone numbers as they are', async () => {
    const [, ...rows] = await csvRows('/api/leads/export?sort=id&order=asc');
    const hostile = rows[2]!;
    expect(hostile.slice(1, 5)).toEqual([
      `'${HOSTILE.name}`,
      `'${HOSTILE.email}`,
      '+998901234567', // stored in E.164, and a phone number is left as it is
      `'${HOSTILE.message}`,
    ]);
    expect(rows[0]![3]).toBe('+998901234567');
    const [, supplier] = await csvRows('/api/suppliers/export');
    expect(supplier).toEqual([
      expect.stringMatching(/^\d+$/),
      `'${SUPPLIER.company_name}`,
      '12',
      '305123456',
      `'${SUPPLIER.contact_person}`,
      '+998712345678',
      'sales@example.uz',
      // a line break inside a cell (the CR sent is stored as LF) is quoted: one cell, not a
      // new row starting '=1+1'
      'Подшипники\n=1+1',
      `'${SUPPLIER.offer}`,
      'Faol',
      '', // the site's language: not sent
      'Yangi',
      '', // nobody has it yet
      expect.any(String),
      expect.any(String),
    ]);
  });

  it('writes times in the company’s time zone', async () => {
    const lead = (await api.request('GET', `/api/leads/${ids['Алишер Навоий']}`, { token })).body
      .data;
    const local = (offsetHours: number) =>
      new Date(Date.parse(lead.created_at) + offsetHours * 3_600_000)
        .toISOString()
        .slice(0, 16)
        .replace('T', ' ');
    const tashkent = await csvRows(`/api/leads/export?id=${lead.id}`);
    expect(tashkent[1]![CREATED]).toBe(local(5)); // Asia/Tashkent, the default: UTC+5
    const zone = await api.request('PUT', '/api/notifications/settings', {
      token,
      json: { time_zone: 'UTC' },
    });
    expect(zone.status).toBe(200);
    const utc = await csvRows(`/api/leads/export?id=${lead.id}`);
    expect(utc[1]![CREATED]).toBe(local(0));
    await api.request('PUT', '/api/notifications/settings', {
      token,
      json: { time_zone: 'Asia/Tashkent' },
    });
  });

  it('writes an XLSX that exceljs reads back: bold translated headers, values, dates', async () => {
    const reply = await download('/api/leads/export?format=xlsx&lang=ru&sort=id&order=asc');
    expect(reply.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(reply.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const sheet = await sheetOf('/api/leads/export?format=xlsx&lang=ru&sort=id&order=asc');
    expect(rowValues(sheet, 1)).toEqual(RU_LEAD_HEADERS);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(4);
    const first = rowValues(sheet, 2);
    expect(first.slice(0, 6)).toEqual([
      ids['Алишер Навоий'],
      'Алишер Навоий',
      undefined, // an empty e-mail
      '+998901234567',
      'Конвейер',
      'В работе',
    ]);
    expect(first[CREATED]).toBeInstanceOf(Date);
    expect(rowValues(sheet, 4).slice(1, 5)).toEqual([
      `'${HOSTILE.name}`,
      `'${HOSTILE.email}`,
      '+998901234567', // stored in E.164, and a phone number is left as it is
      `'${HOSTILE.message}`,
    ]);
    // text cells are strings, never formulas
    for (let column = 1; column <= RU_LEAD_HEADERS.length; column += 1) {
      expect(sheet.getRow(4).getCell(column).type).not.toBe(ExcelJS.ValueType.Formula);
    }
    expect(sheet.getColumn(5).width).toBeGreaterThanOrEqual('Сообщение'.length);
  });

  it('exports supplier applications as XLSX with numbers as numbers', async () => {
    const sheet = await sheetOf('/api/suppliers/export?format=xlsx&lang=en');
    expect(rowValues(sheet, 1).slice(0, 3)).toEqual(['ID', 'Company name', 'Number of employees']);
    const row = rowValues(sheet, 2);
    expect(row[2]).toBe(12);
    expect(row.slice(4, 9)).toEqual([
      `'${SUPPLIER.contact_person}`,
      '+998712345678',
      'sales@example.uz',
      // a line break inside the one cell
      'Подшипники\n=1+1',
      `'${SUPPLIER.offer}`,
    ]);
    expect(row[9]).toBe('Active');
  });

  it('names the assignee and the product instead of writing their ids', async () => {
    const db = api.app.db.kysely;
    const names = { name_uz: 'Lentalar', name_ru: 'Ленты', name_en: 'Belts' };
    const category = await categories.insert(db, {
      ...names,
      description_uz: '',
      description_ru: '',
      description_en: '',
      link: '',
      image: null,
      is_active: true,
    });
    const product = await products.insert(db, {
      name_uz: 'LK-400 lentali konveyeri',
      name_ru: 'Ленточный конвейер ЛК-400',
      name_en: '',
      description_uz: '',
      description_ru: '',
      description_en: '',
      category_id: category.id,
      image: null,
      is_active: true,
    });
    const me = (await api.request('GET', '/api/me', { token })).body.data;
    const quote = await api.request('POST', '/api/leads', {
      json: { name: 'Quote for a belt', phone: '+998901112233', product_id: product.id },
    });
    expect(quote.status).toBe(201);
    // an anonymous sender is not told the lead's id
    const [lead] = (await api.request('GET', '/api/leads?q=Quote%20for%20a%20belt', { token })).body
      .data;
    const taken = await api.request('PUT', `/api/leads/${lead.id}`, {
      token,
      json: { assignee_id: me.id },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const who = `${me.first_name ?? ''} ${me.last_name ?? ''}`.trim() || me.user_name;
    const column = (header: string) => RU_LEAD_HEADERS.indexOf(header);

    const [, ru] = await csvRows(`/api/leads/export?lang=ru&id=${lead.id}`);
    expect(ru![column('Ответственный')]).toBe(who);
    expect(ru![column('Товар')]).toBe('Ленточный конвейер ЛК-400');
    // no English name: the Uzbek one, never an empty cell
    const sheet = await sheetOf(`/api/leads/export?format=xlsx&lang=en&id=${lead.id}`);
    expect(rowValues(sheet, 2)[column('Товар')]).toBe('LK-400 lentali konveyeri');
    expect(rowValues(sheet, 2)[column('Ответственный')]).toBe(who);
    // a product deleted since: the lead no longer points to it
    await products.remove(db, product.id);
    const [, gone] = await csvRows(`/api/leads/export?id=${lead.id}`);
    expect(gone![column('Товар')]).toBe('');
    await leads.remove(db, lead.id);
    await categories.remove(db, category.id);
  });

  it('reads a big table page by page and writes every row once', async () => {
    const count = 1_234;
    await api.app.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i += 1) {
        await leads.insert(trx, {
          name: `Bulk ${i}`,
          email: '',
          phone: '',
          message: '',
          status: 'new',
        });
      }
    });
    const rows = (await csvRows('/api/leads/export?q=bulk')).slice(1);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row[0])).size).toBe(count);
    const sheet = await sheetOf('/api/leads/export?format=xlsx&q=bulk');
    expect(sheet.rowCount).toBe(count + 1);
  });
});
