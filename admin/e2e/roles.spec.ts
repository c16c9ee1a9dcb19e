import { expect, type Page, test } from '@playwright/test';
import { apiToken, expectToast, userRow, signIn } from './helpers.ts';

// Roles (issue 16): each role sees only what it may use, and what it may not is refused, not
// just hidden. The API's own matrix is in api/test/roles.test.ts; this is the back office's.

const PASSWORD = 'role-password-1';

async function makeUser(page: Page, role: string): Promise<{ id: number; name: string }> {
  const name = `${role}${Date.now() % 100000}`;
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { user_name: name, password: PASSWORD, email: `${name}@example.com`, role },
  });
  expect(created.status()).toBe(201);
  return { id: (await created.json()).data.id, name };
}

async function removeUser(page: Page, id: number) {
  const gone = await page.request.delete(`/api/users/${id}`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(gone.status()).toBe(200);
}

const menu = (page: Page, name: string | RegExp) => page.getByRole('menuitem', { name });

/** The statuses the page got from the lead channels' health (the app bar's warning). */
function channelStatusCalls(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/notifications/status') {
      statuses.push(response.status());
    }
  });
  return statuses;
}

test('sales: leads and partners; the catalogue, staff and publishing only to read', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sales = await makeUser(page, 'sales');
  const channelStatus = channelStatusCalls(page);
  try {
    await signIn(page, sales.name, PASSWORD);
    await expect(menu(page, /Murojaatlar$/)).toBeVisible();
    await expect(menu(page, /Hamkorlar$/)).toBeVisible();
    await expect(menu(page, 'Mahsulotlar')).toBeVisible();
    await expect(menu(page, 'Nashr')).toBeVisible();
    await expect(menu(page, 'Kompaniya ma’lumotlari')).toHaveCount(0);
    await expect(menu(page, 'Murojaatlar yetkazilishi')).toHaveCount(0);

    // the catalogue: listed, with neither create, edit nor delete, and its switches locked
    await menu(page, 'Mahsulotlar').click();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('link', { name: "Qo'shish" })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Tahrirlash' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: "O'chirish" })).toHaveCount(0);
    await expect(page.locator('tbody tr').first().locator('input[type=checkbox]')).toBeDisabled();

    // an address typed by hand: refused with a page saying so
    await page.goto('/admin/settings');
    await expect(page.getByText("Ruxsat yo'q")).toBeVisible();
    await expect(page.getByText('Bu sahifani ochishga rolingiz ruxsat bermaydi')).toBeVisible();
    await page.goto('/admin/products/create');
    await expect(page.getByText("Ruxsat yo'q")).toBeVisible();

    // publishing: what is live, without the rebuild
    await page.goto('/admin/publishing');
    await expect(page.getByRole('heading', { name: 'Nashr' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hozir qayta yig‘ish' })).toHaveCount(0);
    // the SITE_URL warning (the e2e server has none set) is for the admins who can set it
    await expect(page.getByTestId('publishing-live')).toBeVisible();
    await expect(page.getByTestId('publishing-site-url')).toHaveCount(0);

    // leads: theirs to work (the create address goes back to the list, as for everyone)
    await menu(page, /Murojaatlar$/).click();
    await expect(page).toHaveURL(/\/admin\/leads/);
    await expect(page.getByRole('heading', { name: 'Murojaatlar' }).first()).toBeVisible();

    // the staff list: only their own row opens, as their profile, without role or switch
    await page.goto('/admin/users');
    await expect(userRow(page, sales.name)).toBeVisible();
    await expect(userRow(page, 'admin').getByRole('link', { name: 'Tahrirlash' })).toHaveCount(0);
    await userRow(page, sales.name).getByRole('link', { name: 'Tahrirlash' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${sales.id}$`));
    await expect(page.getByRole('textbox', { name: 'Ism', exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Rol' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Holat' })).toHaveCount(0);
    await expect(
      page.getByRole('toolbar').getByRole('button', { name: "O'chirish", exact: true }),
    ).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Ism', exact: true }).fill('Savdo');
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await expectToast(page, 'Foydalanuvchi tahrirlandi');
    // sales work the leads: the app bar watches their delivery
    expect(channelStatus.length).toBeGreaterThan(0);
    expect(channelStatus.every((status) => status === 200)).toBe(true);
  } finally {
    await removeUser(page, sales.id);
  }
});

test('editor: the content and publishing, no leads, staff or settings', async ({ page }) => {
  const editor = await makeUser(page, 'editor');
  const channelStatus = channelStatusCalls(page);
  try {
    await signIn(page, editor.name, PASSWORD);
    await expect(menu(page, 'Mahsulotlar')).toBeVisible();
    await expect(menu(page, 'Nashr')).toBeVisible();
    await expect(menu(page, /Murojaatlar$/)).toHaveCount(0);
    await expect(menu(page, /Hamkorlar$/)).toHaveCount(0);
    await expect(menu(page, 'Foydalanuvchilar')).toHaveCount(0);
    await expect(menu(page, 'Kompaniya ma’lumotlari')).toHaveCount(0);
    await expect(menu(page, 'Faoliyat jurnali')).toHaveCount(0);

    await menu(page, 'Mahsulotlar').click();
    await expect(page.getByRole('link', { name: "Qo'shish" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tahrirlash' }).first()).toBeVisible();

    for (const screen of ['leads', 'activity']) {
      await page.goto(`/admin/${screen}`);
      await expect(page.getByText("Ruxsat yo'q")).toBeVisible();
      await expect(page.locator('tbody tr')).toHaveCount(0);
    }

    await page.goto('/admin/publishing');
    await expect(page.getByRole('button', { name: 'Hozir qayta yig‘ish' })).toBeVisible();
    await expect(page.getByTestId('publishing-site-url')).toHaveCount(0);

    // their own profile, from the user menu: no user list needed
    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('menuitem', { name: 'Mening profilim' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${editor.id}$`));
    await expect(page.getByRole('textbox', { name: 'Foydalanuvchi nomi' })).toHaveValue(
      editor.name,
    );
    await expect(page.getByLabel('Joriy parol', { exact: true })).toBeVisible();
    // lead delivery's health (each channel's last error) is not theirs: never even asked
    expect(channelStatus).toEqual([]);
  } finally {
    await removeUser(page, editor.id);
  }
});

test('an admin changes a role from the user list and edit screen', async ({ page }) => {
  const editor = await makeUser(page, 'editor');
  try {
    await signIn(page);
    await page.goto('/admin/users');
    // the role filter finds them
    await page.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Kontent muharriri' }).click();
    await expect(page).toHaveURL(/filter=.*role/);
    await expect(userRow(page, editor.name)).toContainText('Kontent muharriri');
    await expect(userRow(page, 'admin')).toHaveCount(0);

    await userRow(page, editor.name).getByRole('link', { name: 'Tahrirlash' }).click();
    // on the edit screen, not the list it leaves (whose role filter is a 'Rol' menu too)
    await expect(page).toHaveURL(new RegExp(`/admin/users/${editor.id}$`));
    await expect(page.getByRole('button', { name: 'Saqlash', exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Rol' }).click();
    // the help line says what each role may do
    await expect(page.getByText(/Savdo: murojaatlar va hamkorlar/)).toBeVisible();
    await page.getByRole('option', { name: 'Savdo' }).click();
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await expectToast(page, 'Foydalanuvchi tahrirlandi');

    const reply = await page.request.get(`/api/users/${editor.id}`, {
      headers: { authorization: `Bearer ${await apiToken(page)}` },
    });
    expect((await reply.json()).data.role).toBe('sales');
  } finally {
    await removeUser(page, editor.id);
  }
});
