import { expect, test } from './tab.ts';
import { apiToken, signIn } from './helpers.ts';

// The activity log: an admin sees who did what, filters it, and it names fields,
// not their values.

test('an admin reads the activity log and filters it by action', async ({ page }) => {
  const token = await apiToken(page);
  const name = `Logged client ${Date.now()}`;
  const created = await page.request.post('/api/clients', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, is_active: true },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id;
  const renamed = await page.request.put(`/api/clients/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `${name} (secret)` },
  });
  expect(renamed.status()).toBe(200);

  await signIn(page);
  await page.getByRole('menuitem', { name: 'Faoliyat jurnali' }).click();
  await expect(page).toHaveURL(/\/admin\/activity/);
  // the newest event is this sign-in
  const first = page.locator('tbody tr').first();
  await expect(first).toContainText('Kirdi');
  await expect(first).toContainText('admin');
  await expect(first).toContainText('127.0.0.1');

  await page.getByRole('combobox', { name: 'Amal' }).click();
  await page.getByRole('option', { name: 'Oʻzgartirildi', exact: true }).click();
  await expect(page).toHaveURL(/filter=.*update/);
  const change = page.locator('tbody tr').filter({ hasText: `Mijozlar #${id}` });
  await expect(change).toHaveCount(1);
  // the field changed, in the staff's language, and not its new value
  await expect(change).toContainText('Nomi');
  await expect(page.locator('tbody')).not.toContainText('(secret)');
  // the change links to the record, whose History shows the revision it made
  await change.getByRole('link', { name: `Mijozlar #${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/${id}$`));
  await expect(page.getByTestId('history').getByTestId('revision')).toHaveCount(2);
});
