import {
  type DutyInput,
  leadDuty,
  matchModels,
  resolveDuty,
  type Sizing,
  sizeConveyor,
} from '@conveyor/shared/conveyor';
import { expect, type Page, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';
import { messages } from '../src/i18n/ui.ts';
import type { PageModel } from '../src/lib/calculator.ts';
import { FORM_LABELS, LANGS, localized, sample, storedLead } from './helpers.ts';

// The conveyor calculator (docs/calculator.md) in a real browser: the duty from the address,
// the figures the shared module gives for it, our models that carry it, and a quote that
// carries the duty to sales.

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

/** The figures sizeConveyor gives a duty, as the page marks them (`data-result`). */
function expected(input: DutyInput): Sizing {
  const resolved = resolveDuty(input);
  if ('problem' in resolved) throw new Error(`the duty does not resolve: ${resolved.problem}`);
  const sizing = sizeConveyor(resolved.duty);
  if (!sizing.ok) throw new Error(`the duty does not size: ${sizing.problem}`);
  return sizing;
}

async function shown(page: Page) {
  const value = (name: string) =>
    page.locator(`[data-result="${name}"]`).getAttribute('data-value').then(Number);
  return {
    width: await value('width'),
    speed: await value('speed'),
    capacity: await value('capacity'),
    utilisation: await value('utilisation'),
    power: await value('power'),
    motor: await value('motor'),
  };
}

const figures = (sizing: Sizing) => ({
  width: sizing.width,
  speed: sizing.speed,
  capacity: Math.round(sizing.capacity),
  utilisation: Math.round(sizing.utilisation),
  power: Math.round(sizing.power * 10) / 10,
  motor: sizing.motor,
});

for (const [lang, prefix] of LANGS) {
  test(`a duty in the address is sized at once, follows each change, and goes to sales with the quote (${lang})`, async ({
    page,
    request,
  }) => {
    const texts = messages[lang];
    const duty = { material: 'coal-bituminous', capacity: 80, length: 25, lift: 2 };
    const query = new URLSearchParams(Object.entries(duty).map(([k, v]) => [k, String(v)]));
    await page.goto(localized(prefix, `/calculator?${query}`));
    await expect(page.locator('[data-result="width"]')).toHaveAttribute('data-value', /\d/);
    expect(await shown(page)).toEqual(figures(expected(duty)));
    // with its unit, in the language's figures
    await expect(page.locator('[data-result="speed"]')).toContainText(
      lang === 'en' ? /^\d+(\.\d+)? m\/s$/ : /^\d+(,\d+)? м\/с|m\/s$/,
    );

    // a change is sized again, and the address follows it
    const capacity = page.getByLabel(texts.calc_capacity);
    await capacity.fill('160');
    const larger = { ...duty, capacity: 160 };
    await expect(page.locator('[data-result="utilisation"]')).toHaveAttribute(
      'data-value',
      String(Math.round(expected(larger).utilisation)),
    );
    expect(await shown(page)).toEqual(figures(expected(larger)));
    await expect(page).toHaveURL(/capacity=160/);
    // an assumption changed is used: a less efficient drive needs more at the motor
    await page.getByText(texts.calc_assumptions).click();
    await page.getByLabel(texts.calc_efficiency).fill(lang === 'en' ? '0.5' : '0,5');
    const tired = { ...larger, efficiency: 0.5 };
    await expect(page.locator('[data-result="motor"]')).toHaveAttribute(
      'data-value',
      String(expected(tired).motor),
    );
    await expect(page).toHaveURL(/efficiency=0\.5/);

    // our models that carry it: the shared module's, each with why, the closest first
    const models = JSON.parse((await page.locator('#calc-data').textContent()) ?? '{}')
      .models as PageModel[];
    const { fit, near } = matchModels(models, tired, expected(tired));
    expect(fit.length, 'a demo model carries the duty').toBeGreaterThan(0);
    const listed = page.locator('[data-recommended] [data-calc-fit] > li');
    await expect(listed).toHaveCount(fit.length);
    expect(
      await listed.evaluateAll((items) => items.map((li) => Number(li.dataset.model))),
    ).toEqual(fit.map((match) => match.id));
    await expect(page.locator('[data-calc-near] > li')).toHaveCount(near.length);
    await expect(listed.first()).toContainText(`${texts.calc_fig_belt_width} `);
    await expect(listed.first().locator('a')).toHaveAttribute(
      'href',
      new RegExp(`^${prefix}/catalog/\\d+/products/${fit[0]!.id}$`),
    );

    // into the quote basket with the duty: the basket's page says what it was chosen for
    const add = listed.first().locator('button[data-quote-add]');
    await expect(add).toHaveText(texts.basket_add);
    await add.click();
    await expect(add).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('header [data-quote-badge] [data-count]')).toHaveText('1');
    const stored = await page.evaluate(() => localStorage.getItem('conveyor.quote'));
    expect(JSON.parse(stored ?? '[]')).toMatchObject([{ id: fit[0]!.id, duty: tired }]);
    // the first is chosen, and the quote takes the duty and the model
    await listed.first().getByRole('button', { name: texts.calc_choose }).click();
    await expect(listed.first().getByRole('button', { name: texts.calc_chosen })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: texts.calc_quote }).click();
    const about = page.locator('#contact-form [data-quote-duty]');
    await expect(about).toBeVisible();
    await expect(about).toContainText(`${expected(tired).width}`);
    const name = `Calculator ${lang} ${Date.now()}`;
    const form = page.locator('#contact-form form[data-form=leads]');
    await form.getByLabel(FORM_LABELS[lang].name).fill(name);
    await form.getByLabel(FORM_LABELS[lang].phone).fill('+998 90 123 45 67');
    await form.getByRole('button', { name: FORM_LABELS[lang].send }).click();
    await expect(page.locator('[data-toast=success]')).toBeVisible();
    await expect(about).toBeHidden();
    const lead = await storedLead(request, name);
    expect(lead.product_id).toBe(fit[0]!.id);
    expect(lead.duty).toEqual(leadDuty(tired));
    expect(lead.language).toBe(lang);
  });
}

test('a product page checks the product for a duty; a duty past the method says why, not a number', async ({
  page,
  request,
}) => {
  const texts = messages.en;
  const { category, product } = await sample(request);
  await page.goto(`/en/catalog/${category.id}/products/${product.id}`);
  const check = page.getByRole('link', { name: texts.calc_check });
  await expect(check).toHaveAttribute(
    'href',
    new RegExp(`^/en/calculator\\?.*product=${product.id}`),
  );
  await check.click();
  await expect(page.locator('[data-calc-checking] a')).toHaveAttribute(
    'href',
    `/en/catalog/${category.id}/products/${product.id}`,
  );
  // the duty is the product's own: its belt and its frame's longest length (the demo's first
  // product, 400 mm, 2–30 m, states no flow: the buyer gives theirs)
  await expect(page.getByLabel(texts.calc_width)).toHaveValue('400');
  await expect(page.getByLabel(texts.calc_length)).toHaveValue('30');
  await expect(page.locator('[data-calc-problem]')).toHaveText(texts.calc_missing);
  await page.getByLabel(texts.calc_capacity).fill('40');
  await expect(page.locator('[data-result="width"]')).toHaveAttribute('data-value', '400');
  // printed: the duty, the results and the company's contacts, without the menu and the forms
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('[data-result="width"]')).toBeVisible();
  await expect(page.getByLabel(texts.calc_capacity)).toBeVisible();
  await expect(page.locator('#main-menu')).toBeHidden();
  await expect(page.locator('#contact-form')).toBeHidden();
  await expect(page.getByRole('button', { name: texts.calc_print })).toBeHidden();
  await expect(page.locator('.calc-results .print-only')).toBeVisible();
  await expect(page.locator('.calc-results .print-only')).toContainText('@');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('.calc-results .print-only')).toBeHidden();

  // steeper than the material is carried: the reason, no figures, no quote
  await page.goto('/en/calculator?material=gravel&capacity=300&length=60&lift=30');
  await expect(page.locator('[data-calc-problem]')).toContainText('Too steep');
  await expect(page.locator('[data-calc-figures]')).toBeHidden();
  await expect(page.getByRole('button', { name: texts.calc_quote })).toBeDisabled();
  // a figure that is not one is named
  await page.getByLabel(texts.calc_length).fill('sixty');
  await expect(page.locator('[data-calc-problem]')).toContainText(texts.calc_length);
  await expect(page.getByLabel(texts.calc_length)).toHaveAttribute('aria-invalid', 'true');
});
