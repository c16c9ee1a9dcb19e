import { expect, type Page, test } from './tab.ts';
import { makeUser, removeUser, signIn } from './helpers.ts';

// The landing screen: each role lands on a dashboard of its own work, each card a
// link to the screen where that work is done. Sales: new leads and partner applications;
// editors: drafts, scheduled changes, incomplete translations, publishing; admins: all of it
// with backups and failed sign-ins. At a desktop's width and a phone's.

const PASSWORD = 'dashboard-password-1';

const CARDS = {
  sales: { leads: 'Yangi murojaatlar', suppliers: 'Hamkorlarning yangi arizalari' },
  editor: {
    drafts: 'Qoralamalar',
    schedules: 'Rejalashtirilgan oʻzgarishlar',
    translations: 'Toʻliq boʻlmagan tarjimalar',
    publishing: 'Nashr',
  },
} as const;
const ADMIN_CARDS = {
  ...CARDS.sales,
  ...CARDS.editor,
  backups: 'Zaxira nusxalar',
  signins: 'Muvaffaqiyatsiz kirishlar',
};
/** Where each card leads. */
const LINKS: Record<string, RegExp> = {
  leads: /\/admin\/leads\?filter=.*status.*new/,
  suppliers: /\/admin\/suppliers\?filter=.*status.*new/,
  drafts: /\/admin\/(categories|products|media|project|testimonials|clients)$/,
  schedules: /\/admin\/schedules$/,
  translations: /\/admin\/(categories|products|media|project|testimonials)$/,
  publishing: /\/admin\/publishing$/,
  backups: /\/admin\/backups$/,
  signins: /\/admin\/activity\?filter=.*signin_failed/,
};

/** The dashboard shows exactly these cards, titled, loaded, each linking to its screen. */
async function expectCards(page: Page, cards: Record<string, string>) {
  await expect(page).toHaveURL(/\/admin\/?$/);
  const shown = page.getByTestId('dashboard').locator('> .MuiCard-root');
  await expect(shown).toHaveCount(Object.keys(cards).length);
  for (const [card, title] of Object.entries(cards)) {
    const element = page.getByTestId(`dashboard-${card}`);
    await expect(element.getByRole('heading')).toHaveText(title);
    await expect(element.locator('a')).toHaveAttribute('href', LINKS[card]!);
  }
  // every card's numbers came in: no skeleton is left, and none shows an error
  await expect(page.getByTestId('dashboard-skeleton')).toHaveCount(0);
  await expect(page.getByTestId('dashboard').getByRole('alert')).toHaveCount(0);
  // the phone's width too: nothing wider than the screen
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('sales land on new leads and applications, with their age', async ({ page }) => {
      // a new lead, so that the card has one to count and age
      const posted = await page.request.post('/api/leads', {
        data: { name: `Dashboard lead ${Date.now()}`, phone: '90 765 43 21', language: 'uz' },
      });
      expect(posted.status()).toBe(201);
      const sales = await makeUser(page, 'sales', PASSWORD, 'dash-');
      try {
        await signIn(page, { user: sales.name, password: PASSWORD });
        await expectCards(page, CARDS.sales);
        const leads = page.getByTestId('dashboard-leads');
        await expect(leads.getByTestId('dashboard-count')).toHaveText(/^[1-9]\d* /);
        await expect(leads.getByTestId('dashboard-oldest')).toContainText('Eng eskisi');
        await leads.locator('a').click();
        await expect(page).toHaveURL(/\/admin\/leads\?/);
        await expect(page.locator('tbody tr, [data-testid="list-card"]').first()).toBeVisible();
      } finally {
        await removeUser(page, sales.id);
      }
    });

    test('editors land on drafts, schedules, translations and publishing', async ({ page }) => {
      const editor = await makeUser(page, 'editor', PASSWORD, 'dash-');
      try {
        await signIn(page, { user: editor.name, password: PASSWORD });
        await expectCards(page, CARDS.editor);
        await page.getByTestId('dashboard-schedules').locator('a').click();
        await expect(page).toHaveURL(/\/admin\/schedules$/);
      } finally {
        await removeUser(page, editor.id);
      }
    });

    test('admins land on all of it, with backups and failed sign-ins', async ({ page }) => {
      // a failed sign-in to count
      const failed = await page.request.post('/api/signin', {
        data: { user_name: `nobody${Date.now()}`, password: 'wrong-password-1' },
      });
      expect(failed.status()).toBe(401);
      await signIn(page);
      await expectCards(page, ADMIN_CARDS);
      await expect(page.getByTestId('dashboard-signins').getByTestId('dashboard-count')).toHaveText(
        /^[1-9]\d* /,
      );
      await page.getByTestId('dashboard-backups').locator('a').click();
      await expect(page).toHaveURL(/\/admin\/backups$/);
    });
  });
}

test('the dashboard speaks the screen’s language', async ({ page }) => {
  await signIn(page);
  for (const [language, titles] of [
    ['Русский', ['Новые заявки', 'Черновики', 'Неполные переводы', 'Неудачные входы']],
    ['English', ['New requests', 'Drafts', 'Incomplete translations', 'Failed sign-ins']],
  ] as const) {
    await page.getByRole('button', { name: /Oʻzbekcha|Русский/i }).click();
    await page.getByRole('menuitem', { name: language }).click();
    for (const [index, card] of ['leads', 'drafts', 'translations', 'signins'].entries()) {
      await expect(page.getByTestId(`dashboard-${card}`).getByRole('heading')).toHaveText(
        titles[index]!,
      );
    }
  }
});
