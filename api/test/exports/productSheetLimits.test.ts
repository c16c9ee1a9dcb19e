import { request as httpRequest } from 'node:http';
import { ERROR_CODES } from '@conveyor/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_LIMITS } from '../../src/exports/sheetLimits.ts';
import { type Reply, type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import {
  columnName,
  padded,
  rowXml,
  SHARED_STRINGS,
  sharedStringsXml,
  sheetOfRows,
  sheetXml,
  workbookOf,
  zipBomb,
  zipOf,
} from '../helpers/sheets.ts';

// The sheet import's limits (exports/sheetLimits.ts): a file that would unpack or parse past
// one is refused with a code of its own as soon as it passes it, on a dry run and a real one
// alike, and the data stays as it was; a second import while one runs is refused. On SQLite
// only: the limits hold in the reader, before the import asks the database anything
// (vitest.config.ts, DIALECT_NEUTRAL).

describe.skipIf(skipReason)('products sheet limits', () => {
  let api: TestApi;
  let token: string;
  let before: string;

  /** What the import could have changed: the products with their values, and the log. */
  const state = async () => {
    const list = await api.request('GET', '/api/products?limit=100&sort=id', { token });
    const details = await Promise.all(
      list.body.data.map(
        async (product: { id: number }) =>
          (await api.request('GET', `/api/products/${product.id}`, { token })).body.data,
      ),
    );
    const activity = await api.request('GET', '/api/activity?limit=100', { token });
    return JSON.stringify({ details, activity: activity.body.data.length });
  };

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
    const attribute = await api.request('POST', '/api/attributes', {
      token,
      json: { code: 'belt_width', type: 'number', unit: 'MMT', name_en: 'Belt width' },
    });
    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_en: 'Belts' },
    });
    for (const n of [1, 2]) {
      await api.request('POST', '/api/products', {
        token,
        json: {
          name_en: `Conveyor ${n}`,
          category_id: category.body.data.id,
          specs: [{ attribute_id: attribute.body.data.id, value: 400 + n }],
        },
      });
    }
    before = await state();
  });
  afterAll(() => api?.close());

  const upload = (file: Buffer, name: string, dryRun: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([file]), name);
    return api.request('POST', `/api/products/import?dry_run=${dryRun}`, { token, form });
  };

  /** Both runs refuse the file with this status and code, and nothing changes. */
  const refused = async (file: Buffer, name: string, status: number, code: string) => {
    expect(ERROR_CODES).toContain(code);
    for (const dryRun of [true, false]) {
      const reply: Reply = await upload(file, name, dryRun);
      expect({ status: reply.status, code: reply.body.code }, JSON.stringify(reply.body)).toEqual({
        status,
        code,
      });
      // refused as it arrives, by the upload's limits, the file is not yet a field
      if (code !== 'products.sheetTooLarge') expect(reply.body.field).toBe('file');
    }
    expect(await state()).toBe(before);
  };

  const header = ['id', 'name_en'];
  const csvOf = (lines: readonly string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

  it('refuses a zip bomb: a sheet part that unpacks past the limit, before unpacking it', async () => {
    const bomb = await zipBomb(SHEET_LIMITS.unpackedBytes + 1024 * 1024);
    // a small upload for what it unpacks to
    expect(bomb.length).toBeLessThan(SHEET_LIMITS.unpackedBytes / 500);
    await refused(bomb, 'bomb.xlsx', 413, 'products.sheetUnpackedTooLarge');
  });

  it('counts the parts it reads together against the unpacked limit', async () => {
    // each part under the limit, the two of them over it
    const half = Math.ceil(SHEET_LIMITS.unpackedBytes / 2) + 1024;
    const [head, tail] = sheetXml('|').split('|') as [string, string];
    const file = await workbookOf(padded(head, half, tail), {
      strings: padded(SHARED_STRINGS[0], half, SHARED_STRINGS[1]),
    });
    await refused(file, 'halves.xlsx', 413, 'products.sheetUnpackedTooLarge');
  });

  it('refuses a shared-strings bomb with products.sheetTooManyStrings', async () => {
    const texts = function* () {
      for (let n = 0; n <= SHEET_LIMITS.sharedStrings; n++) yield 'x';
    };
    const file = await workbookOf(sheetXml(rowXml(1, header)), {
      strings: sharedStringsXml(texts()),
    });
    await refused(file, 'strings.xlsx', 413, 'products.sheetTooManyStrings');
  });

  it('refuses a workbook of more entries than a sheet has with products.sheetTooManyEntries', async () => {
    const extra = Array.from(
      { length: SHEET_LIMITS.entries },
      (_, n) => [`xl/media/part${n}.txt`, 'x'] as [string, string],
    );
    const file = await workbookOf(sheetXml(rowXml(1, header)), { extra });
    await refused(file, 'entries.xlsx', 413, 'products.sheetTooManyEntries');
  });

  it('takes as many rows as the limit, and refuses one more (XLSX and CSV) with products.sheetTooManyRows', async () => {
    const rows = (count: number) =>
      Array.from({ length: count }, (_, n) => rowXml(n + 2, [null, `Conveyor ${n}`])).join('');
    const atLimit = await workbookOf(sheetXml(rowXml(1, header) + rows(SHEET_LIMITS.rows)));
    const taken = await upload(atLimit, 'rows.xlsx', true);
    expect(taken.status, JSON.stringify(taken.body).slice(0, 300)).toBe(200);
    expect(taken.body.data.rows).toBe(SHEET_LIMITS.rows);

    const overLimit = await workbookOf(sheetXml(rowXml(1, header) + rows(SHEET_LIMITS.rows + 1)));
    await refused(overLimit, 'rows.xlsx', 413, 'products.sheetTooManyRows');
    // one row far down is as many rows as its number says
    const far = await workbookOf(
      sheetXml(rowXml(1, header) + rowXml(SHEET_LIMITS.rows + 2, [null, 'far'])),
    );
    await refused(far, 'far.xlsx', 413, 'products.sheetTooManyRows');
    // a million rows of one cell: refused at the first past the limit
    const million = await workbookOf(
      sheetOfRows(function* () {
        yield rowXml(1, header);
        for (let n = 2; n <= 1_000_001; n++) yield `<row r="${n}"><c><v>1</v></c></row>`;
      }),
    );
    await refused(million, 'million.xlsx', 413, 'products.sheetTooManyRows');

    const lines = Array.from({ length: SHEET_LIMITS.rows + 1 }, (_, n) => `,Conveyor ${n}`);
    await refused(
      csvOf([header.join(','), ...lines]),
      'rows.csv',
      413,
      'products.sheetTooManyRows',
    );
  });

  it('refuses a row wider than the columns limit and a cell longer than a spreadsheet cell (XLSX and CSV)', async () => {
    const wide = `<row r="2"><c r="${columnName(SHEET_LIMITS.columns)}2"><v>1</v></c></row>`;
    await refused(
      await workbookOf(sheetXml(rowXml(1, header) + wide)),
      'wide.xlsx',
      413,
      'products.sheetTooManyCells',
    );
    await refused(
      csvOf([header.join(','), `${','.repeat(SHEET_LIMITS.columns)}1`]),
      'wide.csv',
      413,
      'products.sheetTooManyCells',
    );

    const long = 'x'.repeat(SHEET_LIMITS.cellChars + 1);
    await refused(
      await workbookOf(sheetXml(rowXml(1, header) + rowXml(2, [null, long]))),
      'long.xlsx',
      413,
      'products.sheetCellTooLong',
    );
    // a 200,000-character description (the JSON API's limit is 5,000)
    const description = 'x'.repeat(200_000);
    await refused(
      csvOf(['id,description_en', `,${description}`]),
      'long.csv',
      413,
      'products.sheetCellTooLong',
    );
  });

  it('refuses a file over the sheet size limit with products.sheetTooLarge, not an image code', async () => {
    const file = Buffer.alloc(SHEET_LIMITS.fileBytes + 1, 'a');
    await refused(file, 'big.csv', 413, 'products.sheetTooLarge');
  });

  it('refuses a file that is no sheet, or empty, with products.sheetUnreadable', async () => {
    await refused(Buffer.from('PK\u0003\u0004 nope'), 'x.xlsx', 400, 'products.sheetUnreadable');
    await refused(
      await zipOf([['hello.txt', 'not a workbook']]),
      'x.xlsx',
      400,
      'products.sheetUnreadable',
    );
    await refused(
      await workbookOf(sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is>')),
      'cut.xlsx',
      400,
      'products.sheetUnreadable',
    );
    await refused(Buffer.from('\n\n'), 'empty.csv', 400, 'products.sheetUnreadable');
  });

  /** An import's multipart body: a file field holding `file`. */
  const multipart = (file: Buffer, name: string) =>
    Buffer.concat([
      Buffer.from(
        `--sheet\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n--sheet--\r\n'),
    ]);

  /**
   * An import whose body is sent by the test (`send`), a part at a time: while its upload is
   * read, it is the import that runs. Resolves with its answer.
   */
  const heldUpload = (declaredLength: number) => {
    const request = httpRequest(`${api.url}/api/products/import?dry_run=true`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=sheet',
        'content-length': String(declaredLength),
      },
    });
    const answer = new Promise<{ status: number; code?: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, code: JSON.parse(text).code });
          request.destroy();
        });
      });
      request.on('error', reject);
    });
    request.flushHeaders();
    return { request, answer };
  };

  /**
   * Starts an import whose upload is `part` of `body` (the rest sent by the test) and returns
   * it once `other`, an upload made beside it, is refused. The server may take the other's
   * headers first (its hooks are asynchronous): then it starts again, after a longer pause.
   */
  const holdImport = async (body: Buffer, part: number, other: () => Promise<Reply>) => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const held = heldUpload(body.length);
      let answered = false;
      held.answer.then(
        () => (answered = true),
        () => (answered = true),
      );
      await new Promise<void>((resolve) =>
        held.request.write(body.subarray(0, part), () => resolve()),
      );
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      while (!answered) {
        const reply = await other();
        if (reply.status === 409) return { held, refused: reply };
      }
      held.request.destroy();
    }
    throw new Error('the import the test started was refused five times');
  };

  it('takes one import at a time: another one meanwhile is refused with products.importBusy', async () => {
    // The import that runs: an upload still being read, its body sent in two parts by the test.
    const body = multipart(csvOf([header.join(','), ',Conveyor']), 'held.csv');
    const small = csvOf([header.join(','), ',Conveyor']);
    const { held, refused } = await holdImport(body, 40, () => upload(small, 'small.csv', true));
    expect(refused.body.code).toBe('products.importBusy');
    // refused before its upload is read: an answer to the headers alone, the body never sent
    const unsent = heldUpload(9 * 1024 * 1024);
    expect(await unsent.answer).toMatchObject({ status: 409, code: 'products.importBusy' });
    // the sign-in check comes first: nothing about the import reaches an anonymous caller
    const form = new FormData();
    form.append('file', new Blob([small]), 'small.csv');
    const anonymous = await api.request('POST', '/api/products/import?dry_run=true', { form });
    expect(anonymous.status).toBe(401);
    // the running one ends well, and then the next one is taken
    held.request.end(body.subarray(40));
    expect(await held.answer).toMatchObject({ status: 200 });
    expect((await upload(small, 'small.csv', true)).status).toBe(200);
  });

  it('refuses an import while a large sheet is being read, and takes the next once it is done', async () => {
    const rows = Array.from({ length: SHEET_LIMITS.rows }, (_, n) =>
      rowXml(n + 2, [null, `Conveyor ${n}`]),
    ).join('');
    const body = multipart(await workbookOf(sheetXml(rowXml(1, header) + rows)), 'large.xlsx');
    const small = csvOf([header.join(','), ',Conveyor']);
    // the whole upload handed over before the others start
    const { held: large, refused } = await holdImport(body, body.length, () =>
      upload(small, 'small.csv', true),
    );
    large.request.end();
    let running = true;
    const first = large.answer.finally(() => {
      running = false;
    });
    const others: Reply[] = [refused];
    while (running) others.push(await upload(small, 'small.csv', true));
    expect(await first).toMatchObject({ status: 200 });
    const busy = others.filter((reply) => reply.status === 409);
    expect(busy.length).toBeGreaterThan(0);
    for (const reply of busy) expect(reply.body.code).toBe('products.importBusy');
    // the rest came after it, and were taken
    for (const reply of others.filter((one) => one.status !== 409)) expect(reply.status).toBe(200);
    expect((await upload(small, 'small.csv', true)).status).toBe(200);
  });

  it('frees the import for the next file when an upload is abandoned part-way', async () => {
    const request = httpRequest(`${api.url}/api/products/import?dry_run=true`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=sheet',
        'content-length': String(9 * 1024 * 1024),
      },
    });
    request.on('error', () => {});
    request.write(
      '--sheet\r\ncontent-disposition: form-data; name="file"; filename="a.csv"\r\n\r\nid,',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    request.destroy();
    // freed as the server sees the connection close: soon, however busy the machine
    await expect
      .poll(
        async () =>
          (await upload(csvOf([header.join(','), ',Conveyor']), 'small.csv', true)).status,
        { timeout: 10_000 },
      )
      .toBe(200);
  });
});
