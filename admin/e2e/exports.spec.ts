import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from './tab.ts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { apiGet, signIn } from './helpers.ts';

// The lists' export button asks the server for the file (GET /api/{resource}/export) with the
// list's search and sort and the staff's language, as CSV or Excel.

test.beforeEach(async ({ page }) => {
  await signIn(page, { to: null });
});

/** Every id of a list, read from the API page by page (it answers at most 100 a call). */
async function allIds(page: Page, resource: string): Promise<number[]> {
  const ids: number[] = [];
  for (let number = 1; ; number += 1) {
    const reply = await apiGet(page, `/${resource}?limit=100&page=${number}`);
    ids.push(...reply.data.map((record: { id: number }) => record.id));
    if (number >= reply.totalPages) return ids;
  }
}

/** Opens the export menu, picks a format and returns the downloaded file's name and bytes. */
async function exportFile(page: Page, button: string, format: string) {
  await page.getByRole('button', { name: button }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test('leads export every row as CSV: byte-order mark, Uzbek headers, formulas neutralised', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // more leads than the API's list gives in one call (100), posted as the public form does
  const { total } = await apiGet(page, '/leads?limit=1');
  for (let i = total; i <= 100; i += 1) {
    const reply = await page.request.post('/api/leads', {
      data: { name: `Export ${i}`, phone: '+998901234567', message: `CSV ${i}` },
    });
    expect(reply.status()).toBe(201);
  }
  // a visitor's name that a spreadsheet would run as a formula (OWASP "CSV Injection")
  const formula = `=cmd|' /C calc'!A0 ${Date.now()}`;
  for (const name of [formula, 'Алишер Навоий']) {
    const reply = await page.request.post('/api/leads', {
      data: { name, phone: '+998 90 123-45-67', message: 'Экспорт' },
    });
    expect(reply.status()).toBe(201);
  }
  const ids = await allIds(page, 'leads');
  expect(ids.length).toBeGreaterThan(100);

  await page.goto('/admin/leads');
  // the server is still delivering the hundred leads to the Telegram stand-in
  await expect(page.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  const file = await exportFile(page, 'Eksport', 'CSV fayl');
  expect(file.name).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parse(file.bytes, { bom: true }) as string[][];
  expect(header!.slice(0, 4)).toEqual(['ID', 'Ism', 'E-mail', 'Telefon']);
  expect(rows.map((row) => Number(row[0])).sort((a, b) => a - b)).toEqual(
    [...ids].sort((a, b) => a - b),
  );
  const names = rows.map((row) => row[1]);
  expect(names).toContain('Алишер Навоий');
  // exported as text: a quote before the '=', the cell otherwise as it was
  expect(names).toContain(`'${formula}`);
  expect(names).not.toContain(formula);
  // a phone number is stored in E.164 and exported as it is, not neutralised
  expect(rows.find((row) => row[1] === 'Алишер Навоий')![3]).toBe('+998901234567');
});

test('the export takes the list’s search and the staff’s language; Excel opens', async ({
  page,
}) => {
  const name = `Навоий ${Date.now()}`;
  const reply = await page.request.post('/api/leads', {
    data: { name, email: 'navoiy@example.uz', message: 'Ассалому алейкум' },
  });
  expect(reply.status()).toBe(201);
  await page.goto('/admin/leads');
  await page.getByRole('button', { name: /Oʻzbekcha/i }).click();
  await page.getByRole('menuitem', { name: 'Русский' }).click();
  await page.getByPlaceholder('Поиск').fill(name);
  await expect(page.locator('tbody tr')).toHaveCount(1);

  const file = await exportFile(page, 'Экспорт', 'Файл Excel (XLSX)');
  expect(file.name).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBe(2);
  const cells = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
  expect(cells(1).slice(0, 6)).toEqual(['ID', 'Имя', 'E-mail', 'Телефон', 'Сообщение', 'Статус']);
  expect(cells(2).slice(1, 6)).toEqual([
    name,
    'navoiy@example.uz',
    undefined,
    'Ассалому алейкум',
    'Новая',
  ]);
});

test('supplier applications export with their own headers', async ({ page }) => {
  const ids = await allIds(page, 'suppliers');
  expect(ids.length).toBeGreaterThan(0);
  await page.goto('/admin/suppliers');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const file = await exportFile(page, 'Eksport', 'CSV fayl');
  expect(file.name).toMatch(/^suppliers-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parse(file.bytes, { bom: true }) as string[][];
  expect(header!.slice(0, 3)).toEqual(['ID', 'Kompaniya nomi', 'Hamkorlar soni']);
  expect(rows.map((row) => Number(row[0])).sort((a, b) => a - b)).toEqual(
    [...ids].sort((a, b) => a - b),
  );
});
