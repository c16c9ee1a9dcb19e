import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, png, type TestApi } from '@conveyor/api/testing';
import { authProvider, signedOutNotice } from '../src/providers/authProvider.ts';
import { dataProvider, SINGLETON_ID, toListResult } from '../src/providers/dataProvider.ts';
import { api as call, session } from '../src/providers/http.ts';
import { withDraft } from '../src/drafts/record.ts';
import { i18nProvider } from '../src/i18n/index.ts';
import { cookieJar } from './cookieJar.ts';
import { startSignedIn, stopSignedIn } from './signedIn.ts';

// The providers against the real API over HTTP, on a fresh database: what react-admin sends
// becomes the API's calls, and the API's answers become what react-admin expects.

const file = async (name: string) =>
  new File([new Uint8Array(await png(64, 48))], name, { type: 'image/png' });

describe('data and auth providers', () => {
  let api: TestApi;
  let categoryId: number;

  beforeAll(async () => {
    api = await startSignedIn();
  });
  afterAll(() => stopSignedIn(api));

  it('signs in with the session cookie and knows who is signed in', async () => {
    expect(session.active()).toBe(true);
    expect(cookieJar.get(api.url, 'conveyor_session')).toMatch(/^[\w-]{40,}$/);
    // no script holds the token: nothing of it is in the page's storage
    expect(JSON.stringify({ ...localStorage })).not.toContain(
      cookieJar.get(api.url, 'conveyor_session'),
    );
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    const identity = await authProvider.getIdentity!();
    // the first admin: first name 'Admin', no last name
    expect(identity.fullName).toBe('Admin');
  });

  it('refuses a wrong password with the API status and its text in Uzbek', async () => {
    await expect(
      authProvider.login({ username: ADMIN.user_name, password: 'nope-nope-nope' }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Foydalanuvchi nomi yoki parol notoʻgʻri',
    });
    expect(session.active()).toBe(false);
    // the earlier session's cookie is still good: mark it signed in again for the next tests
    session.start();
  });

  it('creates with multipart, image included, and answers with the record', async () => {
    const { data } = await dataProvider.create('categories', {
      data: {
        name_ru: 'Ленточные',
        name_uz: 'Lentali',
        is_active: true,
        image: { rawFile: await file('belt.png') },
      },
    });
    categoryId = data.id;
    expect(data.name_uz).toBe('Lentali');
    expect(data.image).toMatch(/\.(png|jpe?g|webp)$/);
    const stored = await fetch(
      `${api.url}/uploads/${String(data.image).replace(/^\/?(uploads\/)?/, '')}`,
    );
    expect(stored.status).toBe(200);
  });

  it('maps pagination, sort and search to page, limit, sort, order and q', async () => {
    for (const name of ['Роликовые', 'Винтовые', 'Цепные']) {
      await dataProvider.create('categories', { data: { name_ru: name, is_active: true } });
    }
    const page = await dataProvider.getList('categories', {
      pagination: { page: 2, perPage: 3 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(page.total).toBe(4);
    expect(page.data).toHaveLength(1);
    const found = await dataProvider.getList('categories', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { q: 'винт' },
    });
    expect(found.data.map((row) => row.name_ru)).toEqual(['Винтовые']);
  });

  it('falls back to pageInfo when the API gives only page counts', () => {
    const result = toListResult({ data: [{ id: 1 }], currentPage: 1, totalPages: 3 }) as {
      pageInfo: unknown;
      total?: number;
      meta: unknown;
    };
    expect(result.total).toBeUndefined();
    expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    // the page count reaches the pagination's 'Sahifa 1 dan 3' through the list's meta
    expect(result.meta).toEqual({ currentPage: 1, totalPages: 3 });
  });

  it('reads several records by id and filters a reference', async () => {
    const many = await dataProvider.getMany('categories', { ids: [categoryId] });
    expect(many.data.map((row) => row.id)).toEqual([categoryId]);
    await dataProvider.create('products', { data: { name_ru: 'ЛК-400', category_id: categoryId } });
    const refs = await dataProvider.getManyReference('products', {
      target: 'category_id',
      id: categoryId,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(refs.total).toBe(1);
  });

  it('sends only new gallery files and the ids of removed images', async () => {
    const created = await dataProvider.create('products', {
      data: {
        name_ru: 'Рольганг',
        category_id: categoryId,
        images: [
          { rawFile: await file('a.png') },
          { rawFile: await file('b.png') },
          { rawFile: await file('c.png') },
        ],
      },
    });
    const { data: before } = await dataProvider.getOne('products', { id: created.data.id });
    expect(before.images).toHaveLength(3);
    const [keep, drop] = before.images as { id: number; src: string }[];
    const current = [keep, before.images[2], { rawFile: await file('d.png') }];
    await dataProvider.update('products', {
      id: before.id,
      data: { ...before, images: current },
      previousData: before,
    });
    const { data: after } = await dataProvider.getOne('products', { id: before.id });
    const ids = (after.images as { id: number }[]).map((image) => image.id);
    expect(ids).toHaveLength(3);
    expect(ids).toContain(keep!.id);
    expect(ids).not.toContain(drop!.id);
  });

  it("keeps the gallery's order and its pictures' alternative texts as the form leaves them", async () => {
    const created = await dataProvider.create('products', {
      data: {
        name_ru: 'Галерея',
        category_id: categoryId,
        images: [
          { rawFile: await file('a.png') },
          { rawFile: await file('b.png') },
          { rawFile: await file('c.png') },
        ],
      },
    });
    const { data: before } = await dataProvider.getOne('products', { id: created.data.id });
    const [a, b, c] = before.images as { id: number; src: string }[];
    // dragged into another order, one picture described in two languages
    const arranged = [c, { ...a!, alt_ru: 'Лента крупным планом', alt_en: 'The belt up close' }, b];
    await dataProvider.update('products', {
      id: before.id,
      data: { ...before, images: arranged },
      previousData: before,
    });
    const { data: after } = await dataProvider.getOne('products', { id: before.id });
    expect(after.images).toEqual([
      { id: c!.id, src: c!.src, alt_uz: '', alt_ru: '', alt_en: '' },
      {
        id: a!.id,
        src: a!.src,
        alt_uz: '',
        alt_ru: 'Лента крупным планом',
        alt_en: 'The belt up close',
      },
      { id: b!.id, src: b!.src, alt_uz: '', alt_ru: '', alt_en: '' },
    ]);
    expect(after.gallery.map((picture: { src: string }) => picture.src)).toEqual([
      c!.src,
      a!.src,
      b!.src,
    ]);
  });

  it('drafts pictures, opens the form on them and publishes them with Save', async () => {
    const created = await dataProvider.create('products', {
      data: {
        name_ru: 'Черновик с фото',
        category_id: categoryId,
        image: { rawFile: await file('main.png') },
        images: [{ rawFile: await file('a.png') }, { rawFile: await file('b.png') }],
      },
    });
    const { data: live } = await dataProvider.getOne('products', { id: created.data.id });
    const [keep, drop] = live.images as { id: number; src: string }[];
    const readDraft = async () =>
      (await call<{ data: { data: Record<string, unknown> } | null }>(`/products/${live.id}/draft`))
        .data;
    // Save as draft: a new main picture, one gallery picture removed and one added
    await dataProvider.update('products', {
      id: live.id,
      data: {
        ...live,
        name_en: 'Drafted',
        image: { rawFile: await file('new-main.png') },
        images: [keep, { rawFile: await file('c.png') }],
      },
      previousData: live,
      meta: { draft: true },
    });
    const draft = (await readDraft())!.data;
    expect(draft).toMatchObject({ name_en: 'Drafted', delete_images_array: [drop!.id] });
    expect(draft.image).not.toBe(live.image);
    expect(draft.images_added).toHaveLength(1);
    // the live record is as it was
    expect((await dataProvider.getOne('products', { id: live.id })).data).toEqual(live);

    // the edit form opens on the draft; saved as a draft again unchanged, it keeps its pictures
    const form = withDraft('products', live, draft);
    expect(form.image).toBe(draft.image);
    expect((form.images as { src: string }[]).map((image) => image.src)).toEqual([
      keep!.src,
      (draft.images_added as string[])[0],
    ]);
    await dataProvider.update('products', {
      id: live.id,
      data: form,
      previousData: live,
      meta: { draft: true },
    });
    expect((await readDraft())!.data).toEqual(draft);

    // Save publishes the form as it shows, the draft's pictures included
    await dataProvider.update('products', {
      id: live.id,
      data: form,
      previousData: live,
      meta: { spendDraft: true },
    });
    const { data: after } = await dataProvider.getOne('products', { id: live.id });
    expect(after.image).toBe(draft.image);
    expect((after.images as { src: string }[]).map((image) => image.src)).toEqual([
      keep!.src,
      (draft.images_added as string[])[0],
    ]);
    expect(after.name_en).toBe('Drafted');
    expect(await readDraft()).toBeNull();
  });

  it('updates partially: a body of only is_active changes only that', async () => {
    const { data: before } = await dataProvider.getOne('categories', { id: categoryId });
    const { data } = await dataProvider.update('categories', {
      id: categoryId,
      data: { is_active: false },
      previousData: before,
    });
    expect(data.is_active).toBe(false);
    expect(data.name_uz).toBe('Lentali');
    expect(data.image).toBe(before.image);
  });

  it('sends JSON for the other resources, and names the field the API refused', async () => {
    await expect(
      dataProvider.create('project', { data: { title_en: 'Line', link: 'not a link' } }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Maydon notoʻgʻri toʻldirilgan: Video havolasi',
    });
    await expect(
      dataProvider.create('project', {
        data: { title_en: 'x'.repeat(300), link: 'https://youtu.be/abc' },
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Maydon notoʻgʻri toʻldirilgan: Sarlavha (inglizcha)',
    });
    const { data } = await dataProvider.create('project', {
      data: { title_en: 'Line', link: 'https://youtu.be/abc' },
    });
    expect(data.title_en).toBe('Line');
  });

  it('reads and saves the company settings as one record', async () => {
    const { data } = await dataProvider.getOne('settings', { id: SINGLETON_ID });
    expect(data.id).toBe(SINGLETON_ID);
    const saved = await dataProvider.update('settings', {
      id: SINGLETON_ID,
      data: { ...data, email: 'sales@conveyor.example' },
      previousData: data,
    });
    expect(saved.data.email).toBe('sales@conveyor.example');
  });

  it("gives the API's errors in the staff's language, with no English left", async () => {
    const { data: users } = await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    const [admin] = users;
    const refused = await dataProvider
      .update('users', { id: admin!.id, data: { is_active: false }, previousData: admin! })
      .then(
        () => null,
        (error: unknown) => error as { status: number; message: string; body: unknown },
      );
    expect(refused).toMatchObject({
      status: 409,
      message:
        'Oxirgi faol administratorni oʻchirib, faolsizlantirib yoki rolini oʻzgartirib boʻlmaydi',
      // the API's own answer stays with the error
      body: {
        error: 'The last active admin cannot be deleted, deactivated or given another role',
        code: 'users.lastActiveAdmin',
      },
    });
    expect(refused!.message).not.toMatch(/last|active|user|cannot/i);

    await i18nProvider.changeLocale('ru');
    try {
      await expect(
        dataProvider.delete('users', { id: admin!.id, previousData: admin! }),
      ).rejects.toMatchObject({
        status: 409,
        message: 'Последнего активного администратора нельзя удалить, отключить или лишить роли',
      });
    } finally {
      await i18nProvider.changeLocale('uz');
    }
  });

  it('deletes and answers with the deleted id', async () => {
    const { data } = await dataProvider.create('testimonials', {
      data: { name_ru: 'Иван', message_ru: 'Спасибо' },
    });
    const removed = await dataProvider.delete('testimonials', { id: data.id, previousData: data });
    expect(removed.data.id).toBe(data.id);
    await expect(dataProvider.getOne('testimonials', { id: data.id })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('signs out on a 401 and ends the session on logout', async () => {
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    const token = cookieJar.get(api.url, 'conveyor_session')!;
    await authProvider.logout({});
    expect(session.active()).toBe(false);
    expect(cookieJar.get(api.url, 'conveyor_session')).toBeUndefined();
    const me = await fetch(`${api.url}/api/me`, {
      headers: { cookie: `conveyor_session=${token}` },
    });
    expect(me.status).toBe(401);
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/auth/login' });
    // a browser that still sends the ended session's cookie
    cookieJar.set(api.url, 'conveyor_session', token);
    session.start();
    const refused: { status: number; message: string } = await dataProvider
      .getList('users', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      })
      .then(
        () => ({ status: 200, message: '' }),
        (error: unknown) => error as { status: number; message: string },
      );
    expect(refused).toMatchObject({
      status: 401,
      message: 'Sessiya tugadi yoki yakunlandi, qaytadan kiring',
    });
    // react-admin's own toast is switched off (it would die with the admin's screen); the
    // sign-in screen shows the API's text as a warning instead
    await expect(authProvider.checkError(refused)).rejects.toMatchObject({
      redirectTo: '/auth/login',
      message: false,
    });
    expect(session.active()).toBe(false);
    expect(signedOutNotice.take()).toBe(refused.message);
    expect(signedOutNotice.take()).toBeNull();
  });
});
