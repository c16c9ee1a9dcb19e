import { expect, type Page, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';

export const ADMIN = { user: 'admin', password: 'admin-password-1' };

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

/**
 * The helpers' calls to the API are sent again when the server had just closed the idle
 * connection they reused (ECONNRESET, the only error Playwright retries): the API keeps an idle
 * keep-alive connection 5 s, and a test often spends longer than that in the browser. A browser
 * sends such a request again by itself.
 */
const RETRIES = 2;

/** Signs in through the form and waits for the admin (what the sign-in tests check). */
export async function signInWithForm(page: Page, user = ADMIN.user, password = ADMIN.password) {
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Foydalanuvchi nomi' }).fill(user);
  await page.getByRole('textbox', { name: 'Parol' }).fill(password);
  await page.getByRole('button', { name: 'Kirish' }).click();
  await expect(page).toHaveURL(/\/admin\//);
}

/**
 * Signs in as the admin's sign-in screen does (a session cookie from the API, and the flag that
 * tells the admin it signed in), without loading that screen, then opens `to` (the dashboard by
 * default; with null, the page stays on a blank page of the origin, for tests that open their
 * own screen first). The form itself is the sign-in tests' to check (signInWithForm); here it
 * would only add a page load and a redirect to every test.
 */
export async function signIn(
  page: Page,
  {
    user = ADMIN.user,
    password = ADMIN.password,
    to = '/admin/' as string | null,
  }: { user?: string; password?: string; to?: string | null } = {},
) {
  const reply = await page.request.post('/api/signin', {
    data: { user_name: user, password, session: 'cookie' },
    maxRetries: RETRIES,
  });
  expect(reply.status(), await reply.text()).toBe(200);
  // the flag lives in the origin's localStorage: set it from a page of the origin that loads
  // no script (the API's health answer)
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.setItem('conveyor.signedIn', '1'));
  if (to === null) return;
  await page.goto(to);
  await expect(page).toHaveURL(/\/admin\//);
}

/** The toast area (bottom-right). */
export const toast = (page: Page) => page.locator('.MuiSnackbar-root');

/** Expects a toast with this text, then closes it so that it cannot be mistaken for the next. */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect(toast(page).filter({ hasText: text })).toBeVisible();
}

/** A token from the API directly, for setting up data without the UI. */
export async function apiToken(page: Page): Promise<string> {
  const reply = await page.request.post('/api/signin', {
    data: { user_name: ADMIN.user, password: ADMIN.password },
    maxRetries: RETRIES,
  });
  expect(reply.status()).toBe(200);
  return (await reply.json()).data;
}

/** The row of a list that contains the text. */
export const row = (page: Page, text: string) => page.locator('tbody tr').filter({ hasText: text });

/**
 * A user's row by their exact user name: `row(page, 'admin')` would also match every row whose
 * role reads "Administrator".
 */
export const userRow = (page: Page, userName: string) =>
  page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: userName, exact: true }) });

/** A small real PNG (40×30), as a file the browser's picker would hand over. */
export const pngFile = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPUlEQVRIie3VQQ0AMAwCwHnCE+JQORnb45L+mzSUO+mezLG4Th3hmneqAonKHCSKxWGxWAwWh8ViMV+xeAHMwOpcE9v32gAAAABJRU5ErkJggg==',
    'base64',
  ),
});

/** GET on the API as staff. */
export async function apiGet<T = any>(page: Page, path: string): Promise<T> {
  const token = await apiToken(page);
  const reply = await page.request.get(`/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
    maxRetries: RETRIES,
  });
  expect(reply.ok()).toBe(true);
  return reply.json();
}

/** A staff account of this role, made through the API (its user name starts with `prefix`). */
export async function makeUser(
  page: Page,
  role: string,
  password: string,
  prefix = '',
): Promise<{ id: number; name: string }> {
  const name = `${prefix}${role}${Date.now() % 100000}`;
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { user_name: name, password, email: `${name}@example.com`, role },
  });
  expect(created.status()).toBe(201);
  return { id: (await created.json()).data.id, name };
}

/** Removes an account made by makeUser. */
export async function removeUser(page: Page, id: number) {
  const gone = await page.request.delete(`/api/users/${id}`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(gone.status()).toBe(200);
}

/** The back office's lists whose rows open a record (the Trash, Scheduled and Activity have none). */
export const RECORD_LISTS = [
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
