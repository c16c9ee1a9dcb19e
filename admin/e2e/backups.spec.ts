import { stat } from 'node:fs/promises';
import { expect, type Page, test } from './tab.ts';
import { apiToken, expectToast, signIn } from './helpers.ts';

// Backups: an administrator backs up from the back office and downloads the archive;
// no other role sees the screen. The schedule, pruning and the API's refusals are in
// api/test/backup/schedule.test.ts.

const PASSWORD = 'backup-password-1';
const menu = (page: Page) => page.getByRole('menuitem', { name: 'Zaxira nusxalar' });
const archiveRows = (page: Page) => page.locator('tbody tr');

test('an admin backs up now, sees the new archive and downloads it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await menu(page).click();
  await expect(page).toHaveURL(/\/admin\/backups$/);
  await expect(page.getByTestId('backups-schedule')).toContainText('BACKUP_INTERVAL_HOURS');
  const before = await archiveRows(page).count();

  await page.getByRole('button', { name: 'Hozir zaxiralash' }).click();
  await expectToast(page, 'Zaxiralash soʻraldi');
  await expect(archiveRows(page)).toHaveCount(before + 1, { timeout: 60_000 });
  await expect(page.getByTestId('backups-progress')).toHaveCount(0);
  const newest = archiveRows(page).first();
  await expect(newest).toContainText(/conveyor-auto-\d{8}-\d{6}-\d+\.tar\.gz/);
  await expect(newest).toContainText('server');
  await expect(page.getByTestId('backups-last')).toContainText(/conveyor-auto-/);
  await expect(page.getByTestId('backups-failure')).toHaveCount(0);

  const link = newest.getByRole('link', { name: /^Yuklab olish conveyor-auto-/ });
  const name = (await link.innerText()).trim();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(name);
  const saved = await download.path();
  expect((await stat(saved)).size).toBeGreaterThan(0);
});

test('an editor has no backups entry, and the address is refused', async ({ page }) => {
  const name = `editor${Date.now() % 100000}`;
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const created = await page.request.post('/api/users', {
    headers,
    data: { user_name: name, password: PASSWORD, email: `${name}@example.com`, role: 'editor' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).data;
  try {
    await signIn(page, { user: name, password: PASSWORD });
    await expect(page.getByRole('menuitem', { name: 'Mahsulotlar' })).toBeVisible();
    await expect(menu(page)).toHaveCount(0);
    await page.goto('/admin/backups');
    await expect(page.getByText('Ruxsat yoʻq')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hozir zaxiralash' })).toHaveCount(0);
  } finally {
    const gone = await page.request.delete(`/api/users/${id}`, { headers });
    expect(gone.status()).toBe(200);
  }
});
