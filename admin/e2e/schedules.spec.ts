import { expect, type Page, test } from '@playwright/test';
import { apiToken, expectToast, row, signIn } from './helpers.ts';

// Scheduled publishing: an editor gives a hidden record a time to go live (and to go
// offline) on its edit screen, in any of the three languages; the Scheduled screen lists it
// with a link to the record and cancels it; at its minute the record goes live by itself.

const PASSWORD = 'schedule-password-1';
const EDITOR = 'schedule-editor';

/** The words each language uses, as staff read them. */
const WORDS = {
  uz: {
    language: null,
    title: 'Nashr jadvali',
    none: 'Rejalashtirilmagan',
    set: 'Rejalashtirish',
    dialog: 'Nashrni rejalashtirish',
    publishAt: 'Saytga chiqish vaqti',
    unpublishAt: 'Saytdan olish vaqti',
    save: 'Jadvalni saqlash',
    saved: 'Rejalashtirildi',
    order: "Saytdan olish vaqti saytga chiqish vaqtidan keyin bo'lishi kerak",
    publishLine: 'Saytga chiqadi:',
    unpublishLine: 'Saytdan olinadi:',
    menu: 'Rejalashtirilgan',
    kind: 'Mijoz',
    hidden: 'Yashirin',
    cancel: 'Jadvalni bekor qilish',
    cancelTitle: (name: string) => `«${name}» jadvali bekor qilinsinmi?`,
    confirm: 'Tasdiqlash',
    cancelled: 'Jadval bekor qilindi',
  },
  ru: {
    language: 'Русский',
    title: 'Расписание публикации',
    none: 'Не запланировано',
    set: 'Запланировать',
    dialog: 'Запланировать публикацию',
    publishAt: 'Опубликовать',
    unpublishAt: 'Снять с публикации',
    save: 'Сохранить расписание',
    saved: 'Запланировано',
    order: 'Время снятия с публикации должно быть позже времени публикации',
    publishLine: 'Публикация:',
    unpublishLine: 'Снятие с публикации:',
    menu: 'Запланированное',
    kind: 'Клиент',
    hidden: 'Скрыто',
    cancel: 'Отменить расписание',
    cancelTitle: (name: string) => `Отменить расписание «${name}»?`,
    confirm: 'Подтвердить',
    cancelled: 'Расписание отменено',
  },
  en: {
    language: 'English',
    title: 'Publishing schedule',
    none: 'Not scheduled',
    set: 'Schedule',
    dialog: 'Schedule publishing',
    publishAt: 'Go live at',
    unpublishAt: 'Go offline at',
    save: 'Save schedule',
    saved: 'Scheduled',
    order: 'The time to go offline must come after the time to go live',
    publishLine: 'Goes live:',
    unpublishLine: 'Goes offline:',
    menu: 'Scheduled',
    kind: 'Client',
    hidden: 'Hidden',
    cancel: 'Cancel schedule',
    cancelTitle: (name: string) => `Cancel the schedule of «${name}»?`,
    confirm: 'Confirm',
    cancelled: 'Schedule cancelled',
  },
} as const;

/** A time as a date-time input takes it: the wall time here (the browser's zone is ours). */
function wallTime(ms: number): string {
  const at = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(
    at.getHours(),
  )}:${pad(at.getMinutes())}`;
}

const HOUR = 3600_000;
const dialog = (page: Page) => page.getByRole('dialog');

async function staff(page: Page) {
  return { authorization: `Bearer ${await apiToken(page)}` };
}

/** A hidden client made through the API, to schedule. */
async function hiddenClient(page: Page, name: string): Promise<number> {
  const created = await page.request.post('/api/clients', {
    headers: await staff(page),
    data: { name, is_active: false },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.id;
}

/** A content editor (not an admin) signs in: scheduling is theirs. */
async function signInAsEditor(page: Page) {
  const made = await page.request.post('/api/users', {
    headers: await staff(page),
    data: { user_name: EDITOR, password: PASSWORD, email: 'schedule@example.uz', role: 'editor' },
  });
  // made by the first test; the others find it there
  expect([201, 409]).toContain(made.status());
  await signIn(page, { user: EDITOR, password: PASSWORD });
}

for (const [language, words] of Object.entries(WORDS)) {
  test(`an editor schedules a hidden record and cancels it from the Scheduled screen (${language})`, async ({
    page,
  }) => {
    const name = `Schedule ${language} ${Date.now()}`;
    const id = await hiddenClient(page, name);
    await signInAsEditor(page);
    if (words.language) {
      await page.getByRole('button', { name: /O'zbekcha/i }).click();
      await page.getByRole('menuitem', { name: words.language }).click();
    }

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
}

test('a record scheduled for the next minute goes live by itself, and offline the minute after', async ({
  page,
}) => {
  // the times are real minutes ahead: the test waits for them
  test.setTimeout(240_000);
  const name = `Schedule live ${Date.now()}`;
  const id = await hiddenClient(page, name);
  await signInAsEditor(page);
  await page.goto(`/admin/clients/${id}`);
  const panel = page.getByTestId('schedule');
  await panel.getByRole('button', { name: WORDS.uz.set }).click();
  // the next whole minute (the inputs take minutes) at least 20 s ahead, so that the Scheduled
  // screen still shows the record hidden below (a minute a few seconds ahead had passed by then)
  const nextMinute = Math.ceil((Date.now() + 20_000) / 60_000) * 60_000;
  await dialog(page).getByLabel(WORDS.uz.publishAt).fill(wallTime(nextMinute));
  await dialog(page)
    .getByLabel(WORDS.uz.unpublishAt)
    .fill(wallTime(nextMinute + 60_000));
  await dialog(page).getByRole('button', { name: WORDS.uz.save }).click();
  await expectToast(page, WORDS.uz.saved);

  await page.getByRole('menuitem', { name: WORDS.uz.menu }).click();
  await expect(row(page, name).first()).toContainText(WORDS.uz.hidden);

  const headers = await staff(page);
  const active = async () =>
    (await (await page.request.get(`/api/clients/${id}`, { headers })).json()).data.is_active;
  // what visitors get: the public site's list of clients, once its rebuild is live
  const onSite = async () =>
    (await (await fetch(new URL('/en/clients', page.url()))).text()).includes(name);
  await expect.poll(active, { timeout: 100_000, intervals: [2_000] }).toBe(true);
  await expect.poll(onSite, { timeout: 60_000, intervals: [1_000] }).toBe(true);
  // seen by the public API too
  expect((await fetch(new URL(`/api/clients/${id}`, page.url()))).status).toBe(200);
  await page.goto(`/admin/clients/${id}`);
  await expect(panel).toContainText(WORDS.uz.unpublishLine);
  const newest = page.getByTestId('history').getByTestId('revision').first();
  await expect(newest).toContainText("O'zgartirildi · Rejalashtiruvchi");

  // the minute after, it goes offline by itself: off the site, and nothing left scheduled
  await expect.poll(active, { timeout: 100_000, intervals: [2_000] }).toBe(false);
  await expect.poll(onSite, { timeout: 60_000, intervals: [1_000] }).toBe(false);
  expect((await fetch(new URL(`/api/clients/${id}`, page.url()))).status).toBe(404);
  await page.reload();
  await expect(panel).toContainText(WORDS.uz.none);
  await page.getByRole('menuitem', { name: WORDS.uz.menu }).click();
  await expect(row(page, name)).toHaveCount(0);
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
