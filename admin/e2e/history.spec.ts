import { expect, test } from './tab.ts';
import { apiToken, expectToast, signIn } from './helpers.ts';

// History and undo: an edit screen lists the record's revisions, compares one with
// the record as it is, and restores it in one click; the restore is a revision of its own.

test('a mistaken change is compared and undone from the edit screen', async ({ page }) => {
  const token = await apiToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const name = `History client ${Date.now()}`;
  const created = await page.request.post('/api/clients', {
    headers,
    data: { name, is_active: true },
  });
  const id = (await created.json()).data.id;
  await page.request.put(`/api/clients/${id}`, {
    headers,
    data: { name: `${name} (typo)`, is_active: false },
  });

  await signIn(page, { to: `/admin/clients/${id}` });
  const history = page.getByTestId('history');
  await expect(history.getByRole('heading', { name: 'Tarix' })).toBeVisible();
  const revisions = history.getByTestId('revision');
  await expect(revisions).toHaveCount(2);
  await expect(revisions.nth(0)).toContainText('Oʻzgartirildi · admin');
  await expect(revisions.nth(0)).toContainText('Holat, Nomi');
  await expect(revisions.nth(1)).toContainText('Yaratildi · admin');
  // the newest is the record as it is: nothing to restore there
  await expect(revisions.nth(0).getByRole('button', { name: 'Tiklash' })).toHaveCount(0);

  await revisions.nth(1).getByRole('button', { name: 'Solishtirish' }).click();
  const diff = page.getByTestId('history-diff');
  await expect(diff.getByRole('row', { name: /Nomi/ })).toContainText(name);
  await expect(diff.getByRole('row', { name: /Nomi/ })).toContainText(`${name} (typo)`);
  // what differs is marked: the words added since, on the record's side
  await expect(diff.getByRole('row', { name: /Nomi/ }).locator('ins')).toHaveText(' (typo)');
  await expect(diff.getByRole('row', { name: /Nomi/ }).locator('del')).toHaveCount(0);
  await expect(diff.getByRole('row', { name: /Holat/ })).toContainText('yoqilganoʻchirilgan');
  await page.getByRole('button', { name: 'Yopish' }).click();

  await revisions.nth(1).getByRole('button', { name: 'Tiklash' }).click();
  await expect(page.getByText('Shu versiyani tiklaysizmi?')).toBeVisible();
  await page.getByRole('button', { name: 'Tasdiqlash' }).click();
  await expectToast(page, 'Tiklandi: sayt yangilanmoqda');
  await expect(revisions).toHaveCount(3);
  await expect(revisions.nth(0)).toContainText('Tiklandi · admin');
  await expect(page.getByRole('textbox', { name: 'Nomi' })).toHaveValue(name);

  const now = await (await page.request.get(`/api/clients/${id}`, { headers })).json();
  expect(now.data).toMatchObject({ name, is_active: true });
});
