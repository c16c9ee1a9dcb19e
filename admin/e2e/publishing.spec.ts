import { expect, test } from '@playwright/test';
import { expectToast, row, signIn } from './helpers.ts';

test('a save shows "publishing…" until the new release is live; the screen lists builds', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/publishing');
  // the first release is built when the server starts
  await expect(page.getByTestId('publishing-live')).toHaveText(/^\d{8}T\d+/, { timeout: 60_000 });
  const firstRelease = await page.getByTestId('publishing-live').innerText();

  await page.goto('/admin/project');
  await row(page, '').first().locator('input[type=checkbox]').click();
  await expectToast(page, "Ma'lumotlar tahrirlandi");
  await expect(page.getByTestId('publishing-indicator')).toHaveText('Nashr qilinmoqda…');
  await expect(page.getByTestId('publishing-indicator')).toHaveText('Saytda', { timeout: 60_000 });

  await page.getByTestId('publishing-indicator').click();
  await expect(page).toHaveURL(/\/admin\/publishing$/);
  await expect(page.getByTestId('publishing-live')).not.toHaveText(firstRelease);
  await expect(page.locator('tbody tr').first()).toContainText('Muvaffaqiyatli');

  await page.getByRole('button', { name: 'Hozir qayta yig‘ish' }).click();
  await expectToast(page, 'Qayta yig‘ish so‘raldi');
  // the public site is served from the live release
  const home = await page.request.get('/');
  expect(home.status()).toBe(200);
});
