import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';
import { messages } from '../src/i18n/ui.ts';
import { LANGS, localized, sample, staffToken } from './helpers.ts';

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

  test(`a figure typed before the filters wake is kept and applied (${lang})${phone}`, async ({
    page,
    request,
  }) => {
    const { category, products, widthOf } = await beltCategory(request);
    const wide = products.filter((product) => (widthOf(product) ?? 0) >= 450).map((p) => p.id);
    expect(wide.length).toBeGreaterThan(0);
    expect(wide.length).toBeLessThan(products.length);
    const count = text.filter_count
      .replace('{n}', String(wide.length))
      .replace('{total}', String(products.length));

    // The island's code is held back until the test lets it go: the first touch asks for it,
    // and what is typed meanwhile lands in the page's plain form.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/CategoryFilters[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const filters = page.locator('form[data-filters]');
    const from = filters.locator('input[name="belt_width_min"]');

    // the first digit before the island wakes, the rest after
    await page.goto(localized(prefix, `/catalog/${category.id}`));
    await from.click();
    await page.keyboard.type('4');
    await expect(from).toHaveValue('4');
    await expect(filters).not.toHaveAttribute('data-ready');
    release();
    await expect(filters).toHaveAttribute('data-ready', 'true');
    await page.keyboard.type('50');
    await expect(from).toHaveValue('450');
    await expect(filters.locator('[data-filter-count]')).toHaveText(count);
    await expect(visibleCards(page)).toHaveCount(wide.length);
    await expect(page).toHaveURL(/\?belt_width=450-$/);

    // the whole figure before it wakes: applied as it wakes, with no key after
    let releaseAgain = () => {};
    const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
    await page.unroute(/\/CategoryFilters[^/]*\.js$/);
    await page.route(/\/CategoryFilters[^/]*\.js$/, async (route) => {
      await heldAgain;
      await route.continue();
    });
    await page.goto(localized(prefix, `/catalog/${category.id}`));
    await from.click();
    await page.keyboard.type('450');
    await expect(filters).not.toHaveAttribute('data-ready');
    releaseAgain();
    await expect(filters).toHaveAttribute('data-ready', 'true');
    await expect(from).toHaveValue('450');
    await expect(filters.locator('[data-filter-count]')).toHaveText(count);
    await expect(visibleCards(page)).toHaveCount(wide.length);
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
    // the comparison logs nothing in the console: no errors, no refusals of its policy
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    page.on('pageerror', (error) => logged.push(error.message));
    await bar.click();
    await expect(page).toHaveURL(new RegExp(`/compare/?\\?ids=${chosen.join(',')}$`));
    const table = page.locator('[data-compare-table] table');
    await expect(table.locator('thead th[data-product]')).toHaveCount(3);
    // each product's name and values as its own page shows them, a dash where it has none
    const product = await page.context().newPage();
    for (const [column, id] of chosen.entries()) {
      const head = table.locator(`thead th[data-product="${id}"] a`);
      await product.goto((await head.getAttribute('href'))!);
      await expect(head).toHaveText((await product.locator('h1').textContent())!.trim());
      const shown = new Map(
        await product
          .locator('[data-specs] tr[data-attribute]')
          .evaluateAll((rows) =>
            rows.map(
              (row) =>
                [
                  (row as HTMLElement).dataset.attribute!,
                  row.querySelector('td')!.textContent!.trim(),
                ] as const,
            ),
          ),
      );
      const compared = await table
        .locator('tbody tr')
        .evaluateAll(
          (rows, at) =>
            rows.map(
              (row) =>
                [
                  (row as HTMLElement).dataset.attribute!,
                  row.querySelectorAll('td')[at]!.textContent!.trim(),
                ] as const,
            ),
          column,
        );
      expect(compared.length).toBeGreaterThan(0);
      for (const [code, value] of compared) expect(value, code).toBe(shown.get(code) ?? '—');
    }
    await product.close();
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
    await table.locator(`thead th[data-product="${chosen[0]}"] button.compare-remove`).click();
    await expect(table.locator('thead th[data-product]')).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`ids=${chosen.slice(1).join(',')}$`));
    expect(logged).toEqual([]);
  });
}

for (const [lang, prefix] of LANGS) {
  test(`the catalogue lists every category shown, and the trail of a product leads back to it (${lang})`, async ({
    page,
    request,
  }) => {
    const text = messages[lang];
    const categories = (await (await request.get('/api/categories?limit=100')).json()).data as {
      id: number;
    }[];
    expect(categories.length).toBeGreaterThan(1);
    const reply = await page.goto(localized(prefix, '/catalog'));
    expect(reply?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.catalog_title);
    const links = await page
      .locator('#main .card a:not(.button)')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(links.sort()).toEqual(
      categories.map((category) => localized(prefix, `/catalog/${category.id}`)).sort(),
    );
    // in the trail: Home / Catalogue, and below it each category and product
    const trail = page.locator('nav.breadcrumbs');
    await expect(trail.locator('a')).toHaveAttribute('href', localized(prefix, '/'));
    await expect(trail.locator('[aria-current=page]')).toHaveText(text.catalog_title);
    const { category, product } = await sample(request);
    await page.goto(localized(prefix, `/catalog/${category.id}/products/${product.id}`));
    await expect(trail.locator('a')).toHaveText([
      text.nav_home,
      text.catalog_title,
      /./, // the category's name
    ]);
    await trail.getByRole('link', { name: text.catalog_title }).click();
    await expect(page).toHaveURL(new RegExp(`${localized(prefix, '/catalog')}/?$`));
    // the home page leads to it too
    await page.goto(localized(prefix, '/'));
    await page.getByRole('link', { name: text.catalog_all }).click();
    await expect(page).toHaveURL(new RegExp(`${localized(prefix, '/catalog')}/?$`));
  });
}

test('the catalogue is in the sitemap in every language, with its alternates', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const entry = sitemap.match(/<url><loc>[^<]*\/catalog\/?<\/loc>.*?<\/url>/s)?.[0] ?? '';
  for (const other of ['ru', 'uz', 'en']) expect(entry).toMatch(`hreflang="${other}"`);
  for (const prefix of ['/uz', '/en'])
    expect(sitemap).toMatch(new RegExp(`${prefix}/catalog/?</loc>`));
});

/** Whether two boxes on the screen overlap. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const [lang, prefix] of LANGS) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    test(`the comparison's strip never stays over a product's text, and its toggle is no main call (${lang}, ${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      const text = messages[lang];
      await page.setViewportSize(viewport);
      const { category, products } = await beltCategory(request);
      const [product, ...others] = products;
      const path = localized(prefix, `/catalog/${category.id}/products/${product!.id}`);
      await page.goto(path);
      await page.evaluate(
        (ids) => localStorage.setItem('conveyor.compare', JSON.stringify(ids)),
        others.slice(0, 2).map((other) => other.id),
      );
      await page.reload();
      // the product's own column (related products below have toggles of their own)
      const article = page.locator('article > .columns');
      const toggle = article.locator(`button[data-compare="${product!.id}"]`);
      const style = (locator: ReturnType<Page['locator']>) =>
        locator.evaluate((element) => ({
          background: getComputedStyle(element).backgroundColor,
          mark: getComputedStyle(element, '::before').content,
        }));
      // the main call of the page is filled; Compare is outlined, with nothing inside
      const call = await style(article.locator('a[data-quote]'));
      expect(call.background).not.toBe('rgba(0, 0, 0, 0)');
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      expect(await style(toggle)).toEqual({ background: 'rgba(0, 0, 0, 0)', mark: 'none' });
      // in the comparison: ticked, on a tint that is not the main call's fill
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(toggle).toContainText(text.compare_added);
      const pressed = await style(toggle);
      expect(pressed.background).not.toBe(call.background);
      expect(pressed.background).not.toBe('rgba(0, 0, 0, 0)');
      expect(pressed.mark).toContain('✓');

      const link = page.locator('a[data-compare-bar]');
      await expect(link).toHaveText(text.compare_go.replace('{n}', '3'));
      const strip = page.locator('.compare-bar');
      const description = article.locator('p.pre-line');
      const order = article
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: text.product_order }) })
        .locator('p');
      // each text brought to the bottom of the window, where the strip is, and to its top
      for (const target of [description, order]) {
        for (const block of ['end', 'start'] as const) {
          await target.evaluate((element, at) => element.scrollIntoView({ block: at }), block);
          const box = (await target.boundingBox())!;
          const stripBox = (await strip.boundingBox())!;
          expect(overlap(box, stripBox), `${block}: ${JSON.stringify([box, stripBox])}`).toBe(
            false,
          );
          expect(box.y + box.height).toBeLessThanOrEqual(stripBox.y);
        }
      }
      // at the end of the page, the footer's last line is above it
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footer = (await page.locator('footer').last().boundingBox())!;
      expect(footer.y + footer.height).toBeLessThanOrEqual((await strip.boundingBox())!.y + 0.5);
      // with one product left, no strip and no room kept for it
      await toggle.click();
      await page.evaluate(
        (ids) => localStorage.setItem('conveyor.compare', JSON.stringify(ids)),
        others.slice(0, 1).map((other) => other.id),
      );
      await page.reload();
      await expect(strip).toBeHidden();
      expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
    });
  }
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

test('a category of 60 products pages through three pages, and its filters find products on every page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = { authorization: `Bearer ${await staffToken(request)}` };
  const get = async (path: string) => (await (await request.get(path)).json()).data;
  const [width] = await get('/api/attributes?q=belt_width');
  const created = await request.post('/api/categories', {
    headers,
    data: {
      name_ru: 'Много конвейеров',
      name_uz: "Ko'p konveyerlar",
      name_en: 'Many conveyors',
      is_active: true,
      attributes: [{ attribute_id: width.id, required: true }],
    },
  });
  expect(created.status()).toBe(201);
  const category = (await created.json()).data;
  // widths 100, 200, … 600 in turn: ten products of each
  for (let i = 1; i <= 60; i++) {
    const reply = await request.post('/api/products', {
      headers,
      data: {
        name_ru: `Конвейер серии М-${i}`,
        name_uz: `M-${i} konveyeri`,
        name_en: `M-${i} conveyor`,
        category_id: category.id,
        is_active: true,
        specs: [{ attribute_id: width.id, value: ((i - 1) % 6) * 100 + 100 }],
      },
    });
    expect(reply.status()).toBe(201);
  }
  // the release with all of them
  await expect
    .poll(async () => (await request.get(`/catalog/${category.id}/page/3`)).status(), {
      timeout: 90_000,
    })
    .toBe(200);
  await expect
    .poll(async () => {
      const html = await (await request.get(`/catalog/${category.id}/page/3`)).text();
      return (html.match(/<li class="card"/g) ?? []).length;
    })
    .toBe(12);

  await page.goto(`/catalog/${category.id}`);
  const cards = page.locator('#products > [data-product]');
  const pages = page.getByRole('navigation', { name: messages.ru.pages });
  await expect(cards).toHaveCount(24);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
    'href',
    new RegExp(`/catalog/${category.id}$`),
  );
  await pages.getByRole('link', { name: messages.ru.page_next }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/${category.id}/page/2$`));
  await expect(cards).toHaveCount(24);
  // each page is its own: canonical to itself, named in its title
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
    'href',
    new RegExp(`/catalog/${category.id}/page/2$`),
  );
  await expect(page).toHaveTitle(/Страница 2/);
  await pages.getByRole('link', { name: messages.ru.page_n.replace('{n}', '3') }).click();
  await expect(cards).toHaveCount(12);
  await expect(pages.locator('[aria-current=page]')).toHaveText('3');

  // on page 3, a filter shows the matching products of all three pages: widths 500 and up
  const filters = page.locator('form[data-filters]');
  const from = filters.locator('input[name="belt_width_min"]');
  await from.focus();
  await expect(filters).toHaveAttribute('data-ready', 'true');
  await from.fill('500');
  const results = page.locator('[data-filter-results] > [data-product]');
  await expect(results).toHaveCount(20);
  await expect(cards.first()).toBeHidden();
  await expect(pages).toBeHidden();
  await expect(filters.locator('[data-filter-count]')).toHaveText(
    messages.ru.filter_count.replace('{n}', '20').replace('{total}', '60'),
  );
  // a result from page 1 can be collected for the comparison
  const first = results.first();
  await first.locator('button[data-compare]').click();
  await expect(first.locator('button[data-compare]')).toHaveAttribute('aria-pressed', 'true');
  // clearing the filter brings the page back
  await filters.getByRole('button', { name: messages.ru.filter_reset }).click();
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toBeVisible();
  await expect(pages).toBeVisible();
});
