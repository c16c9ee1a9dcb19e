import { expect, test } from './tab.ts';
import { expectToast, row, signIn } from './helpers.ts';
import {
  dialog,
  EDITOR,
  HOUR,
  hiddenClient,
  PASSWORD,
  signInAsEditor,
  staff,
  wallTime,
  WORDS,
} from './scheduling.ts';

// Scheduled publishing: an editor gives a hidden record a time to go live (and to go
// offline) on its edit screen; the Scheduled screen lists it with a link to the record and
// cancels it. (At its minute the record goes live by itself: autoPublish.spec.ts, on the
// server that publishes.) The flow runs once, in Russian; the other languages' words are
// checked on each of its screens (the catalogues hold the same keys: admin/test/i18n.test.ts).

test('an editor schedules a hidden record and cancels it from the Scheduled screen', async ({
  page,
}) => {
  const words = WORDS.ru;
  const name = `Schedule ${Date.now()}`;
  const id = await hiddenClient(page, name);
  await signInAsEditor(page);
  await page.getByRole('button', { name: /Oʻzbekcha/i }).click();
  await page.getByRole('menuitem', { name: words.language }).click();

  await page.goto(`/admin/clients/${id}`);
  const panel = page.getByTestId('schedule');
  await expect(panel.getByRole('heading', { name: words.title })).toBeVisible();
  await expect(panel).toContainText(words.none);
  await panel.getByRole('button', { name: words.set }).click();
  await expect(dialog(page).getByRole('heading')).toHaveText(words.dialog);

  // tomorrow at ten, and off again at nine the same day: refused, under the second time
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(10, 0, 0, 0);
  const publishAt = tomorrow.getTime();
  await dialog(page).getByLabel(words.publishAt).fill(wallTime(publishAt));
  await dialog(page)
    .getByLabel(words.unpublishAt)
    .fill(wallTime(publishAt - HOUR));
  await dialog(page).getByRole('button', { name: words.save }).click();
  await expect(dialog(page)).toContainText(words.order);

  await dialog(page)
    .getByLabel(words.unpublishAt)
    .fill(wallTime(publishAt + 24 * HOUR));
  await dialog(page).getByRole('button', { name: words.save }).click();
  await expectToast(page, words.saved);
  await expect(dialog(page)).toHaveCount(0);
  await expect(panel.getByTestId('schedule-publish')).toContainText(words.publishLine);
  await expect(panel.getByTestId('schedule-unpublish')).toContainText(words.unpublishLine);
  await expect(panel).toContainText(EDITOR);
  const stored = await page.request.get(`/api/clients/${id}/schedule`, {
    headers: await staff(page),
  });
  expect((await stored.json()).data).toMatchObject({
    publish_at: new Date(publishAt).toISOString(),
    unpublish_at: new Date(publishAt + 24 * HOUR).toISOString(),
  });

  await page.getByRole('menuitem', { name: words.menu }).click();
  await expect(page).toHaveURL(/\/admin\/schedules/);
  const item = row(page, name);
  await expect(item).toContainText(words.kind);
  await expect(item).toContainText(words.hidden);
  await expect(item).toContainText(EDITOR);
  // the name leads to the record
  await item.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/${id}$`));
  await page.goBack();

  await row(page, name).getByRole('button', { name: words.cancel }).click();
  await expect(dialog(page).getByRole('heading')).toHaveText(words.cancelTitle(name));
  await dialog(page).getByRole('button', { name: words.confirm }).click();
  await expectToast(page, words.cancelled);
  await expect(row(page, name)).toHaveCount(0);
  const gone = await page.request.get(`/api/clients/${id}/schedule`, {
    headers: await staff(page),
  });
  expect((await gone.json()).data).toBeNull();
});

test('the schedule speaks Uzbek and English on the edit screen, in its dialogs and its list', async ({
  page,
}) => {
  const headers = await staff(page);
  const name = `Schedule words ${Date.now()}`;
  const id = await hiddenClient(page, name);
  await signInAsEditor(page);
  /** The record's edit screen in `language`; its schedule's panel. */
  const openIn = async (language: 'uz' | 'en') => {
    await page.evaluate((locale) => {
      localStorage.setItem('RaStoreconveyor-admin.locale', JSON.stringify(locale));
    }, language);
    await page.goto(`/admin/clients/${id}`);
    return page.getByTestId('schedule');
  };
  // no schedule yet: the panel and the dialog that sets one
  for (const language of ['uz', 'en'] as const) {
    const words = WORDS[language];
    const panel = await openIn(language);
    await expect(panel.getByRole('heading', { name: words.title })).toBeVisible();
    await expect(panel).toContainText(words.none);
    await panel.getByRole('button', { name: words.set }).click();
    await expect(dialog(page).getByRole('heading')).toHaveText(words.dialog);
    await expect(dialog(page).getByLabel(words.publishAt)).toBeVisible();
    await expect(dialog(page).getByLabel(words.unpublishAt)).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: words.save })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
  }
  const publishAt = Date.now() + 24 * HOUR;
  const set = await page.request.put(`/api/clients/${id}/schedule`, {
    headers,
    data: {
      publish_at: new Date(publishAt).toISOString(),
      unpublish_at: new Date(publishAt + 24 * HOUR).toISOString(),
    },
  });
  expect(set.status()).toBe(200);
  // scheduled: the panel's lines, the Scheduled screen's row and the dialog that cancels it
  for (const language of ['uz', 'en'] as const) {
    const words = WORDS[language];
    const panel = await openIn(language);
    await expect(panel.getByTestId('schedule-publish')).toContainText(words.publishLine);
    await expect(panel.getByTestId('schedule-unpublish')).toContainText(words.unpublishLine);
    await page.getByRole('menuitem', { name: words.menu }).click();
    await expect(page).toHaveURL(/\/admin\/schedules/);
    const item = row(page, name);
    await expect(item).toContainText(words.kind);
    await expect(item).toContainText(words.hidden);
    await item.getByRole('button', { name: words.cancel }).click();
    await expect(dialog(page).getByRole('heading')).toHaveText(words.cancelTitle(name));
    await expect(dialog(page).getByRole('button', { name: words.confirm })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
  }
  await page.request.delete(`/api/clients/${id}/schedule`, { headers });
});

test('sales see what is scheduled, and cannot cancel it', async ({ page }) => {
  const headers = await staff(page);
  const name = `Schedule sales ${Date.now()}`;
  const id = await hiddenClient(page, name);
  const set = await page.request.put(`/api/clients/${id}/schedule`, {
    headers,
    data: { publish_at: new Date(Date.now() + 24 * HOUR).toISOString() },
  });
  expect(set.status()).toBe(200);
  const sales = `schedule-sales-${Date.now()}`;
  const made = await page.request.post('/api/users', {
    headers,
    data: { user_name: sales, password: PASSWORD, email: `${sales}@example.uz`, role: 'sales' },
  });
  expect(made.status()).toBe(201);

  await signIn(page, { user: sales, password: PASSWORD });
  await page.getByRole('menuitem', { name: WORDS.uz.menu }).click();
  await expect(row(page, name)).toContainText(WORDS.uz.hidden);
  await expect(row(page, name).getByRole('button', { name: WORDS.uz.cancel })).toHaveCount(0);
  await page.request.delete(`/api/clients/${id}/schedule`, { headers });
});
