import { expect, type Page, test } from './tab.ts';
import { apiGet, apiToken, expectToast, makeUser, removeUser, signIn } from './helpers.ts';

// A product's, project's or category's documents are handled in its own edit screen: listed
// in the page's order, added with their file, changed, put in order and removed, each at once
// through the documents API; what the API refuses is said in the dialog, and stays.

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const DXF = Buffer.from('  0\nSECTION\n  2\nHEADER\n  0\nENDSEC\n  0\nEOF\n');

async function create(page: Page, path: string, data: Record<string, unknown>) {
  const reply = await page.request.post(`/api${path}`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data,
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()).data.id as number;
}

const documentsOf = async (page: Page, filter: string) =>
  (await apiGet(page, `/documents?${filter}&limit=100`)).data as {
    id: number;
    title_uz: string;
    title_ru: string;
    kind: string;
    revision: string;
    position: number | null;
  }[];

test('a product’s documents are added, changed, put in order and removed in its own screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now() % 1_000_000;
  const categories = await apiGet(page, '/categories?limit=1');
  const product = await create(page, '/products', {
    name_uz: `Hujjatli ${stamp}`,
    category_id: categories.data[0].id,
  });
  await signIn(page, { to: `/admin/products/${product}` });
  const section = page.getByTestId('record-documents');
  await expect(section.getByRole('heading', { name: 'Hujjatlar' })).toBeVisible();
  await expect(section.getByText('Hali hujjat yoʻq.')).toBeVisible();

  // a datasheet, then a drawing with its revision
  for (const [title, kind, file, revision] of [
    ['Pasport', null, { name: 'pasport.pdf', mimeType: 'application/pdf', buffer: PDF }, ''],
    ['Chizma', 'Chizma', { name: 'chizma.dxf', mimeType: 'image/vnd.dxf', buffer: DXF }, 'B'],
  ] as const) {
    await section.getByRole('button', { name: 'Hujjat qoʻshish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hujjat qoʻshish' });
    if (kind) {
      await dialog.getByRole('combobox', { name: 'Turi' }).click();
      await page.getByRole('option', { name: kind, exact: true }).click();
    }
    await dialog.getByRole('textbox', { name: /^Nomi \(o.zbekcha\)/ }).fill(`${title} ${stamp}`);
    await dialog.getByTestId('upload-file').setInputFiles(file);
    if (revision) await dialog.getByRole('textbox', { name: 'Tahrir' }).fill(revision);
    await dialog.getByRole('button', { name: 'Saqlash' }).click();
    await expectToast(page, 'Hujjat yaratildi');
    await expect(dialog).toHaveCount(0);
  }
  const lines = section.locator('[data-document]');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(`Pasport ${stamp}`);
  await expect(lines.nth(1)).toContainText(`Chizma ${stamp}`);
  await expect(lines.nth(1)).toContainText('Tahrir: B');
  await expect(lines.nth(1).getByRole('link', { name: 'chizma.dxf' })).toBeVisible();
  // the page still has its own Save: nothing of the product was changed by these
  await expect(page.getByRole('button', { name: 'Saqlash', exact: true })).toBeDisabled();

  // the drawing first: every document gets its place
  await lines
    .nth(1)
    .getByRole('button', { name: `«Chizma ${stamp}» hujjatini yuqoriga surish` })
    .click();
  await expect(lines.nth(0)).toContainText(`Chizma ${stamp}`);
  await expect
    .poll(async () =>
      (await documentsOf(page, `product_id=${product}`))
        .sort((a, b) => a.position! - b.position!)
        .map((document) => [document.title_uz, document.position]),
    )
    .toEqual([
      [`Chizma ${stamp}`, 0],
      [`Pasport ${stamp}`, 1],
    ]);

  // the datasheet's revision changed in its dialog, typed before the dialog's own fetch of the
  // document (held back here) arrives, its place changed since the list was read: what was
  // typed stays
  const fetched = Promise.withResolvers<void>();
  const oneDocument = /\/api\/documents\/\d+$/;
  await page.route(
    oneDocument,
    async (route) => {
      await fetched.promise;
      await route.continue();
    },
    { times: 1 },
  );
  const arrived = page.waitForResponse(oneDocument);
  await lines
    .nth(1)
    .getByRole('button', { name: `«Pasport ${stamp}» hujjatini tahrirlash` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Hujjatni tahrirlash' });
  await edit.getByRole('textbox', { name: 'Tahrir' }).fill('2026-03');
  fetched.resolve();
  await arrived;
  await expect(edit.getByRole('textbox', { name: 'Tahrir' })).toHaveValue('2026-03');
  await edit.getByRole('button', { name: 'Saqlash' }).click();
  await expectToast(page, 'Hujjat tahrirlandi');
  await expect(lines.nth(1)).toContainText('Tahrir: 2026-03');

  // the drawing removed, after the question: to the trash
  await lines
    .nth(0)
    .getByRole('button', { name: `«Chizma ${stamp}» hujjatini oʻchirish` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Tasdiqlash' }).click();
  await expect(lines).toHaveCount(1);
  const left = await documentsOf(page, `product_id=${product}`);
  expect(left.map((document) => [document.title_uz, document.revision])).toEqual([
    [`Pasport ${stamp}`, '2026-03'],
  ]);
});

test('what the API refuses is said in the dialog and stays there (ru, 390 px)', async ({
  page,
}) => {
  const stamp = Date.now() % 1_000_000;
  const category = await create(page, '/categories', { name_ru: `С документами ${stamp}` });
  await signIn(page, { to: null });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('RaStoreconveyor-admin.locale', '"ru"'));
  await page.goto(`/admin/categories/${category}`);
  const section = page.getByTestId('record-documents');
  await section.getByRole('button', { name: 'Добавить документ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить документ' });
  await dialog.getByRole('textbox', { name: /^Название \(рус/ }).fill(`Паспорт ${stamp}`);
  // a text file named as a PDF: the API reads its bytes and refuses it
  await dialog.getByTestId('upload-file').setInputFiles({
    name: 'passport.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('hello'),
  });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  const error = dialog.getByTestId('document-error');
  await expect(error).toContainText('PDF, DWG, DXF, STEP');
  // past a toast's two seconds it is still there, the dialog open with what was typed
  await page.waitForTimeout(3000);
  await expect(error).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /^Название \(рус/ })).toHaveValue(
    `Паспорт ${stamp}`,
  );
  // a real PDF instead: saved, and listed
  await dialog
    .getByTestId('upload-file')
    .setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.locator('[data-document]')).toHaveCount(1);
  expect((await documentsOf(page, `category_id=${category}`)).map((d) => d.title_ru)).toEqual([
    `Паспорт ${stamp}`,
  ]);
});

test('a role that may only read sees a record’s documents without changing them (en)', async ({
  page,
}) => {
  const sales = await makeUser(page, 'sales', 'role-password-1', 'docs');
  try {
    await signIn(page, { user: sales.name, password: 'role-password-1', to: null });
    await page.evaluate(() => localStorage.setItem('RaStoreconveyor-admin.locale', '"en"'));
    // the demo's first product has its datasheet and drawing
    await page.goto('/admin/products/1');
    const section = page.getByTestId('record-documents');
    await expect(section.locator('[data-document]')).toHaveCount(2);
    await expect(section.getByText('The site’s page lists them in this order.')).toBeVisible();
    await expect(section.getByRole('button')).toHaveCount(0);
  } finally {
    await removeUser(page, sales.id);
  }
});
