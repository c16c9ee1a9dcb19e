import { expect, test } from './tab.ts';
import { apiGet, expectToast, row, signIn } from './helpers.ts';

// Working the leads: the sidebar counts new leads; staff filter the list, open a
// lead with the product and page it came from, move it to won, take it, and leave a note.

test('staff see new leads counted, then take one, win it and note it', async ({ page }) => {
  // one staff member's whole round with a lead: longer than a single screen's check
  test.setTimeout(120_000);
  const name = `E2E quote ${Date.now()}`;
  const [product] = (await apiGet(page, '/products?limit=1')).data;
  const posted = await page.request.post('/api/leads', {
    data: {
      name,
      phone: '90 765 43 21',
      message: 'Narxini yuboring',
      product_id: product.id,
      page: `/catalog/${product.category_id}/product/${product.id}`,
      language: 'uz',
      utm_source: 'telegram',
    },
  });
  expect(posted.status()).toBe(201);
  const { total: newCount } = await apiGet(page, '/leads?status=new&limit=1');

  await signIn(page);
  // The badge shows 99+ past 99; its label has the exact count.
  await expect(
    page.getByRole('menuitem', { name: `${newCount} ta yangi Murojaatlar` }),
  ).toBeVisible();

  await page.goto('/admin/leads');
  await page.getByRole('combobox', { name: 'Holat' }).first().click();
  await page.getByRole('option', { name: 'Yangi' }).click();
  // The filter reaches the address after a debounce; a click before it would be undone.
  await expect(page).toHaveURL(/filter=.*status/);
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, name)).toContainText('+998 90 765 43 21');
  // the Uzbek date as the back office writes it, not as the browser's Uzbek data would
  await expect(row(page, name)).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  await expect(row(page, name)).toContainText(product.name_uz);

  await row(page, name).getByRole('link', { name: 'Koʻrish' }).click();
  await expect(
    page.getByText(`/catalog/${product.category_id}/product/${product.id}`),
  ).toBeVisible();
  await expect(page.getByText('telegram', { exact: true })).toBeVisible();

  await page.getByRole('combobox', { name: 'Holat' }).click();
  await page.getByRole('option', { name: 'Bitim tuzildi' }).click();
  await expectToast(page, 'Lead tahrirlandi');
  await page.getByRole('combobox', { name: 'Masʼul' }).click();
  await page.getByRole('option').nth(1).click();
  await expect(page.getByRole('combobox', { name: 'Masʼul' })).not.toHaveText(/Tayinlanmagan/);

  const notes = page.getByTestId('notes');
  await notes
    .getByRole('textbox', { name: 'Yangi izoh' })
    .fill('Qoʻngʻiroq qildim, taklif yubordim');
  await notes.getByRole('button', { name: 'Qoʻshish' }).click();
  await expect(notes).toContainText('Qoʻngʻiroq qildim, taklif yubordim');
  await expect(notes.getByRole('textbox', { name: 'Yangi izoh' })).toHaveValue('');

  const [lead] = (await apiGet(page, `/leads?q=${encodeURIComponent(name)}`)).data;
  expect(lead).toMatchObject({ status: 'won' });
  expect(lead.assignee_id).toEqual(expect.any(Number));
  const saved = await apiGet(page, `/leads/${lead.id}/notes`);
  expect(saved.data).toMatchObject([{ body: 'Qoʻngʻiroq qildim, taklif yubordim' }]);
  // The won lead is no longer new: the sidebar's count went down.
  await page.reload();
  await expect(
    page.getByRole('menuitem', { name: `${newCount - 1} ta yangi Murojaatlar` }),
  ).toBeVisible();
});
