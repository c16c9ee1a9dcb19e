import { expect, type Page, test } from './tab.ts';
import { apiGet, apiToken, makeUser, removeUser, signIn } from './helpers.ts';

// What a screen says around its content: the tab's title, a quiet console (no failed
// request), whole menu labels, texts in the screen's language, a read-only form that looks
// read-only, the sheet check that says what it did and why Import waits, and a phone's list of
// compact cards with labelled buttons.

const COMPANY = 'OOO «Konveyer Tizimlari»';

async function inLanguage(page: Page, language: string) {
  await page.evaluate(
    (locale) => localStorage.setItem('RaStoreconveyor-admin.locale', JSON.stringify(locale)),
    language,
  );
}

for (const [language, width, words] of [
  [
    'uz',
    1366,
    { dashboard: 'Bosh sahifa', products: 'Mahsulotlar', product: 'Mahsulot', quotes: '«»' },
  ],
  ['ru', 390, { dashboard: 'Главная', products: 'Продукция', product: 'Продукт', quotes: '""' }],
  ['en', 1366, { dashboard: 'Dashboard', products: 'Products', product: 'Product', quotes: '""' }],
] as const) {
  test(`the tab names the screen and the company, the menu's labels whole (${language}, ${width} px)`, async ({
    page,
  }) => {
    await signIn(page, { to: null });
    await inLanguage(page, language);
    await page.goto('/admin/');
    await expect(page).toHaveTitle(`${words.dashboard} — ${COMPANY}`);
    // the whole menu, beside the screen: its last item comes once the role's permissions are in
    await expect(page.locator('a[role=menuitem][href$="/settings"]')).toBeVisible();
    const cut = await page
      .getByRole('menuitem')
      .evaluateAll((items) =>
        items.flatMap((item) =>
          [...item.querySelectorAll<HTMLElement>('.MuiTypography-root')]
            .filter((element) => element.scrollWidth > element.clientWidth + 1)
            .map(() => item.textContent ?? ''),
        ),
      );
    expect(cut).toEqual([]);
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/admin/products');
    await expect(page).toHaveTitle(`${words.products} — ${COMPANY}`);
    const [product] = (await apiGet(page, '/products?limit=1&sort=id&order=asc')).data;
    await page.goto(`/admin/products/${product.id}`);
    const name = { uz: product.name_uz, ru: product.name_ru, en: product.name_en }[language];
    // (each language's own quotation marks)
    await expect(page).toHaveTitle(
      `${words.product} ${words.quotes[0]}${name}${words.quotes[1]} — ${COMPANY}`,
    );
    // and the page is in the screen's language, for a screen reader
    await expect(page.locator('html')).toHaveAttribute('lang', language);
  });
}

test('no request of a screen fails as it loads: not even the tab’s icon', async ({ page }) => {
  // the browser's own requests (the icon) reach Playwright through the DevTools protocol only
  const failed: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', ({ response }) => {
    if (response.status >= 400) failed.push(`${response.status} ${response.url}`);
  });
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Kirish' })).toBeVisible();
  await signIn(page, { to: null });
  for (const path of ['/admin/', '/admin/products', '/admin/products/1', '/admin/settings']) {
    await page.goto(path);
    await expect(page.locator('#main-content')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // (the tab outlives the test: tab.ts)
  await cdp.detach();
  expect(failed).toEqual([]);
});

test('an Uzbek screen names its controls in Uzbek', async ({ page }) => {
  await signIn(page, { to: '/admin/products/1' });
  await expect(page.getByTestId('record-documents')).toBeVisible();
  // the attribute picker's button (a Material UI default, "Open")
  await expect(
    page.locator('fieldset').filter({ hasText: 'Texnik xususiyatlar' }).getByRole('button', {
      name: 'Ochish',
    }),
  ).toBeVisible();
  const english = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-label], [title]')]
      .flatMap((element) => [element.getAttribute('aria-label'), element.getAttribute('title')])
      .filter((text): text is string =>
        /^(Open|Close|Clear|No options|Loading…?|Remove|Add)$/.test(text ?? ''),
      ),
  );
  expect(english).toEqual([]);
});

test('a form to read only (sales) has no live picture drop and no active choice', async ({
  page,
}) => {
  const sales = await makeUser(page, 'sales', 'role-password-1', 'read');
  try {
    await signIn(page, { user: sales.name, password: 'role-password-1', to: '/admin/products/1' });
    await expect(page.getByRole('textbox', { name: /^Nomi/ }).first()).toBeDisabled();
    for (const source of ['image', 'images']) {
      await expect(page.getByTestId(`upload-${source}`)).toBeDisabled();
      const zone = page.getByTestId(`upload-${source}`).locator('..');
      await expect(zone).toHaveAttribute('aria-disabled', 'true');
      await expect(zone).toHaveCSS('cursor', 'default');
    }
    const category = page.getByRole('combobox', { name: 'Kategoriya' });
    await expect(category).toBeDisabled();
    // drawn disabled, as the text fields are
    await expect(category.locator('xpath=..')).toHaveClass(/Mui-disabled/);
    await expect(page.getByRole('combobox', { name: 'Xususiyat qoʻshish' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: /Mahsulot/ }).first()).toBeDisabled();
  } finally {
    await removeUser(page, sales.id);
  }
});

test('the sheet check says it only checked, and why Import waits', async ({ page }) => {
  const token = await apiToken(page);
  const category = (await apiGet(page, '/categories?limit=1&sort=id&order=asc')).data[0];
  const exported = await page.request.get(
    `/api/products/export?format=csv&category_id=${category.id}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(exported.status()).toBe(200);
  await signIn(page, {
    to: `/admin/products?filter=${encodeURIComponent(JSON.stringify({ category_id: category.id }))}`,
  });
  const dialog = page.getByRole('dialog');
  const importButton = dialog.getByRole('button', { name: 'Yuklash', exact: true });

  // the sheet as it was exported: checked, nothing to write
  await page.getByTestId('sheet-file').setInputFiles({
    name: 'mahsulotlar.csv',
    mimeType: 'text/csv',
    buffer: await exported.body(),
  });
  await expect(dialog.getByRole('heading')).toHaveText(
    'mahsulotlar.csv tekshirildi: hali hech narsa yozilmadi',
  );
  await expect(importButton).toBeDisabled();
  await expect(importButton).toHaveAccessibleDescription(
    'Yuklash uchun hech narsa yoʻq: fayldagi mahsulotlar hozirgidek.',
  );
  await dialog.getByRole('button', { name: 'Bekor qilish' }).click();

  // a sheet with a problem: why it waits is the problem
  await page.getByTestId('sheet-file').setInputFiles({
    name: 'xato.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`id,category_id,name_uz\n999999,${category.id},X\n`),
  });
  await expect(dialog.locator('[data-problems]')).toContainText('999999');
  await expect(importButton).toBeDisabled();
  await expect(importButton).toHaveAccessibleDescription(
    /Xatolar tuzatilmaguncha yuklab boʻlmaydi/,
  );
});

test('on a phone a product’s card is compact and the sheet’s buttons say what they do', async ({
  page,
}) => {
  await signIn(page, { to: null });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/products?sort=id&order=ASC');
  const card = page.getByTestId('list-card').first();
  await expect(card.locator('img[data-thumbnail]')).toBeVisible();
  const { height } = (await card.boundingBox())!;
  // a compact card: well under half a phone's screen, its picture included
  expect(height).toBeLessThan(844 * 0.4);
  for (const label of ['Jadval', 'Jadvalni yuklash']) {
    await expect(page.getByRole('button', { name: label, exact: true })).toHaveText(
      new RegExp(label, 'i'),
    );
  }
  await page.goto('/admin/leads');
  await expect(page.getByRole('button', { name: 'Eksport', exact: true })).toHaveText(/Eksport/i);
});
