import { type APIRequestContext, expect, type Page, type Response, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';
import { sample } from './helpers.ts';

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

// The site's Content Security Policy: every page carries one in a <meta> (hashes of exactly the
// inline scripts and styles it ships, no 'unsafe-inline'; see astro.config.mjs), and the API adds
// a header with what a meta cannot say (api/src/plugins/frontends.ts). Every script of the site
// must still run under it (pre-paint theme and language, carousels, hero video, video facade,
// map, the forms' islands), and a script injected into a page must not.

declare global {
  interface Window {
    __cspViolations: string[];
    __injected?: number;
  }
}

/**
 * Records, from the first script of every document on, each Content Security Policy violation
 * the page reports, and the console messages about one. Third-party frames (the map, YouTube)
 * get a blank page instead: the tests run offline, and the frames' own policies are not ours.
 */
async function watchPolicy(page: Page) {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        window.__cspViolations.push(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}: ${event.sample}`,
        ),
      true,
    );
  });
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>third party</title>',
      }),
  );
  return {
    /** What this document and the console reported so far. */
    violations: async () => [...(await page.evaluate(() => window.__cspViolations)), ...messages],
  };
}

/** The policies a page is under: the response's header (if any) and its meta elements. */
async function policiesOf(page: Page, response: Response | null) {
  const header = response?.headers()['content-security-policy'];
  const metas = await page
    .locator('meta[http-equiv="content-security-policy" i]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('content') ?? ''));
  return { header, metas };
}

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(/\s+/)[0] === name);

async function expectStrictPolicy(page: Page, response: Response | null) {
  const { header, metas } = await policiesOf(page, response);
  expect(metas, 'one policy in the page').toHaveLength(1);
  const meta = metas[0]!;
  expect(directive(meta, 'script-src')).toMatch(/^script-src 'self'( 'sha256-[\w+/=]+')+$/);
  expect(directive(meta, 'style-src')).toMatch(/^style-src 'self'( 'sha256-[\w+/=]+')*$/);
  expect(directive(meta, 'default-src')).toBe("default-src 'self'");
  expect(directive(meta, 'object-src')).toBe("object-src 'none'");
  // served by the API: the header adds frame-ancestors and restricts nothing the meta allows
  expect(header).toContain("frame-ancestors 'none'");
  for (const policy of [header ?? '', meta]) {
    expect(policy).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("'unsafe-eval'");
  }
  expect(header).not.toMatch(/(?:default|script|style|img|frame|connect)-src/);
}

/** A product of the demo with videos (the facade), else the first one. */
async function productWithVideos(request: APIRequestContext) {
  const { category, product } = await sample(request);
  const items = (
    await (await request.get(`/api/products?limit=50&category_id=${category.id}`)).json()
  ).data as { id: number }[];
  for (const item of items) {
    const detail = (await (await request.get(`/api/products/${item.id}`)).json()).data;
    if (detail.media.length) return `/en/catalog/${category.id}/products/${item.id}`;
  }
  return `/en/catalog/${category.id}/products/${product.id}`;
}

test('home: its scripts run under the policy, which allows no inline script', async ({ page }) => {
  const policy = await watchPolicy(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const response = await page.goto('/');
  await expectStrictPolicy(page, response);
  // the pre-paint script (hashed, injected by the build) ran
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // the hero video starts (an inlined module script)
  const video = page.locator('video[data-hero-video]');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/\.mp4$/);
  // carousels (Swiper, bundled)
  for (const carousel of await page.locator('[data-carousel] .swiper').all()) {
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveClass(/swiper-initialized/);
  }
  // the contact block's island wakes on interaction (the client:interaction directive and
  // Astro's island bootstrap are inline scripts)
  const form = page.locator('form[data-form=leads]');
  await form.scrollIntoViewIfNeeded();
  await form.hover();
  await expect(form).toHaveAttribute('data-ready');
  expect(await policy.violations()).toEqual([]);

  // the language switcher, and the pre-paint redirect to the stored language
  await page.locator('a[data-lang=en]').click();
  await expect(page).toHaveURL(/\/en$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await policy.violations()).toEqual([]);
});

test('product page: gallery and video facade run under the policy', async ({ page, request }) => {
  const policy = await watchPolicy(page);
  const response = await page.goto(await productWithVideos(request));
  await expectStrictPolicy(page, response);
  const gallery = page.locator('[data-carousel=gallery]');
  await expect(gallery.locator('.swiper').first()).toHaveClass(/swiper-initialized/);
  await gallery.getByRole('button', { name: 'Next' }).click();
  const facade = page.locator('[data-video] button');
  if (await facade.count()) {
    await facade.first().click();
    await expect(page.locator('[data-video] iframe')).toHaveAttribute(
      'src',
      /youtube-nocookie\.com\/embed\//,
    );
  }
  // JSON-LD is data, which the policy does not hold back
  expect(await page.locator('script[type="application/ld+json"]').count()).toBeGreaterThan(0);
  expect(await policy.violations()).toEqual([]);
});

test('contacts: the form posts and the map loads under the policy', async ({ page }) => {
  const policy = await watchPolicy(page);
  const response = await page.goto('/en/contacts');
  await expectStrictPolicy(page, response);
  const form = page.locator('form[data-form=leads]');
  await form.getByLabel('Your name').fill(`CSP visitor ${Date.now()}`);
  await form.getByLabel('Phone').fill('+998 90 123 45 67');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('[data-toast=success]')).toBeVisible();
  const map = page.locator('[data-map]');
  if (await map.count()) {
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('iframe')).toHaveCount(1);
  }
  expect(await policy.violations()).toEqual([]);
});

test('the 404 page: its script runs under the same policies', async ({ page }) => {
  const policy = await watchPolicy(page);
  const response = await page.goto('/en/no/such/page');
  expect(response?.status()).toBe(404);
  await expectStrictPolicy(page, response);
  // its script points the language switcher at the same unknown address
  await expect(page.locator('a[data-lang=uz]')).toHaveAttribute('href', '/uz/no/such/page');
  expect(await policy.violations()).toEqual([]);
});

test('an inline script or handler injected into a page does not run', async ({ page }) => {
  const policy = await watchPolicy(page);
  await page.goto('/en/contacts');
  await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
  expect(await policy.violations()).toEqual([]);

  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = 1;';
    document.body.append(script);
    return window.__injected;
  });
  expect(ran).toBeUndefined();
  await page.evaluate(() =>
    document.body.insertAdjacentHTML(
      'beforeend',
      '<img alt="" src="data:," onerror="window.__injected = 2">',
    ),
  );
  await expect.poll(async () => (await page.evaluate(() => window.__cspViolations)).length).toBe(2);
  expect(await page.evaluate(() => window.__injected)).toBeUndefined();
  const [script, handler] = await page.evaluate(() => window.__cspViolations);
  expect(script).toMatch(/^script-src-elem blocked inline/);
  expect(handler).toMatch(/^script-src-attr blocked inline/);
});
