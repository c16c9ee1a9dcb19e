import { expect, test } from '@playwright/test';
import { expectToast, row } from './helpers.ts';
import { dialog, hiddenClient, signInAsEditor, staff, wallTime, WORDS } from './scheduling.ts';

// A scheduled record goes live at its minute by itself, and offline at the next: on the site
// too, so it runs on the server that publishes. It waits for real minutes, mostly idle: its
// file sorts first in its lane, so that the wait overlaps the site's first build at the start.

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
