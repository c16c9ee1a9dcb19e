import { expect, type Page, test } from './tab.ts';
import { apiToken, expectToast, makeUser, removeUser, signIn, userRow } from './helpers.ts';

// Roles: each role sees only what it may use, and what it may not is refused, not
// just hidden. The API's own matrix is in api/test/auth/roles.test.ts; this is the back office's
// (every screen of each role's menu is menus.spec.ts's).

const PASSWORD = 'role-password-1';

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
  const sales = await makeUser(page, 'sales', PASSWORD);
  const channelStatus = channelStatusCalls(page);
  try {
    await signIn(page, { user: sales.name, password: PASSWORD });
    await expect(menu(page, /Murojaatlar$/)).toBeVisible();
    await expect(menu(page, /Hamkorlar$/)).toBeVisible();
    await expect(menu(page, 'Mahsulotlar')).toBeVisible();
    await expect(menu(page, 'Nashr')).toBeVisible();
    await expect(menu(page, 'Kompaniya maʼlumotlari')).toHaveCount(0);
    await expect(menu(page, 'Murojaatlar yetkazilishi')).toHaveCount(0);

    // the catalogue: listed, with neither create, edit nor delete, and its switches locked
    await menu(page, 'Mahsulotlar').click();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Qoʻshish' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Tahrirlash' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Oʻchirish' })).toHaveCount(0);
    await expect(page.locator('tbody tr').first().locator('input[type=checkbox]')).toBeDisabled();
    // a product opens to read (before, its row did nothing, its address said Access denied)
    const firstName = // the columns: number, picture, name
      (await page.locator('tbody tr').first().locator('td').nth(2).innerText()).trim();
    await page.locator('tbody tr').first().getByRole('link', { name: 'Koʻrish' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    await expect(page.getByRole('textbox', { name: /^Nomi/ }).first()).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Kategoriya' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Saqlash', exact: true })).toHaveCount(0);
    await expect(page.getByText('Ruxsat yoʻq')).toHaveCount(0);
    // titled by the product's name, not its number
    await expect(page.locator('#react-admin-title')).toContainText(firstName);
    await page.getByTestId('back-link').click();

    // an address typed by hand: refused with a page saying so
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Ruxsat yoʻq' })).toBeVisible();
    await expect(page.getByText('Bu sahifani ochishga rolingiz ruxsat bermaydi')).toBeVisible();
    await page.goto('/admin/products/create');
    await expect(page.getByRole('heading', { name: 'Ruxsat yoʻq' })).toBeVisible();

    // publishing: what is live, without the rebuild
    await page.goto('/admin/publishing');
    await expect(page.getByRole('heading', { name: 'Nashr' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hozir qayta yigʻish' })).toHaveCount(0);
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
      page.getByRole('toolbar').getByRole('button', { name: 'Oʻchirish', exact: true }),
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
  const editor = await makeUser(page, 'editor', PASSWORD);
  const channelStatus = channelStatusCalls(page);
  try {
    await signIn(page, { user: editor.name, password: PASSWORD });
    await expect(menu(page, 'Mahsulotlar')).toBeVisible();
    await expect(menu(page, 'Nashr')).toBeVisible();
    await expect(menu(page, /Murojaatlar$/)).toHaveCount(0);
    await expect(menu(page, /Hamkorlar$/)).toHaveCount(0);
    await expect(menu(page, 'Foydalanuvchilar')).toHaveCount(0);
    await expect(menu(page, 'Kompaniya maʼlumotlari')).toHaveCount(0);
    await expect(menu(page, 'Faoliyat jurnali')).toHaveCount(0);

    await menu(page, 'Mahsulotlar').click();
    await expect(page.getByRole('link', { name: 'Qoʻshish' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tahrirlash' }).first()).toBeVisible();

    for (const screen of ['leads', 'activity']) {
      await page.goto(`/admin/${screen}`);
      await expect(page.getByRole('heading', { name: 'Ruxsat yoʻq' })).toBeVisible();
      await expect(page.locator('tbody tr')).toHaveCount(0);
    }

    await page.goto('/admin/publishing');
    await expect(page.getByRole('button', { name: 'Hozir qayta yigʻish' })).toBeVisible();
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
  const editor = await makeUser(page, 'editor', PASSWORD);
  try {
    await signIn(page, { to: '/admin/users' });
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
