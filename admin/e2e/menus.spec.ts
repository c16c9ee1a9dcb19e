import { expect, type Page, test } from './tab.ts';
import { makeUser, RECORD_LISTS, removeUser, signIn } from './helpers.ts';

// Menus: every screen a role sees in its menu opens for that role and says everything in
// words (roles.spec.ts checks what each role may do there). Nothing here saves what the site
// shows, so it runs in the lane whose server publishes (playwright.config.ts).

const PASSWORD = 'role-password-1';

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
    if (!RECORD_LISTS.some((name) => screen.endsWith(`/${name}`))) continue;
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
