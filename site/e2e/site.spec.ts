import { expect, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';
import { MISSING_THUMBNAIL } from '../../scripts/e2e/thumbnails.ts';
import { messages } from '../src/i18n/ui.ts';
import { LANGS, localized, pageTypes, sample, staffToken } from './helpers.ts';

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

const NO_CONTACT_BLOCK = new Set(['contacts', 'suppliers-inner']);

for (const [lang, prefix] of LANGS) {
  test(`every route in ${lang}: its language, alternates, menu and contact block`, async ({
    page,
    request,
  }) => {
    const types = await pageTypes(request);
    for (const [type, path] of Object.entries(types)) {
      const url = localized(prefix, path);
      const reply = await page.goto(url);
      expect(reply?.status(), url).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 }).first()).not.toBeEmpty();
      for (const other of ['ru', 'uz', 'en']) {
        await expect(page.locator(`link[rel=alternate][hreflang=${other}]`)).toHaveCount(1);
      }
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
        'href',
        new RegExp(`${url}$`),
      );
      expect(await page.title()).not.toBe('');
      // exactly one menu item is the current page
      await expect(page.locator('#main-menu [aria-current=page]')).toHaveCount(1);
      await expect(page.locator('#contact-form-title'), `${type} contact block`).toHaveCount(
        NO_CONTACT_BLOCK.has(type) ? 0 : 1,
      );
    }
  });
}

test('every page fits the screen, on a phone and on a desktop, once its carousels run', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const types = await pageTypes(request);
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    for (const [type, path] of Object.entries(types)) {
      await page.goto(path);
      // carousels start when they come near the viewport
      for (const carousel of await page.locator('[data-carousel] .swiper').all()) {
        await carousel.scrollIntoViewIfNeeded();
        await expect(carousel).toHaveClass(/swiper-initialized/);
      }
      const size = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
      }));
      expect(size.width, `${type} at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      expect(size.height, `${type} at ${viewport.width} px`).toBeLessThan(20_000);
    }
  }
});

test('home: hero video with its poster, categories, call to action, clients', async ({
  page,
  request,
}) => {
  await page.goto('/en');
  const video = page.locator('video[data-hero-video]');
  await expect(video).toHaveJSProperty('muted', true);
  await expect(video).toHaveJSProperty('loop', true);
  await expect(video).toHaveAttribute('playsinline', '');
  // the picture under the video is the poster, downloaded once
  await expect(video).not.toHaveAttribute('poster');
  await expect(page.locator('.hero img[fetchpriority=high]')).toHaveCount(1);
  // started after load
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/\.mp4$/);

  const categories = (await (await request.get('/api/categories?limit=100')).json()).data;
  await expect(page.locator('#categories-title + p + ul > li')).toHaveCount(categories.length);
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
    'href',
    '/en/contacts',
  );
  const clients = (await (await request.get('/api/clients?limit=100')).json()).data;
  await expect(page.locator('[data-carousel=clients] .swiper-slide')).toHaveCount(clients.length);
  await page.locator('[data-carousel=clients]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-carousel=clients] .swiper')).toHaveClass(/swiper-initialized/);
});

test(
  'the header names the company and the home page offers a quote and a call on its first screen',
  { tag: '@phone' },
  async ({ page, request }) => {
    const settings = (await (await request.get('/api/settings')).json()).data;
    const viewport = page.viewportSize()!;
    for (const [lang, prefix] of LANGS) {
      await page.goto(prefix || '/');
      const name = page.locator('header .brand span');
      await expect(name).toHaveText(messages[lang].site_name);
      const box = (await name.boundingBox())!;
      const tools = (await page.locator('header .tools').boundingBox())!;
      // shown whole (not clipped to a screen reader's pixel), beside the languages and buttons
      expect(box.width, lang).toBeGreaterThan(40);
      expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth + 1), lang).toBe(true);
      expect(box.x + box.width, lang).toBeLessThanOrEqual(tools.x);
      expect(box.y + box.height, lang).toBeLessThanOrEqual(tools.y + tools.height + 8);
      const quote = page.locator('.hero [data-hero-quote]');
      const call = page.locator('.hero [data-hero-call]');
      await expect(quote).toHaveText(messages[lang].quote_button);
      await expect(quote).toHaveAttribute('href', '#contact-form');
      await expect(page.locator('#contact-form form')).toHaveCount(1);
      await expect(call).toContainText(messages[lang].main_call);
      await expect(call).toHaveAttribute(
        'href',
        `tel:${settings.phone_primary.replace(/[^+\d]/g, '')}`,
      );
      for (const action of [quote, call]) {
        const { y, height } = (await action.boundingBox())!;
        expect(y + height, `${lang}: on the first screen`).toBeLessThanOrEqual(viewport.height);
      }
    }
  },
);

test('under prefers-reduced-motion the hero keeps its poster', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page.waitForLoadState('load');
  expect(
    await page.locator('video[data-hero-video]').evaluate((v: HTMLVideoElement) => v.currentSrc),
  ).toBe('');
});

test('product page: gallery with thumbnails and autoplay, videos behind a facade', async ({
  page,
  request,
}) => {
  const { category, product } = await sample(request);
  const detail = (await (await request.get(`/api/products/${product.id}`)).json()).data;
  await page.goto(`/en/catalog/${category.id}/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.name_en);
  const gallery = page.locator('[data-carousel=gallery]');
  await expect(gallery.locator('.swiper').first()).toHaveClass(/swiper-initialized/);
  await expect(gallery.locator('.thumbs .swiper-slide').first()).toBeVisible();
  const active = () =>
    gallery.locator('.swiper').first().locator('.swiper-slide-active').getAttribute('aria-label');
  const first = await active();
  // autoplay moves on after 2000 ms
  await expect.poll(active, { timeout: 5000 }).not.toBe(first);
  await gallery.getByRole('button', { name: 'Next' }).click();

  if (detail.media.length === 0) {
    await expect(page.getByText('Videos not found')).toBeVisible();
  } else {
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.locator('[data-video] button').first().click();
    await expect(page.locator('[data-video] iframe')).toHaveAttribute(
      'src',
      /youtube-nocookie\.com\/embed\//,
    );
  }
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = ld.map((text) => JSON.parse(text)['@type']);
  expect(types).toEqual(expect.arrayContaining(['Organization', 'BreadcrumbList', 'Product']));
});

test(
  'the product page does not move as its gallery starts (layout shift under 0.01)',
  { tag: '@phone' },
  async ({ page, request }) => {
    const { category, product } = await sample(request);
    // the pictures arrive after the first paint, as on a slow network
    await page.route(/\/_astro\/.*\.(avif|webp|jpe?g|png)$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(`/catalog/${category.id}/products/${product.id}`);
    const gallery = page.locator('[data-carousel=gallery]');
    await expect(gallery.locator('.swiper').first()).toHaveClass(/swiper-initialized/);
    await expect(gallery.locator('.thumbs')).toHaveClass(/swiper-initialized/);
    await page.waitForLoadState('load');
    await expect
      .poll(() =>
        gallery
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    // every shift since the page began (buffered); nothing here is an input
    const shifts = await page.evaluate(
      () =>
        new Promise<{ value: number; sources: string[] }[]>((resolve) => {
          type Shift = PerformanceEntry & {
            value: number;
            sources: { node?: Node | null }[];
          };
          const entries: Shift[] = [];
          new PerformanceObserver((list) => {
            entries.push(...(list.getEntries() as Shift[]));
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(
            () =>
              resolve(
                entries.map((entry) => ({
                  value: entry.value,
                  sources: entry.sources.map((source) =>
                    source.node instanceof Element ? source.node.className : String(source.node),
                  ),
                })),
              ),
            1000,
          );
        }),
    );
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
  },
);

test('gallery thumbnails answer Enter and Space', async ({ page, request }) => {
  // no autoplay: only the keyboard moves the gallery
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { category, product } = await sample(request);
  await page.goto(`/en/catalog/${category.id}/products/${product.id}`);
  const gallery = page.locator('[data-carousel=gallery]');
  const main = gallery.locator('.swiper').first();
  await main.scrollIntoViewIfNeeded();
  await expect(main).toHaveClass(/swiper-initialized/);
  const thumbs = gallery.locator('.thumbs button');
  const last = (await thumbs.count()) - 1;
  expect(last, 'the first demo product has several pictures').toBeGreaterThan(0);
  const shown = () => main.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index');
  await expect.poll(shown).toBe('0');
  await thumbs.nth(last).focus();
  await page.keyboard.press('Enter');
  await expect.poll(shown).toBe(String(last));
  await thumbs.nth(0).focus();
  await page.keyboard.press('Space');
  await expect.poll(shown).toBe('0');
});

test('a product without videos says so', async ({ page, request }) => {
  const all = (await (await request.get('/api/products?limit=100')).json()).data as {
    id: number;
    category_id: number;
  }[];
  for (const item of all) {
    const detail = (await (await request.get(`/api/products/${item.id}`)).json()).data;
    if (detail.media.length) continue;
    await page.goto(`/catalog/${item.category_id}/products/${item.id}`);
    await expect(page.getByText('Видео не найдены')).toBeVisible();
    return;
  }
  test.skip(true, 'every demo product has videos');
});

test('only active records are published', async ({ page, request }) => {
  const first = (await (await request.get('/api/products?limit=1')).json()).data[0];
  expect((await page.goto(`/catalog/${first.category_id}/products/${first.id}`))?.status()).toBe(
    200,
  );
  // an id the API does not show anonymously (inactive or missing) has no page
  expect((await page.goto('/catalog/1/products/999999'))?.status()).toBe(404);
  expect((await page.goto('/projects/999999'))?.status()).toBe(404);
});

test('the suppliers page shows the four fixed categories and leads to the form', async ({
  page,
}) => {
  await page.goto('/en/suppliers');
  await expect(page.locator('[data-supplier-categories] > li')).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'Mechanical parts' })).toBeVisible();
  await page.getByRole('link', { name: 'Become a supplier' }).click();
  await expect(page).toHaveURL(/\/en\/suppliers-inner$/);
});

test('the language switcher keeps the page and is remembered before paint', async ({ page }) => {
  await page.goto('/about');
  await page.locator('a[data-lang=en]').click();
  await expect(page).toHaveURL(/\/en\/about$/);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  // a Russian (unprefixed) address now sends this visitor to English
  await page.goto('/about');
  await expect(page).toHaveURL(/\/en\/about$/);
  await page.locator('a[data-lang=uz]').click();
  await expect(page).toHaveURL(/\/uz\/about$/);
  await page.locator('a[data-lang=ru]').click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

test('the theme follows the system until chosen, and the choice persists', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.locator('[data-theme-toggle]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.goto('/contacts');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the bar shrinks past 70 px; the mobile menu opens and closes on navigation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/en');
  const navbar = page.locator('[data-navbar]');
  await expect(navbar).not.toHaveClass(/shrunk/);
  await page.mouse.wheel(0, 400);
  await expect(navbar).toHaveClass(/shrunk/);
  await page.evaluate(() => scrollTo(0, 0));
  await expect(navbar).not.toHaveClass(/shrunk/);
  // just past the threshold the page stays where it is: the bar does not flicker
  for (const path of ['/en/about', '/en/suppliers-inner', '/en/contacts']) {
    await page.goto(path);
    const frames = await page.evaluate(async () => {
      scrollTo(0, 75);
      const seen: string[] = [];
      for (let i = 0; i < 10; i++) {
        await new Promise(requestAnimationFrame);
        seen.push(`${scrollY} ${document.querySelector('[data-navbar]')!.className}`);
      }
      return seen;
    });
    expect(new Set(frames), path).toEqual(new Set(['75 navbar shrunk']));
  }
  await page.goto('/en');

  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(page.locator('#main-menu')).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.locator('#main-menu').getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(/\/en\/projects$/);
  await expect(page.locator('#main-menu')).toBeHidden();
  await expect(page.locator('#main-menu [aria-current=page]')).toHaveText('Projects');
  // keyboard: the menu opens with Enter and closes with Escape
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#main-menu')).toBeHidden();
});

test('footer: years, company data and the developer credit', async ({ page, request }) => {
  const settings = (await (await request.get('/api/settings')).json()).data;
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer).toContainText(`© 2019–${new Date().getFullYear()} ${settings.legal_name}`);
  await expect(footer.getByRole('link', { name: settings.email })).toHaveAttribute(
    'href',
    `mailto:${settings.email}`,
  );
  for (const name of ['Telegram', 'Instagram', 'Facebook']) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveCount(1);
  }
  await expect(footer).toContainText(settings.developer_name);
  await expect(page.locator('header')).toContainText(settings.phone_primary);
});

test('unknown pages get the 404 page; from /dashboard its link leads to the admin', async ({
  page,
}) => {
  const reply = await page.goto('/no/such/page');
  expect(reply?.status()).toBe(404);
  await expect(page.getByText('Такой страницы не существует')).toBeVisible();
  await expect(page.locator('[data-not-found=ru] [data-main-page]')).toHaveAttribute('href', '/');
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('link[rel=canonical], link[rel=alternate]')).toHaveCount(0);
  await page.goto('/en/no/such/page?from=mail');
  await expect(page.getByText('This page does not exist')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // the switcher leads to the same unknown address in each language
  await expect(page.locator('a[data-lang=ru]')).toHaveAttribute('href', '/no/such/page?from=mail');
  await expect(page.locator('a[data-lang=uz]')).toHaveAttribute(
    'href',
    '/uz/no/such/page?from=mail',
  );
  await expect(page.locator('a[data-lang=en]')).toHaveAttribute('aria-current', 'true');
  // opening an /en/ address stored English, which would send /dashboard/… there too
  await page.evaluate(() => localStorage.removeItem('lang'));
  await page.goto('/dashboard/anything');
  await expect(page.locator('[data-not-found=ru] [data-main-page]')).toHaveAttribute(
    'href',
    '/admin',
  );
  // a visitor who chose Uzbek is sent once to the Uzbek twin, and stays there
  await page.evaluate(() => localStorage.setItem('lang', 'uz'));
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/uz\/no\/such\/page$/);
  await expect(page.locator('[data-not-found=uz]')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/uz\/no\/such\/page$/);
  // the /dashboard rule holds for them too: it reads the address without its language prefix
  await page.goto('/dashboard/anything');
  await expect(page).toHaveURL(/\/uz\/dashboard\/anything$/);
  await expect(page.locator('[data-not-found=uz] [data-main-page]')).toHaveAttribute(
    'href',
    '/admin',
  );
});

test('a /ru/… address leads to its unprefixed page, from the server and from a static host', async ({
  page,
  request,
}) => {
  const reply = await request.get('/ru/privacy?from=mail', { maxRedirects: 0 });
  expect(reply.status()).toBe(301);
  expect(reply.headers().location).toBe('/privacy?from=mail');
  expect((await page.goto('/ru/privacy'))?.status()).toBe(200);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/privacy$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  // A static host answers /ru/… with its 404 page: that page sends it to the unprefixed address
  // before it paints, as Russian (the visitor's older Uzbek choice does not make it /uz/ru/…).
  const notFound = await (await request.get('/no/such/page')).text();
  await page.route('**/ru/no/such/page*', (route) =>
    route.fulfill({ status: 404, contentType: 'text/html', body: notFound }),
  );
  await page.evaluate(() => localStorage.setItem('lang', 'uz'));
  await page.goto('/ru/no/such/page?x=1');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/no\/such\/page\?x=1$/);
  await expect(page.locator('[data-not-found=ru]')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ru');
  await expect(page.locator('a[data-lang=uz]')).toHaveAttribute('href', '/uz/no/such/page?x=1');
});

test('unknown /uz and /en addresses get a 404 page whole in their language, kept out of the index', async ({
  page,
}) => {
  for (const lang of ['uz', 'en'] as const) {
    const text = messages[lang];
    // the page's own address is not a page either
    expect((await page.goto(`/${lang}/404`))?.status()).toBe(404);
    expect((await page.goto(`/${lang}/no/such/page`))?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page).toHaveTitle(`404: ${text.not_found} | ${text.site_name}`);
    await expect(page.locator('meta[name=description]')).toHaveAttribute(
      'content',
      text.not_found_description,
    );
    await expect(page.locator('#main-menu')).toContainText(text.nav_about);
    await expect(page.locator('footer')).toContainText(text.nav_contacts);
    await expect(page.getByText(text.not_found)).toBeVisible();
    // like every page but /contacts and /suppliers-inner (spec 2.1), it ends with the contact form
    await expect(page.locator('#contact-form-title')).toHaveText(text.contact_form_title);
    await expect(page.getByRole('link', { name: text.main_page })).toHaveAttribute(
      'href',
      `/${lang}`,
    );
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel=canonical], link[rel=alternate]')).toHaveCount(0);
  }
});

test('robots.txt and a sitemap with language alternates', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: .*\/sitemap-index\.xml/);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/en/about');
  expect(sitemap).toMatch(/hreflang="uz"/);
  expect(sitemap).not.toContain('404');
});

test('a record without a text of its own in a language is no version of it: hreflang and the sitemap name only real ones', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const headers = { authorization: `Bearer ${await staffToken(request)}` };
  // a category and a product named in Russian only
  const category = await request.post('/api/categories', {
    headers,
    data: { name_ru: 'Только по-русски', is_active: true },
  });
  expect(category.status()).toBe(201);
  const categoryId = (await category.json()).data.id;
  const product = await request.post('/api/products', {
    headers,
    data: { name_ru: 'Конвейер только по-русски', category_id: categoryId, is_active: true },
  });
  expect(product.status()).toBe(201);
  const path = `/catalog/${categoryId}/products/${(await product.json()).data.id}`;
  await expect.poll(async () => (await request.get(path)).status(), { timeout: 60_000 }).toBe(200);

  // the Russian page names itself only
  await page.goto(path);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`${path}$`));
  const hreflangs = await page
    .locator('link[rel=alternate][hreflang]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('hreflang')));
  expect(hreflangs.sort()).toEqual(['ru', 'x-default']);
  await expect(page.locator('meta[name=robots]')).toHaveCount(0);
  // the Uzbek page shows the Russian text, is kept out of the index and points to the Russian
  await page.goto(`/uz${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Конвейер только по-русски');
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
    'href',
    new RegExp(`^https?://[^/]+${path}$`),
  );
  // the sitemap lists the Russian pages, not the others
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) =>
    new URL(match[1]!).pathname.replace(/(.)\/$/, '$1'),
  );
  expect(listed).toContain(path);
  expect(listed).not.toContain(`/uz${path}`);
  expect(listed).not.toContain(`/en/catalog/${categoryId}`);
  expect(listed).toContain('/uz/about');
  // a page of a record translated everywhere still names all three
  await page.goto('/uz/about');
  await expect(page.locator('link[rel=alternate][hreflang]')).toHaveCount(4);
});

test('cards end their shortened descriptions at a word with "…", never on a number', async ({
  page,
  request,
}) => {
  const { category } = await sample(request);
  const list = async (path: string) =>
    (await (await request.get(path)).json()).data as { description_ru: string }[];
  const pages = [
    { path: '/', records: await list('/api/categories?limit=100') },
    {
      path: `/catalog/${category.id}`,
      records: await list(`/api/products?limit=100&category_id=${category.id}`),
    },
  ];
  let shortened = 0;
  for (const { path, records } of pages) {
    await page.goto(path);
    const full = records.map((record) => record.description_ru.replace(/\s+/g, ' ').trim());
    const texts = await page.locator('.card-body p').allTextContents();
    expect(texts.length, path).toBeGreaterThan(0);
    for (const text of texts) {
      if (full.includes(text)) continue;
      shortened++;
      expect(text, path).toMatch(/[^\d\s]…$/);
      const kept = text.slice(0, -1);
      const whole = full.find((description) => description.startsWith(kept));
      expect(whole, `${path}: "${text}" is the start of a description`).toBeDefined();
      // the cut is at the end of a word: what follows in the description is not a letter
      expect(whole!.slice(kept.length), `${path}: "${text}"`).toMatch(/^[\s,.;:)]/);
    }
  }
  expect(shortened, 'the demo has descriptions too long for a card').toBeGreaterThan(0);
});

test('the 404 page does not scroll sideways', { tag: '@phone' }, async ({ page }) => {
  for (const path of ['/no/such/page', '/en/no/such/page']) {
    await page.goto(path);
    // the "404" sways (2.4 s a swing): measured through one whole swing, at every tilt, the
    // animation held at each in turn (rather than waited for)
    const { swings, widest } = await page.evaluate(() => {
      const animations = document.querySelector('.not-found .code')!.getAnimations();
      let widest = -Infinity;
      for (const animation of animations) animation.pause();
      for (let step = 0; step <= 24; step++) {
        for (const animation of animations) animation.currentTime = step * 100;
        const root = document.documentElement;
        widest = Math.max(widest, root.scrollWidth - root.clientWidth);
      }
      return { swings: animations.length, widest };
    });
    expect(swings, `${path}: the sway`).toBe(1);
    expect(widest, `${path}: pixels to scroll sideways`).toBeLessThanOrEqual(0);
  }
});

test(
  'an /en or /uz page opened directly stores its language',
  { tag: '@phone' },
  async ({ page }) => {
    // a visitor who once chose Uzbek follows an English link
    await page.goto('/uz/about');
    await page.goto('/en/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    // the next unprefixed address keeps them in English, not in the older choice
    await page.goto('/services');
    await expect(page).toHaveURL(/\/en\/services$/);
    await page.goto('/uz');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('uz');
    await page.goto('/');
    await expect(page).toHaveURL(/\/uz$/);
  },
);

test(
  'video boxes show the thumbnail the build fetched, served from the site',
  { tag: '@phone' },
  async ({ page, request }) => {
    const [video] = (await (await request.get('/api/media?limit=1&sort=id&order=asc')).json()).data;
    const detail = (await (await request.get(`/api/products/${video.product_id}`)).json()).data;
    await page.goto(`/catalog/${detail.category_id}/products/${detail.id}`);
    const thumbnails = page.locator('[data-video] img');
    await expect(thumbnails).toHaveCount(detail.media.length);
    for (const thumbnail of await thumbnails.all()) {
      // re-encoded into the release, not YouTube's (or the stand-in's) address
      expect(await thumbnail.getAttribute('src')).toMatch(/^\/_astro\//);
      await thumbnail.scrollIntoViewIfNeeded();
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    // the play button stays on top and still swaps in the player
    await page.locator('[data-video] button').first().click();
    await expect(page.locator('[data-video] iframe')).toHaveCount(1);

    // a video whose thumbnail could not be fetched keeps the plain box, and still plays
    const projects = (await (await request.get('/api/project?limit=100')).json()).data as {
      id: number;
      link: string;
    }[];
    const missing = projects.find((project) => project.link.includes(MISSING_THUMBNAIL))!;
    await page.goto(`/projects/${missing.id}`);
    await expect(page.locator('[data-video] button')).toHaveCount(1);
    await expect(page.locator('[data-video] img')).toHaveCount(0);
  },
);

test(
  'the contacts map has a static fallback: the address and a link to open it',
  { tag: '@phone' },
  async ({ browser, page, request }) => {
    const settings = (await (await request.get('/api/settings')).json()).data;
    const fallback = (where: typeof page) => where.locator('[data-map-fallback]');
    // without JavaScript (and so before the map loads)
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto('/en/contacts');
    await expect(fallback(bare)).toContainText(settings.address_en);
    await expect(fallback(bare).getByRole('link', { name: 'Open in a map' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=41\.295&mlon=69\.33/,
    );
    await expect(bare.locator('[data-map] iframe')).toHaveCount(0);
    await noScript.close();

    // the map cannot load (offline, blocked): the fallback is still there to use
    await page.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.abort('internetdisconnected'),
    );
    await page.goto('/contacts');
    const map = page.locator('[data-map]');
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('iframe')).toHaveCount(1);
    await expect(fallback(page)).toContainText(settings.address_ru);
    await expect(fallback(page).getByRole('link', { name: 'Открыть на карте' })).toBeVisible();
  },
);
