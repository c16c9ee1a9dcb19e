import { expect, type Page, test } from './tab.ts';
import { generate } from 'otplib';
import { apiToken, expectToast, signIn } from './helpers.ts';

// Two-factor sign-in in the back office: turned on from one's own profile (the
// secret read off the page, the code computed here as the phone's app would), then asked for
// after the password at sign-in.

/** The app's code at now, `steps` 30-second steps on. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function newEditor(page: Page, name: string, password: string): Promise<number> {
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { user_name: name, password, email: `${name}@example.com`, role: 'editor' },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.id;
}

test('turned on from the profile, then asked for after the password', async ({ page }) => {
  const name = `otp${Date.now() % 100000}`;
  const password = 'two-factor-password-1';
  const id = await newEditor(page, name, password);
  try {
    await signIn(page, { user: name, password });
    await page.goto(`/admin/users/${id}`);
    const panel = page.getByTestId('two-factor');
    await expect(
      panel.getByRole('heading', { name: /Ikki bosqichli autentifikatsiya/ }),
    ).toBeVisible();
    await expect(panel).toContainText('Oʻchirilgan');
    await panel.getByRole('button', { name: 'Yoqish' }).click();
    await expect(
      panel.getByRole('img', { name: 'Autentifikator ilovasi uchun QR kod' }),
    ).toBeVisible();
    const secret = (await panel.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await panel.getByRole('textbox', { name: 'Ilovadagi 6 xonali kod' }).fill(await codeAt(secret));
    await panel.getByRole('button', { name: 'Tasdiqlash' }).click();
    await expectToast(page, 'Ikki bosqichli autentifikatsiya yoqildi');
    const codes = panel.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    await panel.getByRole('button', { name: 'Saqlab qoldim' }).click();
    await expect(panel).toContainText('Yoqilgan');
    await expect(panel).toContainText('Qolgan zaxira kodlar: 10');

    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('menuitem', { name: 'Akkauntdan chiqish' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

    // the password alone opens nothing: the code is asked for
    await page.goto('/auth/login');
    await page.getByRole('textbox', { name: 'Foydalanuvchi nomi' }).fill(name);
    await page.getByRole('textbox', { name: 'Parol' }).fill(password);
    await page.getByRole('button', { name: 'Kirish' }).click();
    await expect(
      page.getByText('Autentifikator ilovasidagi 6 xonali kodni kiriting'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    // the code that turned it on is used up; the next step's is within the drift allowed
    await page.getByRole('textbox', { name: 'Kod' }).fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Kirish', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\//);
    await expectToast(page, 'Tizimga muvaffaqiyatli kirildi');
  } finally {
    await page.request.delete(`/api/users/${id}`, {
      headers: { authorization: `Bearer ${await apiToken(page)}` },
    });
  }
});
