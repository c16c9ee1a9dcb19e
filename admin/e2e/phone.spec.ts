// Playwright's own `test`, a new context per test: a touch screen is a context option that the
// other specs' kept tab cannot take on (tab.ts)
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiGet, apiToken, expectToast, signIn } from './helpers.ts';

// The back office on a phone (390 × 844). Lists were 656 px wide, their status and
// buttons off-screen; the language menu, theme and sign-out were out of reach in the app bar.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true });
// many screens in one test each, on a machine that may be busy
test.describe.configure({ timeout: 120_000 });

/** Nothing on the page is wider than the screen: no sideways scrolling. */
async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths).toEqual({ document: PHONE.width, body: PHONE.width, screen: PHONE.width });
}

/** The element is on the screen, whole, not past its right edge. */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

/** The user menu's button ('Profil'; 'Профиль' once the language is Russian). */
const userMenu = (page: Page) => page.getByRole('button', { name: /^(Profil|Профиль)$/ });

test('on a phone: a list fits, a product is edited and saved, staff sign out', async ({ page }) => {
  const [product] = (await apiGet(page, '/products?limit=1&sort=id&order=desc')).data;
  await signIn(page, { to: '/admin/products' });

  // the list: a card per record, status and buttons within reach, nothing sideways
  const card = page.getByTestId('list-card').filter({ hasText: product.name_uz }).first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('table')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectOnScreen(card.getByRole('switch'));
  await expectOnScreen(card.getByRole('link', { name: 'Tahrirlash' }));
  await expectOnScreen(card.getByRole('button', { name: 'Oʻchirish' }));
  await expectOnScreen(userMenu(page));

  // language and theme from the user menu
  await userMenu(page).click();
  await expectOnScreen(page.getByRole('menuitem', { name: 'Akkauntdan chiqish' }));
  await page.getByRole('menuitem', { name: 'Til: Русский' }).click();
  await expect(page.getByRole('heading', { name: 'Продукция' }).first()).toBeVisible();
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Язык: Oʻzbekcha' }).click();
  await expect(page.getByRole('heading', { name: 'Mahsulotlar' }).first()).toBeVisible();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: "Yorug'/qorongʻi mavzu" }).click();
  await expect.poll(background).not.toBe(light);
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: "Yorug'/qorongʻi mavzu" }).click();
  await expect.poll(background).toBe(light);

  // edit and save
  const renamed = `${product.name_uz} (telefon)`;
  await card.getByRole('link', { name: 'Tahrirlash' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
  // the form holds the record before it is typed in: a form that loads after the typing resets
  // it, and Save stays disabled with nothing changed
  const name = page.getByRole('textbox', { name: 'Nomi (oʻzbekcha)', exact: true });
  await expect(name).toHaveValue(product.name_uz);
  await name.fill(renamed);
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expectToast(page, 'Mahsulot tahrirlandi');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByTestId('list-card').filter({ hasText: renamed })).toBeVisible();
  await expect
    .poll(async () => (await apiGet(page, `/products/${product.id}`)).data.name_uz)
    .toBe(renamed);

  // sign out from the user menu: the app bar hides while scrolling down (the form's Save sits
  // low on the screen), and a scroll back up shows it, as a staff member's thumb would
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectOnScreen(userMenu(page));
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Akkauntdan chiqish' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await page.goto('/admin/products');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('on a phone: lists of other shapes fit the screen too', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  // a list without a status switch and with a show button, one without create, one with images
  for (const resource of ['leads', 'suppliers', 'users', 'clients']) {
    await page.goto(`/admin/${resource}`);
    await expect(page.getByTestId('list-card').first(), resource).toBeVisible({
      timeout: 30_000,
    });
    await expectNoHorizontalOverflow(page);
  }
});

test('on a phone: a record with unpublished changes is marked in its card', async ({ page }) => {
  const [client] = (await apiGet(page, '/clients?limit=1&sort=id&order=desc')).data;
  const drafted = await page.request.put(`/api/clients/${client.id}/draft`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { name: `${client.name} (draft)` },
  });
  expect(drafted.status()).toBe(200);
  await signIn(page, { to: '/admin/clients' });
  const card = page.getByTestId('list-card').filter({ hasText: client.name }).first();
  await expectOnScreen(card.getByTestId('draft-marker'));
  await expectNoHorizontalOverflow(page);
  // the draft goes, and with it the mark
  const discarded = await page.request.delete(`/api/clients/${client.id}/draft`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(discarded.status()).toBe(200);
  await page.reload();
  await expect(card).toBeVisible();
  await expect(card.getByTestId('draft-marker')).toHaveCount(0);
});
