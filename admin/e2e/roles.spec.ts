import { expect, type Page, test } from './tab.ts';
import { apiToken, expectToast, makeUser, removeUser, signIn, userRow } from './helpers.ts';

// Roles: each role sees only what it may use, and what it may not is refused, not
// just hidden. The API's own matrix is in api/test/auth/roles.test.ts; this is the back office's.

const PASSWORD = 'role-password-1';

const menu = (page: Page, name: string | RegExp) => page.getByRole('menuitem', { name });

// Every screen a role sees in its menu opens for that role, and no screen shows a
// raw translation key, in any language. Each role walks its menu: every screen, and the first
// record of each list (Edit, or Show where the role only reads).
type Language = 'uz' | 'ru' | 'en';
const WORDS: Record<
  Language,
  { denied: string; noData: string; emptyTrash: string; nothingScheduled: string }
> = {
  uz: {
    denied: 'Ruxsat yoʻq',
    noData: 'Maʼlumot topilmadi',
    emptyTrash: 'Savat boʻsh',
    nothingScheduled: 'Hech narsa rejalashtirilmagan',
  },
  ru: {
    denied: 'Доступ запрещён',
    noData: 'Данные не найдены',
    emptyTrash: 'Корзина пуста',
    nothingScheduled: 'Ничего не запланировано',
  },
  en: {
    denied: 'Access denied',
    noData: 'No data found',
    emptyTrash: 'The trash is empty',
    nothingScheduled: 'Nothing is scheduled',
  },
};
/** The lists whose rows open a record (the Trash, Scheduled and Activity have none). */
const RECORD_SCREENS = [
  'users',
  'categories',
  'products',
  'media',
  'project',
  'leads',
  'testimonials',
  'clients',
  'suppliers',
];
/** A message key shown as it is (`resources.x.name`, `ra.action.y`, `conveyor.z.w`). */
const RAW_KEY = /(?<![\w.@/-])(?:resources|ra|app|conveyor)\.[a-z_-]+\.[a-zA-Z_.-]+/;

async function setLanguage(page: Page, language: Language) {
  await page.evaluate((locale) => {
    localStorage.setItem('RaStoreconveyor-admin.locale', JSON.stringify(locale));
  }, language);
}

/** The screen is drawn (not blank), opened (not refused) and says everything in words. */
async function expectScreen(page: Page, language: Language, where: string) {
  const main = page.locator('#main-content');
  await expect(
    main.locator('h1, h2, h5, h6, form, table, [data-testid=list-card], p:not(nav p)').first(),
    where,
  ).toBeVisible();
  await expect(page, where).not.toHaveURL(/access-denied/);
  await expect(page.getByText(WORDS[language].denied), where).toHaveCount(0);
  expect((await main.innerText()).trim().length, where).toBeGreaterThan(0);
  const shown = await page.locator('body').innerText();
  expect(shown.match(RAW_KEY)?.[0], `${where}: a raw key`).toBeUndefined();
}

/** Opens an address of the admin as its links do, without loading the app again. */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The screens of the menu that are pages of their own (App.tsx's custom routes), not lists. */
const PAGES = ['settings', 'publishing', 'notifications', 'backups', 'two-factor'];
const isList = (screen: string) =>
  !/\/admin\/?$/.test(screen) && !PAGES.some((name) => screen.endsWith(`/${name}`));

/** Walks every item of the role's menu, opening the first record of each list. */
async function walkMenu(page: Page, language: Language, width: number) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await setLanguage(page, language);
  await page.goto('/admin');
  // the Dashboard's item comes first; the rest once the role's permissions are in
  await expect(page.getByRole('menuitem').nth(3)).toBeVisible();
  const screens = await page
    .getByRole('menuitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('href') ?? ''));
  expect(screens.length).toBeGreaterThan(3);
  await page.setViewportSize({ width, height: 900 });
  for (const screen of screens) {
    await go(page, screen);
    await expectScreen(page, language, `${language} ${width} ${screen}`);
    const rows = page.locator('tbody tr, [data-testid=list-card]');
    // Told by its address, not by what is on the screen: after an address changes in place,
    // the screen before it may still be drawn for a moment (a list before the publishing screen).
    if (!isList(screen) || (await page.locator('.RaList-main').count()) === 0) continue;
    // a list: its rows, or the words saying it has none
    // (the Trash and Scheduled say so in their own words when nothing was deleted or scheduled)
    const none = page
      .getByText(WORDS[language].noData)
      .or(page.getByText(WORDS[language].emptyTrash))
      .or(page.getByText(WORDS[language].nothingScheduled, { exact: true }));
    await expect(rows.first().or(none.first())).toBeVisible();
    // Edit or Show: by its address, as on a phone the button is an icon
    const open = rows.first().locator(`a[href^="${screen}/"]`);
    if ((await rows.count()) === 0) continue;
    // a resource's row opens its record, to edit or to read (sales' product rows did nothing)
    if (!RECORD_SCREENS.some((name) => screen.endsWith(`/${name}`))) continue;
    await expect(open.first(), `${screen}: the row opens its record`).toBeVisible();
    // its address, opened as the link does (a phone's icon link is covered while it animates)
    await go(page, (await open.first().getAttribute('href'))!);
    await expect(page).not.toHaveURL(new RegExp(`${screen}$`));
    await expectScreen(page, language, `${language} ${width} ${screen}: first record`);
  }
}

for (const { role, runs } of [
  // each language walked in full once, and both widths: the screens are the same components
  // for every role and language (the catalogues' parity is a unit test, admin/test), so each
  // role's walk is about what it may see, in one language and one width; the admin's, every
  // screen, on a phone (every list at a desktop's width is screens.spec's)
  { role: 'admin', runs: [['en', 390]] },
  { role: 'editor', runs: [['ru', 1366]] },
  { role: 'sales', runs: [['uz', 1366]] },
] as { role: string; runs: [Language, number][] }[]) {
  test(`${role}: every screen of the menu and its first record open, in words`, async ({
    page,
  }) => {
    test.setTimeout(60_000 + 90_000 * runs.length);
    const user = role === 'admin' ? null : await makeUser(page, role, PASSWORD);
    try {
      await signIn(page, { user: user?.name, password: user ? PASSWORD : undefined });
      for (const [language, width] of runs) await walkMenu(page, language, width);
    } finally {
      if (user) await removeUser(page, user.id);
    }
  });
}

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
