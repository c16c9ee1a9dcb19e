import { expect, test } from '@playwright/test';
import { apiGet, expectToast, row, signIn } from './helpers.ts';

test('users: the last user cannot be deleted; create, edit, sign in as, delete', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/users$/);
  // only the admin exists: its delete is disabled, in the list and on its edit screen
  await expect(row(page, 'admin').getByRole('button', { name: "O'chirish" })).toBeDisabled();
  await row(page, 'admin').getByRole('link', { name: 'Tahrirlash' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByRole('button', { name: 'Saqlash' })).toBeVisible();
  await expect(
    page.getByRole('toolbar').getByRole('button', { name: "O'chirish", exact: true }),
  ).toBeDisabled();
  await page.getByTestId('back-link').click();

  const name = `staff${Date.now() % 100000}`;
  await page.getByRole('link', { name: "Qo'shish" }).click();
  await page.getByRole('textbox', { name: 'Foydalanuvchi nomi', exact: true }).fill(name);
  await page.getByLabel('Parol').first().fill('staff-password-1');
  await page.getByRole('textbox', { name: 'Ism', exact: true }).fill('Aziz');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`${name}@example.com`);
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expectToast(page, 'Foydalanuvchi yaratildi');
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, 'admin').getByRole('button', { name: "O'chirish" })).toBeEnabled();
  // a search that finds one user does not make it the last one
  await page.getByPlaceholder('Qidirish').fill(name);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row(page, name).getByRole('button', { name: "O'chirish" })).toBeEnabled();
  await page.getByPlaceholder('Qidirish').fill('');
  await expect(row(page, 'admin')).toBeVisible();

  await row(page, name).getByRole('link', { name: 'Tahrirlash' }).click();
  await page.getByRole('textbox', { name: 'Familiya', exact: true }).fill('Karimov');
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expectToast(page, 'Foydalanuvchi tahrirlandi');

  // the new account signs in with its password (left unchanged by the edit)
  const signin = await page.request.post('/api/signin', {
    data: { user_name: name, password: 'staff-password-1' },
  });
  expect(signin.status()).toBe(200);

  // the status switch deactivates the account with one partial update
  await row(page, name).locator('input[type=checkbox]').click();
  await expectToast(page, "Ma'lumotlar tahrirlandi");
  await expect(row(page, name).locator('input[type=checkbox]')).not.toBeChecked();
  await expect
    .poll(async () => (await apiGet(page, `/users?q=${name}`)).data[0]?.is_active)
    .toBe(false);

  // deleted from its edit screen: the form's toolbar has the list's delete
  await row(page, name).getByRole('link', { name: 'Tahrirlash' }).click();
  // on the edit screen, not the list it leaves (whose rows have delete buttons too)
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await page.getByRole('toolbar').getByRole('button', { name: "O'chirish", exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Tasdiqlash' }).click();
  await expectToast(page, "Ma'lumotlar o'chirildi");
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(row(page, name)).toHaveCount(0);
  await expect(row(page, 'admin').getByRole('button', { name: "O'chirish" })).toBeDisabled();
});
