import { expect, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';
import { LANGS, localized } from './helpers.ts';

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

const TEXTS = {
  ru: { link: 'уведомлении о конфиденциальности', title: 'Конфиденциальность' },
  uz: { link: 'maxfiylik bildirishnomasi', title: 'Maxfiylik' },
  en: { link: 'privacy notice', title: 'Privacy' },
} as const;

for (const [lang, prefix] of LANGS) {
  test(`under each public form, a consent line links to the privacy notice (${lang})`, async ({
    page,
    request,
  }) => {
    const privacy = localized(prefix, '/privacy');
    const texts = TEXTS[lang];
    for (const [path, form] of [
      ['/contacts', 'leads'],
      ['/suppliers-inner', 'suppliers'],
      ['/about', 'leads'],
    ] as const) {
      await page.goto(localized(prefix, path));
      const consent = page.locator(`form[data-form=${form}] [data-consent]`);
      await expect(consent.getByRole('link', { name: texts.link })).toHaveAttribute(
        'href',
        privacy,
      );
    }

    await page.locator('form[data-form=leads] [data-consent] a').click();
    await expect(page).toHaveURL(new RegExp(`${privacy}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title);
    // the settings' text, paragraph by paragraph
    const settings = (await (await request.get('/api/settings')).json()).data;
    const expected = String(settings[`privacy_${lang}`])
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean);
    expect(expected.length).toBeGreaterThan(1);
    await expect(page.locator('[data-privacy] p')).toHaveText(expected);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
      'href',
      new RegExp(`${privacy}$`),
    );
    for (const other of ['ru', 'uz', 'en']) {
      await expect(page.locator(`link[rel=alternate][hreflang=${other}]`)).toHaveAttribute(
        'href',
        new RegExp(`${localized(other === 'ru' ? '' : `/${other}`, '/privacy')}$`),
      );
    }
    // (axe checks the page in both themes: a11y.spec.ts)
  });
}

test('the privacy pages are in the sitemap', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!));
  let all = '';
  for (const map of maps) all += await (await request.get(map.pathname)).text();
  for (const [, prefix] of LANGS) {
    expect(all).toMatch(new RegExp(`<loc>[^<]*${localized(prefix, '/privacy')}</loc>`));
  }
});
