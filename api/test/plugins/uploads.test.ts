import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneHistory } from '../helpers/history.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import { file, jpeg, png, pngBomb } from '../helpers/images.ts';

// Uploads: JPEG and PNG only, decided by the bytes; limits per file, per request, per product
// and in pixels; metadata stripped; random names; no file left behind by a failed request; old
// files removed when replaced or deleted; served with long cache headers.

async function storedFiles(api: TestApi): Promise<string[]> {
  const root = join(api.dataDir, 'uploads');
  const folders = await readdir(root).catch(() => []);
  const files: string[] = [];
  for (const folder of folders) {
    for (const name of await readdir(join(root, folder))) files.push(`${folder}/${name}`);
  }
  return files.sort();
}

describe.skipIf(skipReason)('uploads', () => {
  let api: TestApi;
  let token: string;
  let categoryId: number;

  beforeAll(async () => {
    api = await startApi({
      UPLOAD_MAX_FILE_MB: 1,
      UPLOAD_MAX_REQUEST_MB: 2.5,
      UPLOAD_MAX_MEGAPIXELS: 30,
    });
    token = await api.signIn();
    categoryId = (
      await api.request('POST', '/api/categories', { token, json: { name_ru: 'Категория' } })
    ).body.data.id;
  });

  afterAll(() => api?.close());

  const productForm = (fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.append('name_ru', 'Конвейер');
    form.append('category_id', String(categoryId));
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return form;
  };

  it('creates a product from multipart: main image, gallery, text fields coerced', async () => {
    const form = productForm({ is_active: 'false' });
    form.append('image', file(await jpeg(), 'main.jpg', 'image/jpeg'));
    form.append('images', file(await png(), 'one.png', 'image/png'));
    form.append('images', file(await jpeg(300, 200), 'two.jpeg', 'image/jpeg'));
    const reply = await api.request('POST', '/api/products', { token, form });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const product = reply.body.data;
    expect(product.is_active).toBe(false);
    expect(product.category_id).toBe(categoryId);
    expect(product.image).toMatch(/^products\/[0-9a-f-]{36}\.jpg$/);
    expect(product.images).toHaveLength(2);
    expect(product.images[0].src).toMatch(/^products\/[0-9a-f-]{36}\.png$/);
    expect(product.images[1].src).toMatch(/\.jpg$/);
    for (const path of [product.image, ...product.images.map((i: { src: string }) => i.src)]) {
      expect(existsSync(join(api.dataDir, 'uploads', path))).toBe(true);
      expect(path).not.toMatch(/main|one|two/);
    }
  });

  it('decides the type by the bytes: a PNG named .txt is fine; HTML sent as image/png and SVG are 415', async () => {
    const renamed = productForm();
    renamed.append('image', file(await png(), 'notes.txt', 'text/plain'));
    const ok = await api.request('POST', '/api/products', { token, form: renamed });
    expect(ok.status).toBe(201);
    expect(ok.body.data.image).toMatch(/\.png$/);

    const before = await storedFiles(api);
    const html = productForm();
    html.append('image', file('<!doctype html><script>alert(1)</script>', 'x.png', 'image/png'));
    const refusedHtml = await api.request('POST', '/api/products', { token, form: html });
    expect(refusedHtml.status).toBe(415);
    expect(refusedHtml.body).toEqual({
      error: 'Only jpeg and png files are allowed',
      code: 'images.onlyJpegPng',
    });

    const svg = productForm();
    svg.append(
      'images',
      file(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
        'x.svg',
        'image/svg+xml',
      ),
    );
    const refusedSvg = await api.request('POST', '/api/products', { token, form: svg });
    expect(refusedSvg.status).toBe(415);
    expect(refusedSvg.body.error).toBe('Only jpeg and png files are allowed');

    const gif = new FormData();
    gif.append('name', 'Client');
    gif.append(
      'image',
      file(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'x.gif', 'image/gif'),
    );
    expect((await api.request('POST', '/api/clients', { token, form: gif })).status).toBe(415);
    expect(await storedFiles(api)).toEqual(before);
  });

  it('allows at most 8 gallery images, counting existing − deleted + new', async () => {
    const nine = productForm();
    for (let i = 0; i < 9; i++)
      nine.append('images', file(await png(20, 20), `${i}.png`, 'image/png'));
    const before = await storedFiles(api);
    const refused = await api.request('POST', '/api/products', { token, form: nine });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'You can upload up to 8 images',
      code: 'images.tooMany',
    });
    expect(await storedFiles(api)).toEqual(before);

    // well past the limit: still the same answer, not a generic limit error or a cut connection
    const twelve = productForm();
    for (let i = 0; i < 12; i++)
      twelve.append('images', file(await png(20, 20), `${i}.png`, 'image/png'));
    const refusedAgain = await api.request('POST', '/api/products', { token, form: twelve });
    expect(refusedAgain.status).toBe(400);
    expect(refusedAgain.body).toEqual({
      error: 'You can upload up to 8 images',
      code: 'images.tooMany',
    });
    expect(await storedFiles(api)).toEqual(before);

    // past even the parser's file limit: cut off there, with the same answer
    const twenty = productForm();
    for (let i = 0; i < 20; i++)
      twenty.append('images', file(await png(20, 20), `${i}.png`, 'image/png'));
    const cutOff = await api.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { authorization: `Bearer ${token}` },
      payload: twenty,
    });
    expect(cutOff.statusCode).toBe(400);
    expect(cutOff.json()).toEqual({
      error: 'You can upload up to 8 images',
      code: 'images.tooMany',
    });
    expect(await storedFiles(api)).toEqual(before);

    const six = productForm();
    for (let i = 0; i < 6; i++)
      six.append('images', file(await png(20, 20), `${i}.png`, 'image/png'));
    const created = await api.request('POST', '/api/products', { token, form: six });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const existing = created.body.data.images as { id: number; src: string }[];

    const threeMore = new FormData();
    for (let i = 0; i < 3; i++)
      threeMore.append('images', file(await png(20, 20), `${i}.png`, 'image/png'));
    const tooMany = await api.request('PUT', `/api/products/${id}`, { token, form: threeMore });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('You can upload up to 8 images');
    const unchanged = await api.request('GET', `/api/products/${id}`, { token });
    expect(unchanged.body.data.images).toEqual(existing);

    const swap = new FormData();
    swap.append('delete_images_array', String(existing[0]!.id));
    swap.append('delete_images_array', String(existing[1]!.id));
    for (let i = 0; i < 4; i++)
      swap.append('images', file(await png(20, 20), `${i}.png`, 'image/png'));
    const swapped = await api.request('PUT', `/api/products/${id}`, { token, form: swap });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.data.images).toHaveLength(8);
    expect(swapped.body.data.images.slice(0, 4)).toEqual(existing.slice(2));
    await pruneHistory(api);
    for (const gone of existing.slice(0, 2)) {
      expect(existsSync(join(api.dataDir, 'uploads', gone.src))).toBe(false);
    }
  });

  it('deletes gallery images with delete_images_array in JSON too, and refuses ids of other products', async () => {
    const form = productForm();
    form.append('images', file(await png(20, 20), 'a.png', 'image/png'));
    form.append('images', file(await png(20, 20), 'b.png', 'image/png'));
    const product = (await api.request('POST', '/api/products', { token, form })).body.data;
    const other = productForm();
    other.append('images', file(await png(20, 20), 'c.png', 'image/png'));
    const otherProduct = (await api.request('POST', '/api/products', { token, form: other })).body
      .data;

    const foreign = await api.request('PUT', `/api/products/${product.id}`, {
      token,
      json: { delete_images_array: [otherProduct.images[0].id] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatch(/does not belong to this product/);
    expect(existsSync(join(api.dataDir, 'uploads', otherProduct.images[0].src))).toBe(true);

    const reply = await api.request('PUT', `/api/products/${product.id}`, {
      token,
      json: { delete_images_array: [product.images[0].id] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.images).toEqual([product.images[1]]);
    await pruneHistory(api);
    expect(existsSync(join(api.dataDir, 'uploads', product.images[0].src))).toBe(false);
  });

  it('refuses a file over the per-file limit and a request over the per-request limit with 413', async () => {
    const noise = await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const before = await storedFiles(api);
    const big = productForm();
    big.append('image', file(noise, 'big.jpg', 'image/jpeg'));
    const tooBig = await api.request('POST', '/api/products', { token, form: big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toMatch(/^File is too large/);

    const part = noise.subarray(0, 900 * 1024);
    const many = productForm();
    for (let i = 0; i < 3; i++) many.append('images', file(part, `${i}.jpg`, 'image/jpeg'));
    const tooMuch = await api.request('POST', '/api/products', { token, form: many });
    expect(tooMuch.status).toBe(413);
    expect(tooMuch.body.error).toMatch(/too large together/);
    expect(await storedFiles(api)).toEqual(before);
  });

  it('refuses a 16000×16000 PNG quickly, from its header, without decoding it', async () => {
    const bomb = pngBomb(16000, 16000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const form = productForm();
    form.append('image', file(bomb, 'bomb.png', 'image/png'));
    const started = performance.now();
    const reply = await api.request('POST', '/api/products', { token, form });
    const elapsed = performance.now() - started;
    expect(reply.status).toBe(413);
    expect(reply.body.error).toMatch(/Image has too many pixels \(16000×16000/);
    expect(elapsed).toBeLessThan(1000);
  });

  it('strips EXIF and GPS metadata and applies the orientation', async () => {
    const original = await jpeg(400, 200, { exif: true });
    const meta = await sharp(original).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.length).toBeGreaterThan(0);
    const form = new FormData();
    form.append('name', 'With EXIF');
    form.append('image', file(original, 'photo.jpg', 'image/jpeg'));
    const reply = await api.request('POST', '/api/clients', { token, form });
    expect(reply.status).toBe(201);
    const served = await fetch(`${api.url}/uploads/${reply.body.data.image}`);
    const bytes = Buffer.from(await served.arrayBuffer());
    const stored = await sharp(bytes).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation ?? 1).toBe(1);
    expect([stored.width, stored.height]).toEqual([200, 400]); // turned upright
    expect(bytes.includes(Buffer.from('Secret Model'))).toBe(false);
  });

  it('removes the old file when an image is replaced or removed, and all files when a record is deleted', async () => {
    const form = new FormData();
    form.append('name', 'Logo client');
    form.append('image', file(await png(), 'logo.png', 'image/png'));
    const client = (await api.request('POST', '/api/clients', { token, form })).body.data;
    const first = join(api.dataDir, 'uploads', client.image);
    expect(existsSync(first)).toBe(true);

    const replace = new FormData();
    replace.append('image', file(await jpeg(), 'logo2.jpg', 'image/jpeg'));
    const replaced = (
      await api.request('PUT', `/api/clients/${client.id}`, { token, form: replace })
    ).body.data;
    expect(replaced.image).not.toBe(client.image);
    // kept while a revision shows it, removed once the history is pruned
    expect(existsSync(first)).toBe(true);
    await pruneHistory(api);
    expect(existsSync(first)).toBe(false);
    const second = join(api.dataDir, 'uploads', replaced.image);
    expect(existsSync(second)).toBe(true);

    const removed = await api.request('PUT', `/api/clients/${client.id}`, {
      token,
      json: { image: null },
    });
    expect(removed.body.data.image).toBeNull();
    await pruneHistory(api);
    expect(existsSync(second)).toBe(false);

    const product = productForm();
    product.append('image', file(await jpeg(), 'main.jpg', 'image/jpeg'));
    product.append('images', file(await png(), 'g.png', 'image/png'));
    const created = (await api.request('POST', '/api/products', { token, form: product })).body
      .data;
    const paths = [created.image, created.images[0].src].map((p: string) =>
      join(api.dataDir, 'uploads', p),
    );
    expect(paths.every((p) => existsSync(p))).toBe(true);
    expect((await api.request('DELETE', `/api/products/${created.id}`, { token })).status).toBe(
      200,
    );
    expect(paths.every((p) => existsSync(p))).toBe(true);
    await pruneHistory(api);
    expect(paths.some((p) => existsSync(p))).toBe(false);
  });

  it('leaves no file behind when the rest of the request fails', async () => {
    const before = await storedFiles(api);
    const badCategory = new FormData();
    badCategory.append('name_ru', 'Нет категории');
    badCategory.append('category_id', '424242');
    badCategory.append('image', file(await jpeg(), 'x.jpg', 'image/jpeg'));
    badCategory.append('images', file(await png(), 'y.png', 'image/png'));
    expect((await api.request('POST', '/api/products', { token, form: badCategory })).status).toBe(
      400,
    );

    const halfBad = productForm();
    halfBad.append('image', file(await jpeg(), 'ok.jpg', 'image/jpeg'));
    halfBad.append('images', file('not an image', 'bad.png', 'image/png'));
    expect((await api.request('POST', '/api/products', { token, form: halfBad })).status).toBe(415);

    const user = new FormData();
    user.append('user_name', 'admin');
    user.append('password', 'password-123');
    user.append('email', 'someone@example.uz');
    user.append('avatar', file(await png(), 'me.png', 'image/png'));
    expect((await api.request('POST', '/api/users', { token, form: user })).status).toBe(409);
    expect(await storedFiles(api)).toEqual(before);
  });

  it('refuses a file in a field the resource does not have', async () => {
    const form = new FormData();
    form.append('name', 'Client');
    form.append('avatar', file(await png(), 'a.png', 'image/png'));
    const reply = await api.request('POST', '/api/clients', { token, form });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('avatar: unexpected file');
  });

  it('takes avatars for users and images for categories', async () => {
    const user = new FormData();
    user.append('user_name', 'with-avatar');
    user.append('password', 'password-123');
    user.append('email', 'avatar@example.uz');
    user.append('avatar', file(await png(), 'me.png', 'image/png'));
    const created = await api.request('POST', '/api/users', { token, form: user });
    expect(created.status).toBe(201);
    expect(created.body.data.avatar).toMatch(/^users\/.+\.png$/);

    const category = new FormData();
    category.append('name_en', 'Belts');
    category.append('image', file(await jpeg(), 'c.jpg', 'image/jpeg'));
    const made = await api.request('POST', '/api/categories', { token, form: category });
    expect(made.status).toBe(201);
    expect(made.body.data.image).toMatch(/^categories\/.+\.jpg$/);

    // replaced by a multipart update, and removed with its record
    const stored = (path: string) => join(api.dataDir, 'uploads', path);
    const newAvatar = new FormData();
    newAvatar.append('first_name', 'Avatar');
    newAvatar.append('avatar', file(await jpeg(), 'me2.jpg', 'image/jpeg'));
    const updated = await api.request('PUT', `/api/users/${created.body.data.id}`, {
      token,
      form: newAvatar,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ first_name: 'Avatar', user_name: 'with-avatar' });
    expect(updated.body.data.avatar).toMatch(/^users\/.+\.jpg$/);
    expect(existsSync(stored(created.body.data.avatar))).toBe(false);
    const newImage = new FormData();
    newImage.append('name_ru', 'Ленты');
    newImage.append('image', file(await png(), 'c2.png', 'image/png'));
    const changed = await api.request('PUT', `/api/categories/${made.body.data.id}`, {
      token,
      form: newImage,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name_ru: 'Ленты', name_en: 'Belts' });
    await pruneHistory(api);
    expect(existsSync(stored(made.body.data.image))).toBe(false);
    for (const [resource, record, field] of [
      ['users', updated.body.data, 'avatar'],
      ['categories', changed.body.data, 'image'],
    ] as const) {
      expect(existsSync(stored(record[field]))).toBe(true);
      const path = `/api/${resource}/${record.id}`;
      expect((await api.request('DELETE', path, { token })).status).toBe(200);
      await pruneHistory(api);
      expect(existsSync(stored(record[field]))).toBe(false);
    }
  });

  it('serves files under /uploads/ with a year of caching, an ETag and nosniff', async () => {
    const form = new FormData();
    form.append('name', 'Served');
    form.append('image', file(await png(), 's.png', 'image/png'));
    const client = (await api.request('POST', '/api/clients', { token, form })).body.data;
    const response = await fetch(`${api.url}/uploads/${client.image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    // cache: 'no-cache' keeps fetch from adding its own "Cache-Control: no-cache" to a conditional
    // request (which rightly forbids a 304)
    const again = await fetch(`${api.url}/uploads/${client.image}`, {
      headers: { 'if-none-match': etag! },
      cache: 'no-cache',
    });
    expect(again.status).toBe(304);
    expect((await fetch(`${api.url}/uploads/../catalogue.sqlite`)).status).toBe(404);
    expect((await fetch(`${api.url}/uploads/%2e%2e/catalogue.sqlite`)).status).toBe(404);
  });
});
