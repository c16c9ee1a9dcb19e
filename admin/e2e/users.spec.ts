import { expect, test } from './tab.ts';
import { ADMIN, apiGet, apiToken, expectToast, userRow, signIn, toast } from './helpers.ts';

test('users: the last user cannot be deleted; create, edit, sign in as, delete', async ({
  page,
}) => {
  await signIn(page, { to: '/admin/users' });
  // only the admin exists: its delete is disabled, in the list and on its edit screen
  await expect(userRow(page, 'admin').getByRole('button', { name: 'Oʻchirish' })).toBeDisabled();
  await userRow(page, 'admin').getByRole('link', { name: 'Tahrirlash' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByRole('button', { name: 'Saqlash', exact: true })).toBeVisible();
  await expect(
    page.getByRole('toolbar').getByRole('button', { name: 'Oʻchirish', exact: true }),
  ).toBeDisabled();
  await page.getByTestId('back-link').click();

  const name = `staff${Date.now() % 100000}`;
  await page.getByRole('link', { name: 'Qoʻshish' }).click();
  await page.getByRole('textbox', { name: 'Foydalanuvchi nomi', exact: true }).fill(name);
  await page.getByLabel('Parol').first().fill('staff-password-1');
  await page.getByRole('textbox', { name: 'Ism', exact: true }).fill('Aziz');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`${name}@example.com`);
  // the role is asked, none preselected (before, Administrator was), and required
  const role = page.getByRole('combobox', { name: 'Rol' });
  await expect(role).not.toContainText(/\p{L}/u);
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expect(page.getByText('Majburiy maydon')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);
  await role.click();
  await page.getByRole('option', { name: 'Administrator' }).click();
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expectToast(page, 'Foydalanuvchi yaratildi');
  await expect(userRow(page, name)).toBeVisible();
  await expect(userRow(page, name)).toContainText('Administrator');
  // a second active admin: the first one's delete is free
  await expect(userRow(page, 'admin').getByRole('button', { name: 'Oʻchirish' })).toBeEnabled();
  // a search that finds one user does not make it the last one
  await page.getByPlaceholder('Qidirish').fill(name);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(userRow(page, name).getByRole('button', { name: 'Oʻchirish' })).toBeEnabled();
  await page.getByPlaceholder('Qidirish').fill('');
  await expect(userRow(page, 'admin')).toBeVisible();

  await userRow(page, name).getByRole('link', { name: 'Tahrirlash' }).click();
  await page.getByRole('textbox', { name: 'Familiya', exact: true }).fill('Karimov');
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expectToast(page, 'Foydalanuvchi tahrirlandi');

  // the new account signs in with its password (left unchanged by the edit)
  const signin = await page.request.post('/api/signin', {
    data: { user_name: name, password: 'staff-password-1' },
  });
  expect(signin.status()).toBe(200);

  // the status switch deactivates the account with one partial update
  await userRow(page, name).locator('input[type=checkbox]').click();
  await expectToast(page, 'Maʼlumotlar tahrirlandi');
  await expect(userRow(page, name).locator('input[type=checkbox]')).not.toBeChecked();
  await expect
    .poll(async () => (await apiGet(page, `/users?q=${name}`)).data[0]?.is_active)
    .toBe(false);

  // deleted from its edit screen: the form's toolbar has the list's delete
  await userRow(page, name).getByRole('link', { name: 'Tahrirlash' }).click();
  // on the edit screen, not the list it leaves (whose rows have delete buttons too)
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await page.getByRole('toolbar').getByRole('button', { name: 'Oʻchirish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Tasdiqlash' }).click();
  await expectToast(page, 'Maʼlumotlar oʻchirildi');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(userRow(page, name)).toHaveCount(0);
  await expect(userRow(page, 'admin').getByRole('button', { name: 'Oʻchirish' })).toBeDisabled();
});

// The API's refusal is said in the staff's language, not glued on in English.
test('the last active user: its switch is refused with an Uzbek-only toast', async ({ page }) => {
  // the admin is the last active user: other tests' active users are switched off meanwhile
  const token = await apiToken(page);
  const setActive = (id: number, is_active: boolean) =>
    page.request.put(`/api/users/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { is_active },
    });
  const others: { id: number }[] = (await apiGet(page, '/users?limit=100')).data.filter(
    (user: { user_name: string; is_active: boolean }) =>
      user.user_name !== ADMIN.user && user.is_active,
  );
  for (const user of others) expect((await setActive(user.id, false)).ok()).toBe(true);
  try {
    await signIn(page, { to: '/admin/users' });
    await page.getByPlaceholder('Qidirish').fill(ADMIN.user);
    await expect(userRow(page, ADMIN.user)).toHaveCount(1);
    await userRow(page, ADMIN.user).locator('input[type=checkbox]').click();
    const refusal = toast(page).filter({ hasText: 'Maʼlumotlarni tahrirlab boʻlmadi' });
    await expect(refusal).toHaveText(
      'Maʼlumotlarni tahrirlab boʻlmadi: ' +
        'Oxirgi faol administratorni oʻchirib, faolsizlantirib yoki rolini oʻzgartirib boʻlmaydi',
    );
    await expect(refusal).not.toContainText(/the |last|user|cannot/i);
    await expect(userRow(page, ADMIN.user).locator('input[type=checkbox]')).toBeChecked();
  } finally {
    for (const user of others) await setActive(user.id, true);
  }
});

// A password is changed by its owner, with the current one; an admin sets another user's
// without it, which ends that user's sessions (the API refuses the rest). This changes the
// admin's own password and puts it back in `finally`: safe because the config runs one worker,
// so no other test signs in as the admin meanwhile (a new password also ends the admin's other
// sessions).
test("passwords: an admin sets another user's; one's own needs the current one", async ({
  page,
}) => {
  const token = await apiToken(page);
  const other = `other${Date.now() % 100000}`;
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      user_name: other,
      password: 'other-password-1',
      email: `${other}@example.com`,
      role: 'sales',
    },
  });
  expect(created.status()).toBe(201);
  const otherId = (await created.json()).data.id;
  const otherSignin = (password: string) =>
    page.request.post('/api/signin', { data: { user_name: other, password } });
  const otherToken = (await (await otherSignin('other-password-1')).json()).data as string;

  await signIn(page);
  try {
    // another user's edit screen: a new password alone, saying what it does
    await page.goto(`/admin/users/${otherId}`);
    await expect(page.getByRole('textbox', { name: 'Ism', exact: true })).toBeVisible();
    await expect(page.getByLabel('Joriy parol', { exact: true })).toHaveCount(0);
    await expect(page.locator('input[type=password]')).toHaveCount(1);
    await expect(page.getByText('Boʻsh qoldirilsa, oʻzgarmaydi. Yangi parol')).toBeVisible();
    // left empty, the save carries no password
    await page.getByRole('textbox', { name: 'Familiya', exact: true }).fill('Boshqa');
    let put = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith(`/api/users/${otherId}`),
    );
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    expect((await put).postData() ?? '').not.toMatch(/name="(current_)?password"/);
    await expectToast(page, 'Foydalanuvchi tahrirlandi');
    expect((await otherSignin('other-password-1')).status()).toBe(200);

    // a new one: the user signs in with it, and their old session has ended
    await page.goto(`/admin/users/${otherId}`);
    await page.getByLabel('Parol', { exact: true }).fill('other-password-2');
    put = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith(`/api/users/${otherId}`),
    );
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    expect((await put).postData() ?? '').not.toMatch(/name="current_password"/);
    await expectToast(page, 'Foydalanuvchi tahrirlandi');
    expect((await otherSignin('other-password-2')).status()).toBe(200);
    expect((await otherSignin('other-password-1')).status()).toBe(401);
    const me = await page.request.get('/api/me', {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(me.status()).toBe(401);
  } finally {
    const gone = await page.request.delete(`/api/users/${otherId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status()).toBe(200);
  }

  const newPassword = 'admin-password-2';
  try {
    // one's own edit screen: the new password and the current one
    await page.goto('/admin/users');
    await userRow(page, 'admin').getByRole('link', { name: 'Tahrirlash' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    const password = page.getByLabel('Parol', { exact: true });
    const current = page.getByLabel('Joriy parol', { exact: true });
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await password.fill(newPassword);
    // a new password without the current one is refused by the form
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await expect(page.getByText('Majburiy maydon')).toBeVisible();
    // a wrong current password is refused by the API, with its reason in Uzbek
    await current.fill('not-the-password');
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await expectToast(
      page,
      'Maʼlumotlar toʻgri kiritilganligini tekshiring: Joriy parol notoʻgʻri',
    );
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    // the right one changes it
    await current.fill(ADMIN.password);
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await expectToast(page, 'Foydalanuvchi tahrirlandi');
    await expect(page).toHaveURL(/\/admin\/users$/);

    const signin = (password: string) =>
      page.request.post('/api/signin', { data: { user_name: ADMIN.user, password } });
    expect((await signin(newPassword)).status()).toBe(200);
    expect((await signin(ADMIN.password)).status()).toBe(401);
  } finally {
    // the original password back (the admin's own change, so with the new one as current)
    const signedIn = await page.request.post('/api/signin', {
      data: { user_name: ADMIN.user, password: newPassword },
    });
    if (signedIn.status() === 200) {
      const headers = { authorization: `Bearer ${(await signedIn.json()).data}` };
      const { id } = (await (await page.request.get('/api/me', { headers })).json()).data;
      const restored = await page.request.put(`/api/users/${id}`, {
        headers,
        data: { password: ADMIN.password, current_password: newPassword },
      });
      expect(restored.status()).toBe(200);
    }
  }
  await apiToken(page); // the admin signs in with the original password again
});
