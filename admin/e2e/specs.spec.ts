import { readFile } from 'node:fs/promises';
import { describeDuty, leadDuty } from '@conveyor/shared/conveyor';
import { expect, type Page, test } from './tab.ts';
import ExcelJS from 'exceljs';
import { apiGet, apiToken, expectToast, signIn } from './helpers.ts';

// Staff define the specifications a category's products carry (its template) and fill them in
// on a product: typed inputs with the unit shown, a required one marked until it is filled,
// a value that does not fit refused before it is sent. The screens are in Uzbek.

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const reply = await page.request.post(`/api${path}`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data,
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()).data as { id: number };
}

test('a category gets a template; its product gets typed values', async ({ page }) => {
  test.setTimeout(60_000);
  const stamp = Date.now() % 1_000_000;
  const width = await post(page, '/attributes', {
    code: `e2e_width_${stamp}`,
    type: 'number',
    unit: 'MMT',
    name_uz: `Lenta kengligi ${stamp}`,
    unit_uz: 'mm',
    decimals: 0,
  });
  const frame = await post(page, '/attributes', {
    code: `e2e_frame_${stamp}`,
    type: 'enum',
    name_uz: `Rama ${stamp}`,
    options: [
      { code: 'steel', name_uz: 'Poʻlat' },
      { code: 'alu', name_uz: 'Alyuminiy' },
    ],
  });
  const category = await post(page, '/categories', { name_uz: `Shablonli ${stamp}` });

  // the template: two attributes, the width required; then the frame dragged above it by its
  // handle
  await signIn(page, { to: `/admin/categories/${category.id}` });
  const template = page.locator('[data-template]');
  for (const [name, required] of [
    [`Lenta kengligi ${stamp}`, true],
    [`Rama ${stamp}`, false],
  ] as const) {
    await template.getByRole('button', { name: 'Xususiyat qoʻshish' }).click();
    const item = template.locator('li').last();
    await item.getByRole('combobox').fill(name.split(' ').pop()!);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    if (required) await item.getByRole('switch', { name: 'Majburiy' }).check();
  }
  const handle = (await template
    .locator('li')
    .nth(1)
    .getByRole('button', { name: 'Surish' })
    .boundingBox())!;
  const first = (await template.locator('li').first().boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, first.y + 4, { steps: 12 });
  await page.mouse.up();
  await expect(template.locator('li').first().getByRole('combobox')).toHaveValue(
    new RegExp(`Rama ${stamp}`),
  );
  // (as a person would, once the lines have settled in their places: a click within a few
  // milliseconds of the drop, while they still slide there, moved nothing)
  for (const line of await template.locator('li').all()) {
    await expect(line).toHaveCSS('transform', 'none');
  }
  // and back down with its button, then up again: the buttons move it from the keyboard
  await template.locator('li').first().getByRole('button', { name: 'Pastga' }).click();
  await expect(template.locator('li').first().getByRole('combobox')).toHaveValue(
    new RegExp(`Lenta kengligi ${stamp}`),
  );
  await template.locator('li').nth(1).getByRole('button', { name: 'Yuqoriga' }).click();
  await expect(template.locator('li').first().getByRole('combobox')).toHaveValue(
    new RegExp(`Rama ${stamp}`),
  );
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expectToast(page, 'Kategoriya tahrirlandi');
  const saved = await apiGet(page, `/categories/${category.id}`);
  expect(saved.data.attributes).toEqual([
    { attribute_id: frame.id, required: false },
    { attribute_id: width.id, required: true },
  ]);

  // the product: its category's template as typed inputs
  const product = await post(page, '/products', {
    name_uz: `Konveyer ${stamp}`,
    category_id: category.id,
  });
  // the list shows how complete it is, and finds it among the incomplete ones
  const listed = (filter: Record<string, unknown>) =>
    page.goto(`/admin/products?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  await listed({ category_id: category.id, incomplete: true });
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr [data-completeness]')).toHaveText('0/2');
  await expect(page.locator('tbody tr [data-completeness]')).toHaveAttribute(
    'data-completeness',
    'incomplete',
  );
  // and in which languages the site can read it: named in Uzbek only, described in none
  const language = (lang: string) =>
    page.locator(`tbody tr [data-translations] [data-language="${lang}"]`);
  await expect(language('uz')).toHaveAttribute('data-missing', 'description');
  await expect(language('ru')).toHaveAttribute('data-missing', 'name description');
  await expect(language('en')).toHaveAttribute('data-missing', 'name description');
  // the status filter: it is shown on the site, not among the hidden ones
  await listed({ category_id: category.id, is_active: false });
  await expect(page.locator('tbody tr')).toHaveCount(0);
  await listed({ category_id: category.id, is_active: true });
  await expect(page.locator('tbody tr')).toHaveCount(1);
  // the demo's products (the oldest first) show their pictures
  await page.goto('/admin/products?sort=id&order=ASC');
  await expect(page.locator('tbody tr img[data-thumbnail]').first()).toBeVisible();
  await listed({ category_id: category.id, incomplete: true });

  await page.goto(`/admin/products/${product.id}`);
  const widthRow = page.locator(`[data-attribute="e2e_width_${stamp}"]`);
  await expect(widthRow).toContainText('*');
  await expect(widthRow).toContainText('Majburiy: hali toʻldirilmagan');
  await expect(widthRow).toContainText('mm');
  const widthInput = widthRow.getByRole('spinbutton');
  // a figure with more digits than the attribute shows is refused before it is sent
  await widthInput.fill('1200.5');
  await expect(widthRow).toContainText('Verguldan keyin koʻpi bilan 0 ta raqam');
  await widthInput.fill('1200');
  await expect(widthRow).not.toContainText('Majburiy');
  await page.locator(`[data-attribute="e2e_frame_${stamp}"]`).getByRole('combobox').click();
  await page.getByRole('option', { name: 'Alyuminiy' }).click();
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expectToast(page, 'Mahsulot tahrirlandi');
  const kept = await apiGet(page, `/products/${product.id}`);
  expect(kept.data.specs).toEqual([
    { attribute_id: width.id, value: 1200 },
    { attribute_id: frame.id, option: 'alu' },
  ]);

  await listed({ category_id: category.id });
  await expect(page.locator('tbody tr [data-completeness]')).toHaveText('2/2');
  await listed({ category_id: category.id, incomplete: true });
  await expect(page.locator('tbody tr')).toHaveCount(0);

  // and reads them back as it saved them
  await page.goto(`/admin/products/${product.id}`);
  await expect(widthRow.getByRole('spinbutton')).toHaveValue('1200');
  await expect(page.locator(`[data-attribute="e2e_frame_${stamp}"]`)).toContainText('Alyuminiy');

  // in bulk: the category's sheet downloaded, a width changed in it, taken back after a check
  await listed({ category_id: category.id });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Jadval', exact: true }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as string[]).slice(1);
  expect(sheet.rowCount).toBe(2);
  sheet.getRow(2).getCell(header.indexOf(`e2e_width_${stamp} (MMT)`) + 1).value = 1400;
  await page.getByTestId('sheet-file').setInputFiles({
    name: 'products.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await expect(page.locator('[data-summary]')).toContainText('1 ta oʻzgargan');
  await page.getByRole('button', { name: 'Yuklash', exact: true }).click();
  await expectToast(page, 'Yuklandi: 0 ta yangi, 1 ta oʻzgargan');
  const imported = await apiGet(page, `/products/${product.id}`);
  expect(imported.data.specs).toContainEqual({ attribute_id: width.id, value: 1400 });

  // a quote request asking for that width: the lead's screen shows it with its unit
  const duty = { material: 'gravel', capacity: 300, length: 60, lift: 8 };
  const lead = await post(page, '/leads', {
    name: `Xaridor ${stamp}`,
    phone: '+998 90 111 22 33',
    product_id: product.id,
    parameters: [{ attribute_id: width.id, value: 1200 }],
    // sent from the conveyor calculator: its duty, sized again by the API
    duty,
    // and from the quote basket: the product twice over, with a note
    items: [{ product_id: product.id, quantity: 2, note: 'ikkinchi liniya uchun' }],
  });
  await page.goto(`/admin/leads/${lead.id}/show`);
  await expect(page.locator('[data-parameters]')).toHaveText(
    new RegExp(`Lenta kengligi ${stamp}: 1\\s200\\smm`),
  );
  // the basket's product, linked, with its quantity and note
  const item = page.locator('[data-items] li');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('× 2: “ikkinchi liniya uchun”');
  await expect(item.getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`/products/${product.id}$`),
  );
  // the duty in the staff's language, and a link that opens the calculator with it
  const lines = page.locator('[data-duty] li');
  await expect(lines).toHaveText(describeDuty(leadDuty(duty), 'uz'));
  await expect(page.getByRole('link', { name: 'Kalkulyatorda ochish' })).toHaveAttribute(
    'href',
    '/uz/calculator?material=gravel&capacity=300&length=60&lift=8',
  );
});
