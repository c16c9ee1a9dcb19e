import { expect, type Page, test } from '@playwright/test';
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
      { code: 'steel', name_uz: "Po'lat" },
      { code: 'alu', name_uz: 'Alyuminiy' },
    ],
  });
  const category = await post(page, '/categories', { name_uz: `Shablonli ${stamp}` });

  // the template: two attributes, the width required
  await signIn(page, { to: `/admin/categories/${category.id}` });
  const template = page.locator('[class*="RaArrayInput"]').first();
  for (const [name, required] of [
    [`Lenta kengligi ${stamp}`, true],
    [`Rama ${stamp}`, false],
  ] as const) {
    await template.getByRole('button', { name: "Qo'shish" }).click();
    const item = template.locator('li[class*="RaSimpleFormIterator"]').last();
    await item.getByRole('combobox').fill(name.split(' ').pop()!);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    if (required) await item.getByRole('switch', { name: 'Majburiy' }).check();
  }
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expectToast(page, 'Kategoriya tahrirlandi');
  const saved = await apiGet(page, `/categories/${category.id}`);
  expect(saved.data.attributes).toEqual([
    { attribute_id: width.id, required: true },
    { attribute_id: frame.id, required: false },
  ]);

  // the product: its category's template as typed inputs
  const product = await post(page, '/products', {
    name_uz: `Konveyer ${stamp}`,
    category_id: category.id,
  });
  await page.goto(`/admin/products/${product.id}`);
  const widthRow = page.locator(`[data-attribute="e2e_width_${stamp}"]`);
  await expect(widthRow).toContainText('*');
  await expect(widthRow).toContainText("Majburiy: hali to'ldirilmagan");
  await expect(widthRow).toContainText('mm');
  const widthInput = widthRow.getByRole('spinbutton');
  // a figure with more digits than the attribute shows is refused before it is sent
  await widthInput.fill('1200.5');
  await expect(widthRow).toContainText("Verguldan keyin ko'pi bilan 0 ta raqam");
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

  // and reads them back as it saved them
  await page.goto(`/admin/products/${product.id}`);
  await expect(widthRow.getByRole('spinbutton')).toHaveValue('1200');
  await expect(page.locator(`[data-attribute="e2e_frame_${stamp}"]`)).toContainText('Alyuminiy');

  // a quote request asking for that width: the lead's screen shows it with its unit
  const lead = await post(page, '/leads', {
    name: `Xaridor ${stamp}`,
    phone: '+998 90 111 22 33',
    product_id: product.id,
    parameters: [{ attribute_id: width.id, value: 1200 }],
  });
  await page.goto(`/admin/leads/${lead.id}/show`);
  await expect(page.locator('[data-parameters]')).toHaveText(
    new RegExp(`Lenta kengligi ${stamp}: 1\\s200\\smm`),
  );
});
