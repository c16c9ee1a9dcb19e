import { expect, type Page, test } from './tab.ts';
import { apiGet, apiToken, expectToast, row, signIn } from './helpers.ts';

// Create, edit, toggle and delete for every content resource, through the screens, with the
// spec's toasts; each step is checked against the API.

interface Case {
  resource: string;
  fill: (page: Page, name: string) => Promise<void>;
  rename: (page: Page, name: string) => Promise<void>;
  created: string;
  updated: string;
}

const byLabel = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true });

async function pick(page: Page, label: string, text: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('combobox', { name: label }).fill(text);
  await page.getByRole('option').filter({ hasText: text }).first().click();
}

/** An option of a select (not typed into, as `pick` does for a reference). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const named = (prefix: string) => ({
  fill: async (page: Page, name: string) => {
    await byLabel(page, `${prefix} (oʻzbekcha)`).fill(name);
    await byLabel(page, `${prefix} (ruscha)`).fill(`${name} ru`);
  },
  rename: async (page: Page, name: string) => {
    await byLabel(page, `${prefix} (oʻzbekcha)`).fill(name);
  },
});

const cases: Case[] = [
  {
    resource: 'categories',
    ...named('Nomi'),
    created: 'Kategoriya yaratildi',
    updated: 'Kategoriya tahrirlandi',
  },
  {
    resource: 'products',
    fill: async (page, name) => {
      await named('Nomi').fill(page, name);
      await pick(page, 'Kategoriya', 'Lentali');
    },
    rename: named('Nomi').rename,
    created: 'Mahsulot yaratildi',
    updated: 'Mahsulot tahrirlandi',
  },
  {
    resource: 'media',
    fill: async (page, name) => {
      await named('Sarlavha').fill(page, name);
      await byLabel(page, 'Video havolasi').fill('https://www.youtube.com/watch?v=e2e');
      await pick(page, 'Mahsulot', 'LK-400');
    },
    rename: named('Sarlavha').rename,
    created: 'Media yaratildi',
    updated: 'Media tahrirlandi',
  },
  {
    resource: 'project',
    fill: async (page, name) => {
      await named('Sarlavha').fill(page, name);
      await byLabel(page, 'Video havolasi').fill('https://www.youtube.com/watch?v=p2e');
    },
    rename: named('Sarlavha').rename,
    created: 'Proyekt yaratildi',
    updated: 'Proyekt tahrirlandi',
  },
  {
    resource: 'testimonials',
    fill: async (page, name) => {
      await named('Ism').fill(page, name);
      await byLabel(page, 'Fikr (oʻzbekcha)').fill('Ajoyib xizmat');
    },
    rename: named('Ism').rename,
    created: 'Fikr yaratildi',
    updated: 'Fikr tahrirlandi',
  },
  {
    resource: 'attributes',
    fill: async (page, name) => {
      await named('Nomi').fill(page, name);
      await byLabel(page, 'Kodi').fill(`e2e_${name.replace(/\D/g, '')}`);
      await choose(page, 'Turi', 'Son');
      // the unit picked from the UN/CEFACT list by its symbol; its labels follow
      await pick(page, 'Oʻlchov birligi (UN/CEFACT kodi)', 'mm');
      await expect(byLabel(page, 'Oʻlchov birligi (oʻzbekcha)')).toHaveValue('mm');
    },
    // a number turned into a text: the unit the form now hides is not sent (the API refuses a
    // unit on a text)
    rename: async (page, name) => {
      await named('Nomi').rename(page, name);
      await choose(page, 'Turi', 'Matn');
    },
    created: 'Xususiyat yaratildi',
    updated: 'Xususiyat tahrirlandi',
  },
  {
    resource: 'clients',
    fill: async (page, name) => {
      await byLabel(page, 'Nomi').fill(name);
    },
    rename: async (page, name) => {
      await byLabel(page, 'Nomi').fill(name);
    },
    created: 'Mijoz yaratildi',
    updated: 'Mijoz tahrirlandi',
  },
];

for (const item of cases) {
  test(`${item.resource}: create, edit, toggle and delete`, async ({ page }) => {
    // a dozen saves, each asking for a site build on the same two cores: allow for a busy machine
    test.setTimeout(90_000);
    const name = `E2E ${item.resource} ${Date.now()}`;
    const renamed = `${name} v2`;
    const token = await apiToken(page);
    const find = async (text: string) => {
      const reply = await page.request.get(`/api/${item.resource}?q=${encodeURIComponent(text)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await reply.json()).data as { id: number; is_active: boolean }[];
    };

    await signIn(page, { to: `/admin/${item.resource}` });
    await page.getByRole('link', { name: 'Qoʻshish' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${item.resource}/create$`));
    await expect(page.getByTestId('back-link')).toBeVisible();
    await item.fill(page, name);
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await expectToast(page, item.created);
    await expect(page).toHaveURL(new RegExp(`/admin/${item.resource}$`));
    await expect(row(page, name)).toBeVisible();
    const [created] = await find(name);
    expect(created).toBeDefined();

    await row(page, name).getByRole('link', { name: 'Tahrirlash' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${item.resource}/${created!.id}$`));
    await item.rename(page, renamed);
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await expectToast(page, item.updated);
    await expect(page).toHaveURL(new RegExp(`/admin/${item.resource}$`));
    await expect(row(page, renamed)).toBeVisible();

    await row(page, renamed).locator('input[type=checkbox]').click();
    await expectToast(page, 'Maʼlumotlar tahrirlandi');
    await expect.poll(async () => (await find(renamed))[0]?.is_active).toBe(false);

    await row(page, renamed).getByRole('button', { name: 'Oʻchirish' }).click();
    // the dialog names the record, not only its number
    await expect(page.getByRole('dialog').getByRole('heading')).toHaveText(
      new RegExp(`^Oʻchirish: .+ «${renamed}»$`),
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Tasdiqlash' }).click();
    await expectToast(page, 'Maʼlumotlar oʻchirildi');
    await expect(row(page, renamed)).toHaveCount(0);
    expect(await find(renamed)).toEqual([]);
  });
}

// Leads and supplier applications come from the public forms: staff toggle and delete them.
test('suppliers: toggle and delete an application', async ({ page }) => {
  const company = `E2E Supplier ${Date.now()}`;
  const posted = await page.request.post('/api/suppliers', {
    data: {
      company_name: company,
      partner_count: 12,
      inn: '301234567',
      contact_person: 'Aziz Karimov',
      phone: '+998901234567',
      email: 'supplier@example.com',
      company_description: 'Bearings and chains',
      offer: 'Bearings at a discount',
    },
  });
  expect(posted.status()).toBe(201);
  // an anonymous post answers only 'received': staff find the record by its name
  const [{ id, is_active: active }] = (
    await apiGet(page, `/suppliers?q=${encodeURIComponent(company)}`)
  ).data;
  const token = await apiToken(page);
  const stored = () =>
    page.request.get(`/api/suppliers/${id}`, { headers: { authorization: `Bearer ${token}` } });

  await signIn(page, { to: '/admin/suppliers' });
  await page.getByPlaceholder('Qidirish').fill(company);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await row(page, company).locator('input[type=checkbox]').click();
  await expectToast(page, 'Maʼlumotlar tahrirlandi');
  await expect.poll(async () => (await (await stored()).json()).data.is_active).toBe(!active);

  await row(page, company).getByRole('button', { name: 'Oʻchirish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Tasdiqlash' }).click();
  await expectToast(page, 'Maʼlumotlar oʻchirildi');
  await expect(row(page, company)).toHaveCount(0);
  expect((await stored()).status()).toBe(404);
});

test('leads: delete a message', async ({ page }) => {
  const name = `E2E Lead ${Date.now()}`;
  const posted = await page.request.post('/api/leads', {
    data: { name, phone: '+998901234567', message: 'Please call back' },
  });
  expect(posted.status()).toBe(201);
  const [{ id }] = (await apiGet(page, `/leads?q=${encodeURIComponent(name)}`)).data;
  const token = await apiToken(page);

  await signIn(page, { to: '/admin/leads' });
  await page.getByPlaceholder('Qidirish').fill(name);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await row(page, name).getByRole('button', { name: 'Oʻchirish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Tasdiqlash' }).click();
  await expectToast(page, 'Maʼlumotlar oʻchirildi');
  await expect(row(page, name)).toHaveCount(0);
  const gone = await page.request.get(`/api/leads/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);
});

test('a form refuses missing required fields and keeps the user on it', async ({ page }) => {
  await signIn(page, { to: '/admin/project/create' });
  // (Save stays disabled on an untouched form: fill one field, leave the required title empty)
  await byLabel(page, 'Video havolasi').fill('https://www.youtube.com/watch?v=x');
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expect(page.getByText('Kamida bitta tilda toʻldiring').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/project\/create$/);
});

test('an error from the API is shown with the form-error wording', async ({ page }) => {
  await signIn(page, { to: '/admin/users/create' });
  await byLabel(page, 'Foydalanuvchi nomi').fill('admin');
  await page.getByLabel('Parol').first().fill('another-password-1');
  await byLabel(page, 'E-mail').fill('someone-else@example.com');
  await page.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Kontent muharriri' }).click();
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expectToast(page, /Maʼlumotlar toʻgri kiritilganligini tekshiring: .+/);
  await expect(page).toHaveURL(/\/admin\/users\/create$/);
});
