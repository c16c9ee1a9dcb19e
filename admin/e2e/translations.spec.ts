import { expect, type Page, test } from './tab.ts';
import { apiToken, expectToast, signIn } from './helpers.ts';

// Staff see which texts are outdated (another language changed after them) and fix them: in
// the record's form, in the list's language chips and on the Translations screen.

const nameInput = (page: Page, language: string) =>
  page.getByRole('textbox', { name: `Nomi (${language})`, exact: true });

test('an editor sees an outdated translation and fixes it', async ({ page }) => {
  // a product of our own, named in three languages
  const token = await apiToken(page);
  const categories = await (
    await page.request.get('/api/categories?limit=1', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  const stamp = Date.now();
  const created = await page.request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name_ru: `Конвейер ${stamp}`,
      name_uz: `Konveyer ${stamp}`,
      name_en: `Conveyor ${stamp}`,
      category_id: categories.data[0].id,
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as number;
  await signIn(page, { to: null });

  // the Russian name changes: the Uzbek and English names are outdated
  await page.goto(`/admin/products/${id}`);
  await nameInput(page, 'ruscha').fill(`Конвейер ${stamp} М`);
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expectToast(page, 'Mahsulot tahrirlandi');
  const chip = (language: string) =>
    page
      .locator('tbody tr')
      .filter({ hasText: `Konveyer ${stamp}` })
      .locator(`[data-language=${language}]`);
  await expect(chip('uz')).toHaveAttribute('data-outdated', 'name');
  await expect(chip('ru')).not.toHaveAttribute('data-outdated', /.+/);

  // the Translations screen lists them, in the language asked for
  await page.goto('/admin/translations');
  await expect(page.getByTestId(`gap-products-${id}-name-uz`)).toContainText(/eskirgan/i);
  await expect(page.getByTestId(`gap-products-${id}-name-en`)).toBeVisible();
  await page.getByTestId('translations-language').click();
  await page.getByRole('option', { name: 'Oʻzbekcha' }).click();
  await expect(page.getByTestId(`gap-products-${id}-name-en`)).toHaveCount(0);
  await expect(page.getByTestId(`gap-products-${id}-name-uz`)).toBeVisible();

  // the form marks them; the Uzbek one is translated, the English one marked current
  await page
    .getByRole('link', { name: `Конвейер ${stamp} М` })
    .first()
    .click();
  await expect(page.locator('[data-outdated]')).toHaveCount(2);
  await nameInput(page, 'oʻzbekcha').fill(`Konveyer ${stamp} M`);
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expectToast(page, 'Mahsulot tahrirlandi');
  await page.goto(`/admin/products/${id}`);
  await expect(page.locator('[data-outdated]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Dolzarb deb belgilash' }).click();
  await expect(page.locator('[data-outdated]')).toHaveCount(0);
  await page.goto('/admin/translations');
  await expect(page.getByTestId('translations-language')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByTestId(`gap-products-${id}-name-en`)).toHaveCount(0);
});
