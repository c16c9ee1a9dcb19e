import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';
import { messages } from '../src/i18n/ui.ts';
import { LANGS, localized } from './helpers.ts';

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

// What an engineer does with the catalogue: reads a product's specifications, filters a
// category by a figure, compares products side by side; in each language.

interface Spec {
  attribute_id: number;
  value?: number | boolean;
  min?: number;
  max?: number;
  option?: string;
}

/** The belt conveyors (the demo's first category), its products' widths, and the attribute. */
async function beltCategory(request: APIRequestContext) {
  const get = async (path: string) => (await (await request.get(path)).json()).data;
  const [category] = await get('/api/categories?limit=1&sort=id&order=asc');
  const [width] = await get('/api/attributes?q=belt_width');
  const list = (await get(`/api/products?limit=100&category_id=${category.id}`)) as {
    id: number;
  }[];
  const products = await Promise.all(
    list.map(
      async (item) => (await get(`/api/products/${item.id}`)) as { id: number; specs: Spec[] },
    ),
  );
  const widthOf = (product: { specs: Spec[] }) =>
    product.specs.find((spec) => spec.attribute_id === width.id)?.value as number | undefined;
  return { category, products, widthOf };
}

const visibleCards = (page: Page) => page.locator('#products > [data-product]:visible');

for (const [lang, prefix] of LANGS) {
  const text = messages[lang];

  // on a phone once, in Russian: the layout is the same in every language
  const phone = lang === 'ru' ? ' @phone' : '';

  test(`a buyer filters a category by belt width, and shares the filtered view (${lang})${phone}`, async ({
    page,
    request,
  }) => {
    const { category, products, widthOf } = await beltCategory(request);
    const wide = products.filter((product) => (widthOf(product) ?? 0) >= 500).map((p) => p.id);
    expect(wide.length).toBeGreaterThan(0);
    expect(wide.length).toBeLessThan(products.length);

    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto(localized(prefix, `/catalog/${category.id}`));
    const filters = page.locator('form[data-filters]');
    await expect(filters).toBeVisible();
    await expect(visibleCards(page)).toHaveCount(products.length);
    // plain HTML until the visitor touches it: React is not fetched for a visitor who only reads
    expect(scripts.filter((url) => /CategoryFilters|client\./.test(url))).toEqual([]);
    await expect(filters).not.toHaveAttribute('data-ready');

    const from = filters.locator('fieldset[data-filter="belt_width"] input').first();
    await from.focus();
    await expect(filters).toHaveAttribute('data-ready', 'true');
    await from.fill('500');
    await expect(visibleCards(page)).toHaveCount(wide.length);
    const shown = await visibleCards(page).evaluateAll((cards) =>
      cards.map((card) => Number((card as HTMLElement).dataset.product)),
    );
    expect(shown.sort()).toEqual([...wide].sort());
    await expect(filters.locator('[data-filter-count]')).toHaveText(
      text.filter_count
        .replace('{n}', String(wide.length))
        .replace('{total}', String(products.length)),
    );
    await expect(page).toHaveURL(/\?belt_width=500-$/);

    // the address opens the same view
    await page.goto(page.url());
    await expect(visibleCards(page)).toHaveCount(wide.length);
    await expect(from).toHaveValue('500');

    // nothing matches: said so; Reset shows them all again
    await from.fill('100000');
    await expect(visibleCards(page)).toHaveCount(0);
    await expect(filters.locator('[data-filter-count]')).toHaveText(text.filter_none);
    await filters.getByRole('button', { name: text.filter_reset }).click();
    await expect(visibleCards(page)).toHaveCount(products.length);
    await expect(page).toHaveURL(new RegExp(`/catalog/${category.id}/?$`));
  });

  test(`a buyer compares three products side by side (${lang})${phone}`, async ({
    page,
    request,
    isMobile,
  }) => {
    const { category, products } = await beltCategory(request);
    await page.goto(localized(prefix, `/catalog/${category.id}`));
    await page.evaluate(() => localStorage.removeItem('conveyor.compare'));
    await page.reload();
    const chosen = products.slice(0, 3).map((product) => product.id);
    for (const id of chosen) {
      await page.locator(`#products > [data-product="${id}"] button[data-compare]`).click();
    }
    const bar = page.locator('a[data-compare-bar]');
    await expect(bar).toHaveText(text.compare_go.replace('{n}', '3'));
    await bar.click();
    await expect(page).toHaveURL(new RegExp(`/compare/?\\?ids=${chosen.join(',')}$`));
    const table = page.locator('[data-compare-table] table');
    await expect(table.locator('thead th[data-product]')).toHaveCount(3);
    // the widths differ: the line is marked; each value in the page's language with its unit
    const widthRow = table.locator('tr[data-attribute="belt_width"]');
    await expect(widthRow).toHaveAttribute('data-differs', 'true');
    await expect(widthRow.locator('td').first()).toHaveText(/^\d[\d\s\u00a0]*\s?(мм|mm)$/);
    // Differences only hides the lines that are the same for all
    const lines = await table.locator('tbody tr').count();
    await page.getByLabel(text.compare_diff).check();
    await expect(table.locator('tbody tr:not([data-differs])')).toHaveCount(0);
    expect(await table.locator('tbody tr').count()).toBeLessThanOrEqual(lines);

    if (isMobile) {
      // on a phone the table scrolls inside its box, the page does not, and the names stay put
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await expect(widthRow.locator('th')).toHaveCSS('position', 'sticky');
    }

    // printed: one clean page, without the site's header, footer and buttons
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.getByRole('button', { name: text.compare_print })).toBeHidden();
    await expect(table).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // removing one leaves two, and the address follows
    await table.locator(`thead th[data-product="${chosen[0]}"] button`).click();
    await expect(table.locator('thead th[data-product]')).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`ids=${chosen.slice(1).join(',')}$`));
  });
}

test('a product page lists its specifications, grouped, and gives them to search engines', async ({
  page,
  request,
}) => {
  const { category, products, widthOf } = await beltCategory(request);
  const product = products.find((item) => widthOf(item) !== undefined)!;
  await page.goto(`/catalog/${category.id}/products/${product.id}`);
  const table = page.locator('[data-specs] table');
  await expect(page.locator('[data-specs] h2')).toHaveText(messages.ru.specs);
  await expect(table.locator('th[scope=rowgroup]').first()).toHaveText('Размеры');
  const width = widthOf(product)!;
  await expect(table.locator('tr[data-attribute="belt_width"] td')).toHaveText(
    `${new Intl.NumberFormat('ru').format(width)}\u00a0мм`,
  );
  const data = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}')));
  const item = data.find((entry) => entry['@type'] === 'Product');
  expect(item.additionalProperty).toContainEqual(
    expect.objectContaining({
      '@type': 'PropertyValue',
      propertyID: 'belt_width',
      value: width,
      unitCode: 'MMT',
      unitText: 'мм',
    }),
  );
});
