import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// The response contract of DESIGN section 3: list envelope, paging, sorting, search, filters,
// details, create/update/delete answers and the error shape.

describe.skipIf(skipReason)('response contract', () => {
  let api: TestApi;
  let token: string;
  let categoryId: number;
  let otherCategoryId: number;

  const category = (name: string, extra: Record<string, unknown> = {}) => ({
    name_ru: name,
    name_uz: `${name} uz`,
    name_en: `${name} en`,
    description_ru: `Описание: ${name}`,
    ...extra,
  });

  beforeAll(async () => {
    api = await startApi();
    token = await api.signIn();
    const first = await api.request('POST', '/api/categories', {
      token,
      json: category('Ленточные конвейеры'),
    });
    const second = await api.request('POST', '/api/categories', {
      token,
      json: category('Роликовые конвейеры'),
    });
    categoryId = first.body.data.id;
    otherCategoryId = second.body.data.id;
    // 25 products: 15 in the first category, 10 in the second; every fifth one inactive
    for (let i = 1; i <= 25; i++) {
      const reply = await api.request('POST', '/api/products', {
        token,
        json: {
          name_ru: `Конвейер ЛК-${i}`,
          name_uz: `Konveyer LK-${i}`,
          name_en: `Conveyor LK-${i}`,
          category_id: i <= 15 ? categoryId : otherCategoryId,
          is_active: i % 5 !== 0,
        },
      });
      expect(reply.status).toBe(201);
    }
  });

  afterAll(() => api?.close());

  it('lists with the envelope {data, currentPage, totalPages, total} and defaults page 1, limit 10', async () => {
    const reply = await api.request('GET', '/api/products', { token });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['currentPage', 'data', 'total', 'totalPages']);
    expect(reply.body.data).toHaveLength(10);
    expect(reply.body).toMatchObject({ currentPage: 1, totalPages: 3, total: 25 });
  });

  it('pages with page and limit, and an empty page past the end', async () => {
    const page3 = await api.request('GET', '/api/products?page=3&limit=10', { token });
    expect(page3.body.data).toHaveLength(5);
    expect(page3.body.currentPage).toBe(3);
    const past = await api.request('GET', '/api/products?page=9&limit=10', { token });
    expect(past.body).toMatchObject({ data: [], currentPage: 9, totalPages: 3, total: 25 });
  });

  it('caps limit at 100 instead of failing', async () => {
    const reply = await api.request('GET', '/api/products?limit=5000', { token });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toHaveLength(25);
    expect(reply.body.totalPages).toBe(1);
  });

  it('rejects a bad page or an unknown sort column with a 400 naming the parameter', async () => {
    const page = await api.request('GET', '/api/products?page=0', { token });
    expect(page.status).toBe(400);
    expect(page.body.error).toMatch(/^page: /);
    const sort = await api.request('GET', '/api/products?sort=password', { token });
    expect(sort.status).toBe(400);
    expect(sort.body.error).toMatch(/^sort: must be one of/);
  });

  it('sorts by a column in either order, with react-admin’s upper-case order too', async () => {
    const asc = await api.request('GET', '/api/products?sort=name_en&order=asc&limit=3', { token });
    expect(asc.body.data.map((p: { name_en: string }) => p.name_en)).toEqual([
      'Conveyor LK-1',
      'Conveyor LK-10',
      'Conveyor LK-11',
    ]);
    const desc = await api.request('GET', '/api/products?sort=id&order=DESC&limit=2', { token });
    const ids = desc.body.data.map((p: { id: number }) => p.id);
    expect(ids[0]).toBeGreaterThan(ids[1]);
  });

  it('searches with q case-insensitively in every language, Cyrillic included', async () => {
    const ru = await api.request(
      'GET',
      `/api/products?q=${encodeURIComponent('КОНВЕЙЕР лк-2')}&limit=50`,
      { token },
    );
    expect(ru.body.total).toBe(7); // ЛК-2 and ЛК-20 … ЛК-25
    const uz = await api.request('GET', '/api/products?q=konveyer%20lk-13', { token });
    expect(uz.body.data.map((p: { name_uz: string }) => p.name_uz)).toEqual(['Konveyer LK-13']);
    const none = await api.request('GET', '/api/products?q=%25', { token });
    expect(none.body.total).toBe(0); // % is a literal, not a wildcard
  });

  it('filters products by category_id and by a list of ids', async () => {
    const reply = await api.request(
      'GET',
      `/api/products?category_id=${otherCategoryId}&limit=50`,
      { token },
    );
    expect(reply.body.total).toBe(10);
    expect(
      reply.body.data.every((p: { category_id: number }) => p.category_id === otherCategoryId),
    ).toBe(true);
    const some = await api.request(
      'GET',
      `/api/categories?id=${categoryId}&id=${otherCategoryId}`,
      { token },
    );
    expect(some.body.data.map((c: { id: number }) => c.id).sort()).toEqual(
      [categoryId, otherCategoryId].sort(),
    );
  });

  it('shows anonymous callers active records only, and counts only those', async () => {
    const reply = await api.request('GET', '/api/products?limit=50');
    expect(reply.body.total).toBe(20);
    expect(reply.body.data.every((p: { is_active: boolean }) => p.is_active)).toBe(true);
    const inactive = await api.request('GET', '/api/products?limit=50&is_active=false', { token });
    expect(inactive.body.total).toBe(5);
  });

  it('creates with 201 and {data}, and answers a detail with {data}', async () => {
    const created = await api.request('POST', '/api/categories', {
      token,
      json: category('Цепные конвейеры'),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name_ru: 'Цепные конвейеры',
      is_active: true,
      image: null,
      link: '',
    });
    expect(created.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const detail = await api.request('GET', `/api/categories/${created.body.data.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual(created.body.data);
  });

  it('updates partially: a body of only is_active changes only that', async () => {
    const created = await api.request('POST', '/api/categories', {
      token,
      json: category('Шнеки', { link: 'https://example.uz/screw' }),
    });
    const before = created.body.data;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await api.request('PUT', `/api/categories/${before.id}`, {
      token,
      json: { is_active: false },
    });
    expect(updated.status).toBe(200);
    const { is_active, updated_at, ...rest } = updated.body.data;
    const { is_active: wasActive, updated_at: wasUpdated, ...restBefore } = before;
    expect(is_active).toBe(false);
    expect(wasActive).toBe(true);
    expect(rest).toEqual(restBefore);
    expect(updated_at > wasUpdated).toBe(true);
  });

  it('ignores fields it does not know, such as a whole record sent back', async () => {
    const created = await api.request('POST', '/api/categories', {
      token,
      json: category('Нории'),
    });
    const record = created.body.data;
    const reply = await api.request('PUT', `/api/categories/${record.id}`, {
      token,
      json: {
        ...record,
        id: 999,
        created_at: '2000-01-01T00:00:00.000Z',
        name_en: 'Bucket elevators',
        hacker: 1,
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      id: record.id,
      created_at: record.created_at,
      name_en: 'Bucket elevators',
    });
    expect(reply.body.data).not.toHaveProperty('hacker');
  });

  it('deletes and answers the deleted id; the record is then gone', async () => {
    const created = await api.request('POST', '/api/project', {
      token,
      json: { title_ru: 'Проект', link: 'https://www.youtube.com/watch?v=abc' },
    });
    const id = created.body.data.id;
    const deleted = await api.request('DELETE', `/api/project/${id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: id });
    expect((await api.request('GET', `/api/project/${id}`, { token })).status).toBe(404);
    expect((await api.request('DELETE', `/api/project/${id}`, { token })).status).toBe(404);
  });

  it('gives a product detail its images as [{id, src}] and its videos as media (active only for anonymous)', async () => {
    const product = await api.request('POST', '/api/products', {
      token,
      json: { name_ru: 'С видео', category_id: categoryId },
    });
    const id = product.body.data.id;
    for (const [title, active] of [
      ['Видео 1', true],
      ['Видео 2', false],
    ] as const) {
      const reply = await api.request('POST', '/api/media', {
        token,
        json: {
          title_ru: title,
          link: 'https://www.youtube.com/watch?v=x',
          product_id: id,
          is_active: active,
        },
      });
      expect(reply.status).toBe(201);
    }
    const staff = await api.request('GET', `/api/products/${id}`, { token });
    expect(staff.body.data.images).toEqual([]);
    expect(staff.body.data.media.map((m: { title_ru: string }) => m.title_ru)).toEqual([
      'Видео 1',
      'Видео 2',
    ]);
    const anonymous = await api.request('GET', `/api/products/${id}`);
    expect(anonymous.body.data.media.map((m: { title_ru: string }) => m.title_ru)).toEqual([
      'Видео 1',
    ]);
    const byProduct = await api.request('GET', `/api/media?product_id=${id}`);
    expect(byProduct.body.total).toBe(1);
  });

  it('answers errors as {error} with the field named: 400, 404', async () => {
    const missing = await api.request('POST', '/api/products', {
      token,
      json: { name_ru: 'Без категории' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'category_id: is required',
      code: 'validation',
      field: 'category_id',
    });
    const noName = await api.request('POST', '/api/categories', {
      token,
      json: { name_ru: ' ', name_en: '' },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toMatch(
      /^name_ru \/ name_uz \/ name_en: fill in at least one language/,
    );
    const badLink = await api.request('POST', '/api/media', {
      token,
      json: { title_en: 'x', link: 'javascript:alert(1)', product_id: 1 },
    });
    expect(badLink.status).toBe(400);
    expect(badLink.body.error).toBe('link: must be an http(s) link');
    const noCategory = await api.request('POST', '/api/products', {
      token,
      json: { name_ru: 'x', category_id: 99999 },
    });
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.error).toBe('category_id: there is no category with id 99999');
    const notFound = await api.request('GET', '/api/categories/99999');
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual({ error: 'Not found', code: 'notFound' });
    const badId = await api.request('GET', '/api/categories/abc');
    expect(badId.status).toBe(400);
    expect(badId.body.error).toMatch(/^id: /);
    const unknownRoute = await api.request('GET', '/api/nothing-here');
    expect(unknownRoute.status).toBe(404);
    expect(unknownRoute.body).toEqual({ error: 'Not found', code: 'notFound' });
  });

  it('answers malformed JSON and unsupported bodies with a clear 4xx', async () => {
    const broken = await api.request('POST', '/api/categories', {
      token,
      headers: { 'content-type': 'application/json' },
      form: undefined,
    });
    expect(broken.status).toBe(400);
    const response = await fetch(`${api.url}/api/categories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"name_ru": ',
    });
    expect(response.status).toBe(400);
    expect((await response.json()) as any).toEqual({
      error: 'Request body is not valid JSON',
      code: 'badRequest',
    });
    const text = await fetch(`${api.url}/api/categories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    expect(((await text.json()) as any).error).toMatch(/Unsupported content type/);
  });

  it('refuses to delete a category that still has products (409) and keeps both', async () => {
    const reply = await api.request('DELETE', `/api/categories/${categoryId}`, { token });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toMatch(/still has products/);
    expect((await api.request('GET', `/api/categories/${categoryId}`, { token })).status).toBe(200);
  });

  it('keeps the spec’s search parameter for users', async () => {
    const reply = await api.request('GET', '/api/users?search=ADM', { token });
    expect(reply.body.data.map((u: { user_name: string }) => u.user_name)).toEqual(['admin']);
    const none = await api.request('GET', '/api/users?search=nobody', { token });
    expect(none.body.total).toBe(0);
  });

  it('reads and partially updates the settings record', async () => {
    const before = await api.request('GET', '/api/settings');
    expect(before.status).toBe(200);
    expect(before.body.data).toHaveProperty('phone_primary');
    const updated = await api.request('PUT', '/api/settings', {
      token,
      json: { phone_secondary: '+998 90 111 22 33', address_ru: 'Ташкент' },
    });
    expect(updated.status).toBe(200);
    // like every record: created once, updated on each save
    expect(Date.parse(updated.body.data.created_at)).not.toBeNaN();
    expect(updated.body.data.updated_at >= updated.body.data.created_at).toBe(true);
    const again = await api.request('PUT', '/api/settings', { token, json: { legal_name: 'X' } });
    expect(again.body.data.created_at).toBe(updated.body.data.created_at);
    expect(again.body.data.updated_at > updated.body.data.created_at).toBe(true);
    expect(updated.body.data).toMatchObject({
      phone_primary: before.body.data.phone_primary,
      phone_secondary: '+998 90 111 22 33',
      address_ru: 'Ташкент',
    });
    const bad = await api.request('PUT', '/api/settings', {
      token,
      json: { telegram_url: 'ftp://x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('telegram_url: must be an http(s) link');
    expect((await api.request('GET', '/api/settings')).body.data.address_ru).toBe('Ташкент');
  });

  it('answers an unexpected failure with 500 "Server error!" and keeps the details in the log', async () => {
    await api.app.db.kysely.schema.dropTable('testimonials').execute();
    const reply = await api.request('GET', '/api/testimonials');
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ error: 'Server error!', code: 'server' });
    expect(JSON.stringify(reply.body)).not.toMatch(/testimonials|sql|select/i);
    expect(
      api.logs.some((line) => line.includes('testimonials') && line.includes('"level":50')),
    ).toBe(true);
  });
});
