import { expect, test } from './tab.ts';
import { row } from './helpers.ts';
import { EDITOR, hiddenClient, PASSWORD, signInAsEditor, staff, WORDS } from './scheduling.ts';

// A scheduled record goes live at its time by itself, and offline at the next: on the site
// too, so it runs on the server that publishes. The times are set through the API, seconds
// ahead, so that the test waits seconds rather than whole minutes (the schedule dialog, which
// takes minutes, is tested in schedules.spec.ts); its file sorts early in its lane, so that
// the waits overlap the site's first build at the start.

test('a scheduled record goes live by itself at its time, and offline at the next', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Schedule live ${Date.now()}`;
  const id = await hiddenClient(page, name);
  await signInAsEditor(page);
  // the editor's own session sets the times (its name is on the schedule)
  const signin = await page.request.post('/api/signin', {
    data: { user_name: EDITOR, password: PASSWORD },
  });
  expect(signin.status()).toBe(200);
  const editor = { authorization: `Bearer ${(await signin.json()).data}` };
  const schedule = (times: { publish_at?: string; unpublish_at?: string }) =>
    page.request.put(`/api/clients/${id}/schedule`, { headers: editor, data: times });
  // far enough ahead that the Scheduled screen still shows the record hidden below
  const publishAt = Date.now() + 15_000;
  expect((await schedule({ publish_at: new Date(publishAt).toISOString() })).status()).toBe(200);

  await page.goto(`/admin/clients/${id}`);
  const panel = page.getByTestId('schedule');
  await expect(panel).toContainText(WORDS.uz.publishLine);
  await page.getByRole('menuitem', { name: WORDS.uz.menu }).click();
  await expect(row(page, name).first()).toContainText(WORDS.uz.hidden);
  await expect(row(page, name).first()).toContainText(EDITOR);
  expect(Date.now(), 'the Scheduled screen was read before the time came').toBeLessThan(publishAt);

  const headers = await staff(page);
  const active = async () =>
    (await (await page.request.get(`/api/clients/${id}`, { headers })).json()).data.is_active;
  // what visitors get: the public site's list of clients, once its rebuild is live
  const onSite = async () =>
    (await (await fetch(new URL('/en/clients', page.url()))).text()).includes(name);
  await expect.poll(active, { timeout: 60_000, intervals: [1_000] }).toBe(true);
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt);
  await expect.poll(onSite, { timeout: 60_000, intervals: [1_000] }).toBe(true);
  // seen by the public API too
  expect((await fetch(new URL(`/api/clients/${id}`, page.url()))).status).toBe(200);
  await page.goto(`/admin/clients/${id}`);
  await expect(panel).toContainText(WORDS.uz.none);
  const newest = page.getByTestId('history').getByTestId('revision').first();
  await expect(newest).toContainText('Oʻzgartirildi · Rejalashtiruvchi');

  // then a time to go offline, a few seconds ahead: off the site, and nothing left scheduled
  const unpublishAt = Date.now() + 8_000;
  expect((await schedule({ unpublish_at: new Date(unpublishAt).toISOString() })).status()).toBe(
    200,
  );
  await page.reload();
  await expect(panel).toContainText(WORDS.uz.unpublishLine);
  await expect.poll(active, { timeout: 60_000, intervals: [1_000] }).toBe(false);
  expect(Date.now()).toBeGreaterThanOrEqual(unpublishAt);
  await expect.poll(onSite, { timeout: 60_000, intervals: [1_000] }).toBe(false);
  expect((await fetch(new URL(`/api/clients/${id}`, page.url()))).status).toBe(404);
  await page.reload();
  await expect(panel).toContainText(WORDS.uz.none);
  await page.getByRole('menuitem', { name: WORDS.uz.menu }).click();
  await expect(row(page, name)).toHaveCount(0);
});
