import { expect, type Page, test } from './tab.ts';
import { apiGet, apiToken, expectToast, pngFile, row, signIn } from './helpers.ts';

// Drafts and preview: an editor saves changes as a draft (the site does not change),
// the list marks the record, the preview shows the real page with the draft in each language
// at phone and desktop width, and publishing puts it on the live site; or the draft is
// discarded. In each of the three languages of the back office.

const WORDS = {
  uz: {
    code: 'uz',
    language: null,
    saved: 'Qoralama saqlandi',
    notice: 'eʼlon qilinmagan oʻzgarishlar',
    marker: 'Qoralama',
    published: 'Qoralama eʼlon qilindi',
    discard: 'Qoralamani oʻchirish',
    discarded: 'Qoralama oʻchirildi',
    confirm: 'Tasdiqlash',
  },
  ru: {
    code: 'ru',
    language: 'Русский',
    saved: 'Черновик сохранён',
    notice: 'неопубликованные изменения',
    marker: 'Черновик',
    published: 'Черновик опубликован',
    discard: 'Удалить черновик',
    discarded: 'Черновик удалён',
    confirm: 'Подтвердить',
  },
  en: {
    code: 'en',
    language: 'English',
    saved: 'Draft saved',
    notice: 'Unpublished changes',
    marker: 'Draft',
    published: 'Draft published',
    discard: 'Discard draft',
    discarded: 'Draft discarded',
    confirm: 'Confirm',
  },
} as const;

/** A live project made through the API. */
async function project(page: Page, title: string): Promise<number> {
  const created = await page.request.post('/api/project', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: {
      title_ru: title,
      title_uz: title,
      title_en: title,
      link: 'https://youtu.be/dQw4w9WgXcQ',
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.id;
}

async function signInIn(page: Page, language: string | null) {
  await signIn(page);
  if (language) {
    await page.getByRole('button', { name: /Oʻzbekcha/i }).click();
    await page.getByRole('menuitem', { name: language }).click();
  }
}

// One language for each of these flows (Russian here, Uzbek below; the rollback's in English,
// publishing.spec.ts): the screens' words in each language are the catalogue's, checked by its
// key parity test, and a flow that waits for builds costs a quarter of a minute per language.
for (const [language, words] of Object.entries(WORDS).slice(1, 2)) {
  test(`an editor drafts, previews and publishes a change (${language})`, async ({ page }) => {
    test.setTimeout(300_000);
    const stamp = `${language}-${Date.now()}`;
    const live = `Live project ${stamp}`;
    const drafted = `Drafted project ${stamp}`;
    const id = await project(page, live);
    // the site has the live page before the draft (the first test waits for the first release)
    await expect
      .poll(
        async () => (await page.request.get(`/en/projects/${id}`, { maxRetries: 2 })).status(),
        {
          timeout: 150_000,
        },
      )
      .toBe(200);
    await signInIn(page, words.language);

    await page.goto(`/admin/project/${id}`);
    await page.locator('input[name="title_en"]').fill(drafted);
    await page.locator('input[name="title_uz"]').fill(`${drafted} uz`);
    await page.getByTestId('save-draft').click();
    await expectToast(page, words.saved);
    await expect(page.getByTestId('draft-notice')).toContainText(words.notice);
    // the draft's state and its buttons sit above the form, not below the whole of it
    const top = async (selector: string) => (await page.locator(selector).boundingBox())!.y;
    const firstField = await top('form:has(input[name="title_en"])');
    expect(await top('[data-testid="draft-notice"]')).toBeLessThan(firstField);
    expect(await top('[data-testid="preview-button"]')).toBeLessThan(firstField);
    expect(await top('[data-testid="publish-draft"]')).toBeLessThan(firstField);
    // the live record and the site are as they were
    const record = await (await page.request.get(`/api/project/${id}`, { maxRetries: 2 })).json();
    expect(record.data.title_en).toBe(live);
    expect(
      await (await page.request.get(`/en/projects/${id}`, { maxRetries: 2 })).text(),
    ).toContain(live);
    // the form goes on from the draft, and the list marks the record
    await page.reload();
    await expect(page.locator('input[name="title_en"]')).toHaveValue(drafted);
    await page.goto('/admin/project');
    await expect(row(page, live).getByTestId('draft-marker')).toHaveText(words.marker);

    // the preview: the real page with the draft in each language (Russian was not drafted), at
    // a desktop's width (the site's menu bar shows) and a phone's (the menu folds away)
    await page.goto(`/admin/project/${id}`);
    await page.getByTestId('preview-button').click();
    const frame = page.frameLocator('[data-testid="preview-frame"]');
    // it opens in the screen's language (it was always Russian), the other two a click away
    // (the preview is built first: as long as the frame's first page below may take)
    await expect(page.getByTestId(`preview-lang-${words.code}`)).toHaveAttribute(
      'aria-pressed',
      'true',
      { timeout: 60_000 },
    );
    await expect(frame.locator('html')).toHaveAttribute('lang', words.code, { timeout: 60_000 });
    await expect(frame.locator('h1')).toHaveText(words.code === 'ru' ? live : /^Drafted project/);
    await page.getByTestId('preview-lang-en').click();
    await expect(frame.locator('h1')).toHaveText(drafted, { timeout: 60_000 });
    await page.getByTestId('preview-desktop').click();
    expect((await page.getByTestId('preview-frame').boundingBox())!.width).toBeGreaterThan(1100);
    await expect(frame.locator('#main-menu')).toBeVisible();
    await page.getByTestId('preview-lang-uz').click();
    await expect(frame.locator('h1')).toHaveText(`${drafted} uz`);
    await expect(frame.locator('html')).toHaveAttribute('lang', 'uz');
    await page.getByTestId('preview-phone').click();
    expect((await page.getByTestId('preview-frame').boundingBox())!.width).toBeLessThanOrEqual(400);
    await expect(frame.locator('#main-menu')).toBeHidden();
    await expect(frame.locator('h1')).toHaveText(`${drafted} uz`);
    await page.getByTestId('preview-lang-ru').click();
    await expect(frame.locator('h1')).toHaveText(live);
    await expect(frame.locator('html')).toHaveAttribute('lang', 'ru');
    await page.keyboard.press('Escape');

    // every value the form shows while it publishes, frame by frame: never the old record's
    await page.evaluate(() => {
      const seen = new Set<string>();
      Object.assign(window, { seenTitles: seen });
      const look = () => {
        const input = document.querySelector<HTMLInputElement>('input[name="title_en"]');
        if (input) seen.add(input.value);
        requestAnimationFrame(look);
      };
      look();
    });
    await page.getByTestId('publish-draft').click();
    await expectToast(page, words.published);
    await expect(page.getByTestId('draft-notice')).toHaveCount(0);
    await expect(page.locator('input[name="title_en"]')).toHaveValue(drafted);
    const seen = await page.evaluate(() => [
      ...(window as unknown as { seenTitles: Set<string> }).seenTitles,
    ]);
    expect(seen).toEqual([drafted]);
    await expect
      .poll(async () => (await page.request.get(`/en/projects/${id}`, { maxRetries: 2 })).text(), {
        timeout: 90_000,
      })
      .toContain(drafted);
  });
}

// in Uzbek: the draft's words in every language are the first test's to check
for (const [language, words] of Object.entries(WORDS).slice(0, 1)) {
  test(`the list's switch keeps a draft; an editor discards it (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    const live = `Kept project ${language} ${Date.now()}`;
    const id = await project(page, live);
    await signInIn(page, words.language);
    await page.goto(`/admin/project/${id}`);
    await page.locator('input[name="title_en"]').fill('Never published');
    await page.getByTestId('save-draft').click();
    await expectToast(page, words.saved);

    // switching the record off in the list is a change of its own: the draft stays
    await page.goto('/admin/project');
    const toggle = row(page, live).getByRole('switch');
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/api/project/${id}`, { maxRetries: 2 })).json()).data,
      )
      .toMatchObject({ is_active: false, title_en: live });
    await page.reload();
    await expect(row(page, live).getByTestId('draft-marker')).toHaveText(words.marker);

    await page.goto(`/admin/project/${id}`);
    await expect(page.locator('input[name="title_en"]')).toHaveValue('Never published');
    await page.getByTestId('discard-draft').click();
    await page.getByRole('dialog').getByRole('button', { name: words.confirm }).click();
    await expectToast(page, words.discarded);
    await expect(page.getByTestId('draft-notice')).toHaveCount(0);
    await page.reload();
    await expect(page.locator('input[name="title_en"]')).toHaveValue(live);
    await page.goto('/admin/project');
    await expect(row(page, live)).toBeVisible();
    await expect(row(page, live).getByTestId('draft-marker')).toHaveCount(0);
  });
}

test('pictures are drafted too: the live product keeps its own until Publish', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await apiToken(page);
  const categories = await apiGet(page, '/categories?limit=1');
  const created = await page.request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      name_ru: `Фото в черновике ${Date.now()}`,
      category_id: String(categories.data[0].id),
      images: pngFile('live.png'),
    },
  });
  expect(created.status()).toBe(201);
  const live = (await created.json()).data as { id: number; images: { id: number }[] };
  const id = live.id;
  await signInIn(page, 'English');
  await page.goto(`/admin/products/${id}`);
  await expect(page.getByTestId('previews-images').locator('img')).toHaveCount(1);
  await page.getByTestId('upload-image').setInputFiles([pngFile('main.png')]);
  await page.getByTestId('upload-images').setInputFiles([pngFile('added.png')]);
  await page.getByTestId('save-draft').click();
  await expectToast(page, 'Draft saved');
  // the live product is as it was
  const before = await apiGet(page, `/products/${id}`);
  expect(before.data.image).toBeNull();
  expect(before.data.images.map((image: { id: number }) => image.id)).toEqual(
    live.images.map((image) => image.id),
  );
  // the form opens on the draft's pictures, and saves them as a draft again unchanged
  await page.reload();
  await expect(page.getByTestId('draft-notice')).toBeVisible();
  await expect(page.getByTestId('previews-image').locator('img')).toHaveCount(1);
  await expect(page.getByTestId('previews-images').locator('img')).toHaveCount(2);
  await page.locator('input[name="name_en"]').fill('With drafted pictures');
  await page.getByTestId('save-draft').click();
  await expectToast(page, 'Draft saved');
  await page.reload();
  await expect(page.getByTestId('previews-images').locator('img')).toHaveCount(2);

  // (the toast is the language tests' to check)
  await page.getByTestId('publish-draft').click();
  await expect(page.getByTestId('draft-notice')).toHaveCount(0);
  const after = await apiGet(page, `/products/${id}`);
  expect(after.data).toMatchObject({ name_en: 'With drafted pictures' });
  expect(after.data.image).toMatch(/^products\//);
  expect(after.data.images).toHaveLength(2);
  // the form shows the live record now: its new picture and both gallery pictures
  await expect(page.getByTestId('previews-image').locator('img')).toHaveCount(1);
  await expect(page.getByTestId('previews-images').locator('img')).toHaveCount(2);
});

test('the company data is drafted, previewed and published like a record', async ({ page }) => {
  test.setTimeout(240_000);
  const address = `Drafted avenue ${Date.now()}`;
  await signInIn(page, 'English');
  await page.goto('/admin/settings');
  await page.locator('textarea[name="address_en"]').fill(address);
  await page.getByTestId('save-draft').click();
  await expectToast(page, 'Draft saved');
  await expect(page.getByTestId('draft-notice')).toContainText('Unpublished changes');
  // the live data is as it was, and the form goes on from the draft
  const live = await (await page.request.get('/api/settings')).json();
  expect(live.data.address_en).not.toBe(address);
  await page.reload();
  await expect(page.locator('textarea[name="address_en"]')).toHaveValue(address);

  // the preview shows the contacts page with the drafted address
  await page.getByTestId('preview-button').click();
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await page.getByTestId('preview-lang-en').click();
  await expect(frame.locator('main')).toContainText(address, { timeout: 60_000 });
  await page.keyboard.press('Escape');

  await page.getByTestId('publish-draft').click();
  await expect(page.getByTestId('draft-notice')).toHaveCount(0);
  await expect
    .poll(async () => (await (await page.request.get('/api/settings')).json()).data.address_en)
    .toBe(address);
  await expect
    .poll(async () => (await page.request.get('/en/contacts')).text(), { timeout: 90_000 })
    .toContain(address);
});

test('a new record saved as a draft is saved hidden: nothing reaches the site', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Drafted new project ${Date.now()}`;
  await signInIn(page, 'English');
  await page.goto('/admin/project/create');
  for (const lang of ['uz', 'ru', 'en']) {
    await page.locator(`input[name="title_${lang}"]`).fill(title);
  }
  await page.locator('input[name="link"]').fill('https://youtu.be/dQw4w9WgXcQ');
  await page.getByTestId('save-draft').click();
  await expectToast(page, 'Saved as a hidden record');
  // its edit screen opens, to preview, schedule or switch it on
  await expect(page).toHaveURL(/\/admin\/project\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  await expect(page.locator('input[name="title_en"]')).toHaveValue(title);
  const record = await (await page.request.get(`/api/project/${id}`, { maxRetries: 2 })).json();
  expect(record.data).toMatchObject({ title_en: title, is_active: false });
  // visitors never see it (a request without the browser's session)
  const anonymous = await fetch(new URL(`/api/project/${id}`, page.url()));
  expect(anonymous.status).toBe(404);
});
