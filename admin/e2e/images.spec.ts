import { expect, test } from './tab.ts';
import { apiGet, apiToken, expectToast, pngFile, signIn, toast } from './helpers.ts';

test.describe('image rules', () => {
  let productId: number;

  test.beforeEach(async ({ page }) => {
    // a product of our own with three gallery images, made through the API
    const token = await apiToken(page);
    const categories = await apiGet(page, '/categories?limit=1');
    const reply = await page.request.post('/api/products', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        name_ru: `Галерея ${Date.now()}`,
        category_id: String(categories.data[0].id),
        images: pngFile('a.png'),
      },
    });
    expect(reply.status()).toBe(201);
    productId = (await reply.json()).data.id;
    for (const name of ['b.png', 'c.png']) {
      const current = await apiGet(page, `/products/${productId}`);
      expect(current.data.images.length).toBeGreaterThan(0);
      const more = await page.request.put(`/api/products/${productId}`, {
        headers: { authorization: `Bearer ${token}` },
        multipart: { images: pngFile(name) },
      });
      expect(more.status()).toBe(200);
    }
    await signIn(page, { to: null });
  });

  test('a file that is not JPEG or PNG rejects the whole choice', async ({ page }) => {
    await page.goto(`/admin/products/${productId}`);
    await expect(page.getByTestId('previews-images').locator('img')).toHaveCount(3);
    await page
      .getByTestId('upload-images')
      .setInputFiles([
        pngFile('fine.png'),
        { name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
      ]);
    await expectToast(page, 'Faqat jpeg va png fayllar qabul qilinadi');
    await expect(page.getByTestId('previews-images').locator('img')).toHaveCount(3);
    // admin toasts sit at the bottom right
    await expect(toast(page).first()).toHaveClass(
      /AnchorOriginBottomRight|anchorOriginBottomRight/,
    );
  });

  test('existing plus new images may not pass 8', async ({ page }) => {
    await page.goto(`/admin/products/${productId}`);
    await page
      .getByTestId('upload-images')
      .setInputFiles(['1', '2', '3', '4', '5', '6'].map((n) => pngFile(`${n}.png`)));
    await expectToast(page, 'Koʻpi bilan 8 ta rasm yuklash mumkin');
    await expect(page.getByTestId('previews-images').locator('img')).toHaveCount(3);
    await page
      .getByTestId('upload-images')
      .setInputFiles(['1', '2', '3', '4', '5'].map((n) => pngFile(`${n}.png`)));
    await expect(page.getByTestId('previews-images').locator('img')).toHaveCount(8);
  });

  test('removing an existing image deletes it on save; new ones are added', async ({ page }) => {
    const before = await apiGet(page, `/products/${productId}`);
    const removed = before.data.images[0].id;
    await page.goto(`/admin/products/${productId}`);
    await page
      .getByTestId('previews-images')
      .getByRole('button', { name: 'Galereyadagi 1-rasmni oʻchirish' })
      .click();
    await page.getByTestId('upload-images').setInputFiles([pngFile('new.png')]);
    await page.getByTestId('upload-image').setInputFiles([pngFile('main.png')]);
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await expectToast(page, 'Mahsulot tahrirlandi');
    const after = await apiGet(page, `/products/${productId}`);
    const ids = after.data.images.map((image: { id: number }) => image.id);
    expect(ids).toHaveLength(3);
    expect(ids).not.toContain(removed);
    expect(after.data.image).toBeTruthy();
    const file = await page.request.get(`/uploads/${after.data.image}`, { maxRetries: 2 });
    expect(file.status()).toBe(200);
  });

  test('the gallery is put in order by dragging (here with the keyboard) and each picture described', async ({
    page,
  }) => {
    const before = (await apiGet(page, `/products/${productId}`)).data.images as { src: string }[];
    await page.goto(`/admin/products/${productId}`);
    const items = page.getByTestId('previews-images').getByTestId('gallery-item');
    await expect(items).toHaveCount(3);
    // the last picture to the front: picked up with Space, moved, put down with Space
    await items.nth(2).getByTestId('gallery-handle').focus();
    // (dnd-kit measures the places between the keys, a frame or two)
    for (const key of ['Space', 'ArrowLeft', 'ArrowLeft', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
    await expect(items.first().locator('img')).toHaveAttribute('src', new RegExp(before[2]!.src));
    // its alternative text, in Russian
    await items
      .first()
      .getByRole('button', { name: /1-rasmning muqobil matni/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Русский/).fill('Привод крупным планом');
    await dialog.getByRole('button', { name: 'Tasdiqlash' }).click();
    await expect(items.first().getByRole('button', { name: /3 tildan 1 tasi/ })).toBeVisible();
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await expectToast(page, 'Mahsulot tahrirlandi');
    const after = (await apiGet(page, `/products/${productId}`)).data.images as {
      src: string;
      alt_ru: string;
    }[];
    expect(after.map((image) => image.src)).toEqual([
      before[2]!.src,
      before[0]!.src,
      before[1]!.src,
    ]);
    expect(after[0]!.alt_ru).toBe('Привод крупным планом');
  });

  // a real mouse: pressed on the picture, moved, released. Once with a single move (a quick
  // flick, or a tool that moves once: the move that starts the drag must be applied too), once
  // in steps as a hand moves.
  for (const steps of [1, 10]) {
    test(`a gallery picture is dragged into its place with the mouse (${steps} move${steps > 1 ? 's' : ''})`, async ({
      page,
    }) => {
      const before = (await apiGet(page, `/products/${productId}`)).data.images as {
        src: string;
      }[];
      await page.goto(`/admin/products/${productId}`);
      const items = page.getByTestId('previews-images').getByTestId('gallery-item');
      await expect(items).toHaveCount(3);
      // the screen settled (its parts above the gallery that load apart, the draft's panel),
      // so that the places measured are where the pictures stay
      await page.waitForLoadState('networkidle');
      await items.first().scrollIntoViewIfNeeded();
      // the browser's own drag of a picture (to the desktop) must not take over the press
      const nativeDrags = await page.evaluateHandle(() => {
        const seen = { count: 0 };
        document.addEventListener('dragstart', () => void seen.count++, true);
        return seen;
      });
      const from = (await items.nth(2).getByTestId('gallery-handle').boundingBox())!;
      const to = (await items.nth(0).boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      // a hand's pace: a moment between press, move and release (at a script's pace the
      // release could come before the gallery had measured where its pictures are)
      await page.mouse.down();
      await page.waitForTimeout(100);
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps });
      await page.waitForTimeout(100);
      await page.mouse.up();
      await expect(items.first().locator('img')).toHaveAttribute('src', new RegExp(before[2]!.src));
      expect(await nativeDrags.evaluate((seen) => seen.count)).toBe(0);
      await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
      await expectToast(page, 'Mahsulot tahrirlandi');
      const after = (await apiGet(page, `/products/${productId}`)).data.images as {
        src: string;
      }[];
      expect(after.map((image) => image.src)).toEqual([
        before[2]!.src,
        before[0]!.src,
        before[1]!.src,
      ]);
    });
  }

  // Each picture is announced by a name of its own, in every language: the main picture by its
  // field, the gallery's by their place in it (never two of them "1-rasm"). One product, its
  // screen opened in each language (the new main picture is never saved).
  test("the main picture and the gallery's pictures have names of their own, in each language", async ({
    page,
  }) => {
    for (const [language, width, main, gallery] of [
      ['uz', 390, 'Asosiy rasm', (n: number) => `Galereyadagi ${n}-rasm`],
      ['ru', 1366, 'Главное изображение', (n: number) => `Фото ${n} галереи`],
      ['en', 390, 'Main image', (n: number) => `Gallery picture ${n}`],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      await page.evaluate((locale) => {
        localStorage.setItem('RaStoreconveyor-admin.locale', JSON.stringify(locale));
      }, language);
      await page.goto(`/admin/products/${productId}`);
      await page.getByTestId('upload-image').setInputFiles([pngFile('main.png')]);
      const mainPreview = page.getByTestId('previews-image');
      await expect(mainPreview.getByRole('img', { name: main, exact: true })).toBeVisible();
      const handles = page.getByTestId('previews-images').getByTestId('gallery-handle');
      await expect(handles).toHaveCount(3);
      const names = await handles.evaluateAll((found) =>
        found.map((handle) => handle.getAttribute('aria-label') ?? ''),
      );
      names.forEach((name, index) => expect(name).toContain(gallery(index + 1)));
      // every picture's own buttons are told apart too: no two controls share a name
      const controls = await page
        .locator('[data-testid^=previews-] :is(button, [role=button], img:not([alt=""]))')
        .evaluateAll((found) =>
          found.map(
            (element) => element.getAttribute('aria-label') ?? element.getAttribute('alt') ?? '',
          ),
        );
      expect(controls.filter(Boolean).length).toBe(controls.length);
      expect(new Set(controls).size).toBe(controls.length);
      for (const name of controls) expect(name).not.toMatch(/^1-rasm|^Picture 1|^Фото 1:/);
    }
  });

  test('a single-image input (category image) takes only JPEG or PNG too', async ({ page }) => {
    await page.goto('/admin/categories/create');
    const input = page.getByTestId('upload-image');
    await input.setInputFiles([
      { name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
    ]);
    await expectToast(page, 'Faqat jpeg va png fayllar qabul qilinadi');
    await expect(page.getByTestId('previews-image')).toHaveCount(0);
    await input.setInputFiles([
      { name: 'photo.webp', mimeType: 'image/webp', buffer: Buffer.from('RIFF') },
    ]);
    await expect(page.getByTestId('previews-image')).toHaveCount(0);
    await input.setInputFiles([pngFile('fine.png')]);
    await expect(page.getByTestId('previews-image').locator('img')).toHaveCount(1);
  });
});
