import { expect, type Page, test } from './tab.ts';
import { apiToken, expectToast, row, signIn } from './helpers.ts';

// The trash: a deleted record leaves its list at once and waits in the Trash, where
// it is restored in one click (the site follows) or deleted for good; each role sees only the
// trash of what it may change.

const PASSWORD = 'trash-password-1';

async function staff(page: Page) {
  return { authorization: `Bearer ${await apiToken(page)}` };
}

const dialog = (page: Page) => page.getByRole('dialog');

test('a deleted product waits in the trash and comes back in one click', async ({ page }) => {
  const headers = await staff(page);
  const categories = await (await page.request.get('/api/categories?limit=1')).json();
  const name = `Trash product ${Date.now()}`;
  const created = await page.request.post('/api/products', {
    headers,
    data: { name_uz: name, category_id: categories.data[0].id, is_active: true },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id;

  await signIn(page, {
    to: `/admin/products?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`,
  });
  await row(page, name).getByRole('button', { name: 'Oʻchirish' }).click();
  // the question says where it goes
  await expect(dialog(page)).toContainText('Yozuv savatga oʻtadi, uni u yerdan tiklash mumkin.');
  await dialog(page).getByRole('button', { name: 'Tasdiqlash' }).click();
  await expectToast(page, 'Maʼlumotlar oʻchirildi');
  await expect(row(page, name)).toHaveCount(0);
  expect((await page.request.get(`/api/products/${id}`, { maxRetries: 2 })).status()).toBe(404);

  await page.getByRole('menuitem', { name: 'Savat' }).click();
  await expect(page).toHaveURL(/\/admin\/trash/);
  const item = row(page, name);
  await expect(item).toContainText('Mahsulot');
  await expect(item).toContainText('admin');
  await item.getByRole('button', { name: 'Tiklash' }).click();
  await expect(dialog(page).getByRole('heading')).toHaveText(`«${name}» tiklansinmi?`);
  await dialog(page).getByRole('button', { name: 'Tasdiqlash' }).click();
  await expectToast(page, `«${name}» tiklandi`);
  await expect(row(page, name)).toHaveCount(0);
  // public again, under its old id
  const back = await page.request.get(`/api/products/${id}`, { maxRetries: 2 });
  expect(back.status()).toBe(200);
  expect((await back.json()).data.name_uz).toBe(name);
});

test('a record in the trash is deleted for good after a warning', async ({ page }) => {
  const headers = await staff(page);
  const name = `Trash client ${Date.now()}`;
  const created = await page.request.post('/api/clients', { headers, data: { name } });
  const id = (await created.json()).data.id;
  expect((await page.request.delete(`/api/clients/${id}`, { headers })).status()).toBe(200);

  await signIn(page, { to: '/admin/trash' });
  await row(page, name).getByRole('button', { name: 'Butunlay oʻchirish' }).click();
  await expect(dialog(page).getByRole('heading')).toHaveText(`«${name}» butunlay oʻchirilsinmi?`);
  await expect(dialog(page)).toContainText('Buni qaytarib boʻlmaydi');
  await dialog(page).getByRole('button', { name: 'Tasdiqlash' }).click();
  await expectToast(page, 'Butunlay oʻchirildi');
  await expect(row(page, name)).toHaveCount(0);
  const left = await page.request.get('/api/trash?limit=100', { headers });
  const names = (await left.json()).data.map((one: { snapshot: { name?: string } }) =>
    String(one.snapshot.name),
  );
  expect(names).not.toContain(name);
});

test('an editor’s trash holds the content, never a deleted lead', async ({ page }) => {
  test.setTimeout(60_000);
  const headers = await staff(page);
  const leadName = `Trash lead ${Date.now()}`;
  const lead = await page.request.post('/api/leads', {
    headers,
    data: { name: leadName, phone: '+998 90 555 44 33' },
  });
  const leadId = (await lead.json()).data.id;
  expect((await page.request.delete(`/api/leads/${leadId}`, { headers })).status()).toBe(200);
  const clientName = `Editor trash ${Date.now()}`;
  const client = await page.request.post('/api/clients', { headers, data: { name: clientName } });
  const clientId = (await client.json()).data.id;
  expect((await page.request.delete(`/api/clients/${clientId}`, { headers })).status()).toBe(200);

  const userName = `trasheditor${Date.now() % 100000}`;
  const user = await page.request.post('/api/users', {
    headers,
    data: {
      user_name: userName,
      password: PASSWORD,
      email: `${userName}@example.com`,
      role: 'editor',
    },
  });
  expect(user.status()).toBe(201);
  const userId = (await user.json()).data.id;
  try {
    await signIn(page, { user: userName, password: PASSWORD });
    await page.getByRole('menuitem', { name: 'Savat' }).click();
    await expect(row(page, clientName)).toBeVisible();
    await expect(row(page, leadName)).toHaveCount(0);
    // the kinds offered are the content's only
    await page.getByRole('combobox', { name: 'Turi' }).click();
    await expect(page.getByRole('option', { name: 'Mahsulot' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Murojaat' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  } finally {
    await page.request.delete(`/api/users/${userId}`, { headers });
  }
});
