import { expect, test } from './tab.ts';
import { apiToken, expectToast, userRow, signIn } from './helpers.ts';

// Sessions: a user sees where they are signed in and ends the others; an admin ends
// all of another user's.

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test('one’s own sessions: this device marked, another one ended', async ({ page }) => {
  const name = `sess${Date.now() % 100000}`;
  const password = 'session-password-1';
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { user_name: name, password, email: `${name}@example.com`, role: 'editor' },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id;
  // a second sign-in "from a phone", as an API token
  const phone = await page.request.post('/api/signin', {
    data: { user_name: name, password },
    headers: { 'user-agent': PHONE_UA },
  });
  const phoneToken = (await phone.json()).data as string;
  const phoneAlive = async () =>
    (
      await page.request.get('/api/me', { headers: { authorization: `Bearer ${phoneToken}` } })
    ).status();

  try {
    await signIn(page, { user: name, password });
    await page.goto(`/admin/users/${id}`);
    const panel = page.getByTestId('sessions');
    await expect(panel.getByRole('heading', { name: 'Seanslar' })).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    await expect(panel.getByRole('listitem').filter({ hasText: 'Shu qurilma' })).toHaveCount(1);
    const onPhone = panel.getByRole('listitem').filter({ hasText: 'Safari 18 on iOS' });
    await expect(onPhone).toContainText('Manzil 127.0.0.1');
    await onPhone.getByRole('button', { name: 'Seansni yakunlash' }).click();
    await expectToast(page, 'Seans yakunlandi');
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    expect(await phoneAlive()).toBe(401);
    // this device is not ended: the screen still works
    await page.reload();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Shu qurilma' })).toBeVisible();
  } finally {
    await page.request.delete(`/api/users/${id}`, {
      headers: { authorization: `Bearer ${await apiToken(page)}` },
    });
  }
});

test('an admin ends all of another user’s sessions', async ({ page }) => {
  const name = `gone${Date.now() % 100000}`;
  const password = 'session-password-1';
  const token = await apiToken(page);
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { user_name: name, password, email: `${name}@example.com`, role: 'sales' },
  });
  const id = (await created.json()).data.id;
  const theirs = (
    await (
      await page.request.post('/api/signin', {
        data: { user_name: name, password },
        headers: { 'user-agent': PHONE_UA },
      })
    ).json()
  ).data as string;
  try {
    await signIn(page, { to: '/admin/users' });
    await userRow(page, name).getByRole('link', { name: 'Tahrirlash' }).click();
    const panel = page.getByTestId('sessions');
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    await expect(panel).toContainText('Safari 18 on iOS');
    await expect(panel.getByRole('button', { name: 'Seansni yakunlash' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Barcha seanslarni yakunlash' }).click();
    await expectToast(page, 'Seans yakunlandi');
    await expect(panel).toContainText('Faol seans yoʻq');
    const me = await page.request.get('/api/me', {
      headers: { authorization: `Bearer ${theirs}` },
    });
    expect(me.status()).toBe(401);
  } finally {
    await page.request.delete(`/api/users/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }
});
