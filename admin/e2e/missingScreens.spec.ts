import { expect, test } from './tab.ts';
import { apiGet, signIn } from './helpers.ts';

// /admin/leads/create once showed an empty screen while /admin/suppliers/create went back
// to the list (after a failed fetch of a record "create"). A screen a resource does not have
// leads, alike for every resource, to its list; a record's address without an edit screen to
// the record's own view.

test.beforeEach(async ({ page }) => {
  await signIn(page, { to: null });
});

for (const resource of ['leads', 'suppliers']) {
  test(`${resource} has no create screen: its address goes to the list`, async ({ page }) => {
    const failedCalls: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) {
        failedCalls.push(`${response.status()} ${response.url()}`);
      }
    });
    await page.goto(`/admin/${resource}/create`);
    await expect(page).toHaveURL(new RegExp(`/admin/${resource}$`));
    await expect(page.locator('tbody tr').first()).toBeVisible();
    // no record named "create" was asked for, and no error toast came of it
    expect(failedCalls).toEqual([]);
    await expect(page.locator('.MuiSnackbar-root')).toHaveCount(0);
  });
}

test("a lead's edit address, which it does not have, opens its view", async ({ page }) => {
  const [lead] = (await apiGet(page, '/leads?limit=1')).data;
  await page.goto(`/admin/leads/${lead.id}`);
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${lead.id}/show$`));
  await expect(page.getByText(lead.name, { exact: true })).toBeVisible();
});
