import { expect, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/playwright.ts';

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

const texts = {
  ru: { title: 'Конвейерные системы', categories: 'Категории' },
  uz: { title: 'konveyer tizimlari', categories: 'Kategoriyalar' },
  en: { title: 'Conveyor systems', categories: 'Categories' },
} as const;

for (const [lang, prefix] of [
  ['ru', ''],
  ['uz', '/uz'],
  ['en', '/en'],
] as const) {
  test(`home, category and product pages in ${lang}`, async ({ page, request }) => {
    await page.goto(prefix || '/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(texts[lang].title);
    await expect(page.getByRole('heading', { name: texts[lang].categories })).toBeVisible();
    await expect(page.locator(`link[rel=alternate][hreflang=uz]`)).toHaveCount(1);

    const categories = (
      await (await request.get('/api/categories?limit=1&sort=id&order=asc')).json()
    ).data;
    await page.goto(`${prefix}/catalog/${categories[0].id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      categories[0][`name_${lang}`],
    );
    await page.locator('main a').first().click();
    await expect(page).toHaveURL(
      new RegExp(`${prefix}/catalog/${categories[0].id}/products/\\d+$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  });
}

test('only active products are published', async ({ page, request }) => {
  const all = (await (await request.get('/api/products?limit=100')).json()).data as {
    id: number;
    category_id: number;
  }[];
  const first = all[0]!;
  const reply = await page.goto(`/catalog/${first.category_id}/products/${first.id}`);
  expect(reply?.status()).toBe(200);
  // an id the API does not show anonymously (inactive or missing) has no page
  const missing = await page.goto('/catalog/1/products/999999');
  expect(missing?.status()).toBe(404);
});

test('the language switcher keeps the page and is remembered before paint', async ({ page }) => {
  await page.goto('/catalog/1');
  await page.locator('a[data-lang=en]').click();
  await expect(page).toHaveURL(/\/en\/catalog\/1$/);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  // a Russian (unprefixed) address now sends this visitor to English
  await page.goto('/catalog/1');
  await expect(page).toHaveURL(/\/en\/catalog\/1$/);
  await page.locator('a[data-lang=ru]').click();
  await expect(page).toHaveURL(/\/catalog\/1$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

test('the theme follows the stored choice, else the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('unknown pages get the 404 page; from /dashboard its link leads to the admin', async ({
  page,
}) => {
  const reply = await page.goto('/no/such/page');
  expect(reply?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.locator('#main-page')).toHaveAttribute('href', '/');
  await page.goto('/dashboard/anything');
  await expect(page.locator('#main-page')).toHaveAttribute('href', '/admin');
});
