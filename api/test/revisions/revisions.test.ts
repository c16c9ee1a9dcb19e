import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lineEndings from '../../src/db/migrations/2026_11_26_0010_line_endings.ts';
import { normaliseBodyText } from '../../src/lib/bodyText.ts';
import { pruneRevisions } from '../../src/revisions/prune.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import { file, png } from '../helpers/images.ts';

// History and undo: every change of content keeps a revision; any revision restores
// in one call, as a revision of its own; images stay while a revision shows them; a deleted
// record comes back under its id; the prune keeps each record's newest and frees the rest.

interface RevisionRow {
  id: number;
  action: string;
  user_name: string;
  fields: string[];
  snapshot: Record<string, unknown>;
}

describe.skipIf(skipReason)('revisions', () => {
  let api: TestApi;
  let token: string;
  let categoryId: number;
  const PASSWORD = 'revision-password-1';

  const revisions = async (path: string, as = token) => {
    const reply = await api.request('GET', `/api/${path}/revisions`, { token: as });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data as RevisionRow[];
  };
  const restore = (path: string, revision: number, as = token) =>
    api.request('POST', `/api/${path}/revisions/${revision}/restore`, { token: as, json: {} });
  const stored = (path: string) => existsSync(join(api.dataDir, 'uploads', path));

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
    categoryId = (
      await api.request('POST', '/api/categories', { token, json: { name_ru: 'Ленточные' } })
    ).body.data.id;
    for (const role of ['sales', 'editor']) {
      await api.request('POST', '/api/users', {
        token,
        json: { user_name: `rev-${role}`, password: PASSWORD, email: `rev-${role}@ex.uz`, role },
      });
    }
  });
  afterAll(() => api?.close());

  it('keeps a revision of every change, with who and which fields', async () => {
    const created = await api.request('POST', '/api/clients', {
      token,
      json: { name: 'Alpha LLC', is_active: true },
    });
    const id = created.body.data.id;
    await api.request('PUT', `/api/clients/${id}`, { token, json: { name: 'Alpha Group' } });
    await api.request('PUT', `/api/clients/${id}`, { token, json: { is_active: false } });
    const list = await revisions(`clients/${id}`);
    expect(list.map((revision) => revision.action)).toEqual(['update', 'update', 'create']);
    expect(list.map((revision) => revision.fields)).toEqual([['is_active'], ['name'], []]);
    expect(list[0]!.user_name).toBe('admin');
    expect(list[0]!.snapshot).toMatchObject({ id, name: 'Alpha Group', is_active: false });
    expect(list[2]!.snapshot).toMatchObject({ name: 'Alpha LLC', is_active: true });
  });

  it('lists only the field edited: line breaks are stored as LF however they arrive', async () => {
    const text = (lang: string) =>
      `${lang}: the first paragraph.\n\nThe second, after a blank line.`;
    const crlf = (lang: string) => text(lang).replaceAll('\n', '\r\n');
    // created by JSON with LF breaks; then, as the back office saves a record with files, by
    // multipart/form-data, where browsers send a textarea's breaks as CRLF
    const created = await api.request('POST', '/api/products', {
      token,
      json: {
        name_ru: 'Конвейер',
        category_id: categoryId,
        description_ru: text('ru'),
        description_uz: crlf('uz'),
        description_en: text('en').replaceAll('\n', '\r'),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const saved = await api.request('GET', `/api/products/${id}`, { token });
    expect(saved.body.data).toMatchObject({
      description_ru: text('ru'),
      description_uz: text('uz'),
      description_en: text('en'),
    });
    const form = new FormData();
    form.set('name_ru', 'Конвейер ЛК-400');
    for (const lang of ['ru', 'uz', 'en']) form.set(`description_${lang}`, crlf(lang));
    const edited = await api.request('PUT', `/api/products/${id}`, { token, form });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.description_uz).toBe(text('uz'));
    const [latest] = await revisions(`products/${id}`);
    expect(latest).toMatchObject({ action: 'update', fields: ['name_ru'] });
    expect(JSON.stringify(latest!.snapshot)).not.toContain('\\r');
    // a public form's message, too; a password is taken as typed
    const lead = await api.request('POST', '/api/leads', {
      json: { name: 'Aziz', phone: '+998 90 123 45 67', message: 'Hello\r\nWorld' },
    });
    expect(lead.status).toBe(201);
    const stored = await api.app.db.kysely
      .selectFrom('leads')
      .select('message')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.message).toBe('Hello\nWorld');
    // text stored before this, with CRLF (a multipart save), is turned to LF once, unchanged else
    const db = api.app.db.kysely;
    await db
      .updateTable('products')
      .set({ description_uz: crlf('uz'), description_en: text('en').replaceAll('\n', '\r') })
      .where('id', '=', id)
      .execute();
    const before = await db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await lineEndings.up(db);
    const after = await db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ ...before, description_uz: text('uz'), description_en: text('en') });
    const body = { password: 'a\r\nb', nested: [{ note: 'c\rd' }] };
    normaliseBodyText(body);
    expect(body).toEqual({ password: 'a\r\nb', nested: [{ note: 'c\nd' }] });
  });

  it('restores any revision in one call, as a revision of its own, logged', async () => {
    const id = (
      await api.request('POST', '/api/clients', { token, json: { name: 'Beta', is_active: true } })
    ).body.data.id;
    await api.request('PUT', `/api/clients/${id}`, {
      token,
      json: { name: 'Beta (typo)', is_active: false },
    });
    const [, first] = await revisions(`clients/${id}`);
    const reply = await restore(`clients/${id}`, first!.id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ id, name: 'Beta', is_active: true });
    const after = await revisions(`clients/${id}`);
    expect(after[0]).toMatchObject({ action: 'restore', fields: ['is_active', 'name'] });
    const read = await api.request('GET', `/api/clients/${id}`, { token });
    expect(read.body.data).toMatchObject({ name: 'Beta', is_active: true });
    const log = await api.request('GET', '/api/activity?action=restore', { token });
    expect(log.body.data[0]).toMatchObject({
      resource: 'clients',
      record_id: id,
      details: { revision: first!.id },
    });
  });

  it('takes the state of a record from before history as its first revision', async () => {
    const id = (
      await api.request('POST', '/api/clients', { token, json: { name: 'Gamma', is_active: true } })
    ).body.data.id;
    // as if the record were older than history
    await api.app.db.kysely.deleteFrom('revisions').where('record_id', '=', id).execute();
    await api.request('PUT', `/api/clients/${id}`, { token, json: { name: 'Gamma 2' } });
    const list = await revisions(`clients/${id}`);
    expect(list.map((revision) => revision.action)).toEqual(['update', 'initial']);
    expect(list[1]).toMatchObject({ user_name: '', snapshot: { name: 'Gamma' } });
    expect((await restore(`clients/${id}`, list[1]!.id)).body.data.name).toBe('Gamma');
  });

  it('keeps a replaced image while a revision shows it, and restores it', async () => {
    const form = new FormData();
    form.append('name', 'Delta');
    form.append('image', file(await png(40, 30), 'logo.png', 'image/png'));
    const created = await api.request('POST', '/api/clients', { token, form });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, image: first } = created.body.data;
    const swap = new FormData();
    swap.append('image', file(await png(50, 50), 'new.png', 'image/png'));
    const swapped = await api.request('PUT', `/api/clients/${id}`, { token, form: swap });
    expect(swapped.body.data.image).not.toBe(first);
    expect(stored(first)).toBe(true);
    const [, creation] = await revisions(`clients/${id}`);
    const back = await restore(`clients/${id}`, creation!.id);
    expect(back.body.data.image).toBe(first);
    const served = await fetch(`${api.url}/uploads/${first}`);
    expect(served.status).toBe(200);
  });

  it("restores a product's gallery as it was", async () => {
    const form = new FormData();
    form.append('name_ru', 'Конвейер');
    form.append('category_id', String(categoryId));
    form.append('images', file(await png(20, 20), 'a.png', 'image/png'));
    form.append('images', file(await png(21, 21), 'b.png', 'image/png'));
    const product = (await api.request('POST', '/api/products', { token, form })).body.data;
    const before = product.images.map((image: { src: string }) => image.src);
    await api.request('PUT', `/api/products/${product.id}`, {
      token,
      json: { delete_images_array: [product.images[0].id] },
    });
    expect(stored(before[0])).toBe(true);
    const list = await revisions(`products/${product.id}`);
    expect(list[0]!.fields).toEqual(['images']);
    expect(list[1]!.snapshot.images).toEqual(before);
    const back = await restore(`products/${product.id}`, list[1]!.id);
    expect(back.body.data.images.map((image: { src: string }) => image.src)).toEqual(before);
  });

  it('brings a deleted record back under its id', async () => {
    const id = (
      await api.request('POST', '/api/clients', {
        token,
        json: { name: 'Epsilon', is_active: true },
      })
    ).body.data.id;
    expect((await api.request('DELETE', `/api/clients/${id}`, { token })).status).toBe(200);
    expect((await api.request('GET', `/api/clients/${id}`, { token })).status).toBe(404);
    const [deletion] = await revisions(`clients/${id}`);
    expect(deletion).toMatchObject({ action: 'delete', snapshot: { name: 'Epsilon' } });
    const back = await restore(`clients/${id}`, deletion!.id);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ id, name: 'Epsilon' });
    const list = await api.request('GET', '/api/clients?limit=100', { token });
    expect(list.body.data.some((client: { id: number }) => client.id === id)).toBe(true);
  });

  it('refuses a revision of another record, and roles that may not change content', async () => {
    const a = (await api.request('POST', '/api/clients', { token, json: { name: 'A' } })).body.data;
    const b = (await api.request('POST', '/api/clients', { token, json: { name: 'B' } })).body.data;
    const [ofB] = await revisions(`clients/${b.id}`);
    expect((await restore(`clients/${a.id}`, ofB!.id)).status).toBe(404);
    const sales = await api.signIn('rev-sales', PASSWORD);
    expect((await revisions(`clients/${a.id}`, sales)).length).toBe(1);
    expect((await restore(`clients/${b.id}`, ofB!.id, sales)).status).toBe(403);
    const editor = await api.signIn('rev-editor', PASSWORD);
    expect((await restore(`clients/${b.id}`, ofB!.id, editor)).status).toBe(200);
    // leads have no history: they are not content
    expect((await api.request('GET', '/api/leads/1/revisions', { token })).status).toBe(404);
  });

  it('prunes past the retention, keeps each newest, and removes the images only they showed', async () => {
    const form = new FormData();
    form.append('name', 'Zeta');
    form.append('image', file(await png(30, 30), 'z1.png', 'image/png'));
    const { id, image: old } = (await api.request('POST', '/api/clients', { token, form })).body
      .data;
    const swap = new FormData();
    swap.append('image', file(await png(31, 31), 'z2.png', 'image/png'));
    const current = (await api.request('PUT', `/api/clients/${id}`, { token, form: swap })).body
      .data.image;
    expect(stored(old)).toBe(true);

    const db = api.app.db.kysely;
    const { revisions: pruned, files } = await pruneRevisions(db, {
      keepDays: 0,
      perRecord: 1,
      trashDays: 0,
    });
    expect(pruned).toBeGreaterThan(0);
    // the old logo was shown by the pruned revision only; the current one is the record's
    expect(files).toContain(old);
    expect(files).not.toContain(current);
    await api.app.images.remove(files);
    expect(stored(old)).toBe(false);
    expect(stored(current)).toBe(true);
    const left = await revisions(`clients/${id}`);
    expect(left).toHaveLength(1);
    expect(left[0]!.snapshot.image).toBe(current);

    // by age: a revision of a year ago goes, the newest stays however old
    await db.updateTable('revisions').set({ created_at: '2020-01-01T00:00:00.000Z' }).execute();
    await pruneRevisions(db, { keepDays: 90, perRecord: 0, trashDays: 30 });
    expect(await revisions(`clients/${id}`)).toHaveLength(1);
  });

  it('keeps the company data’s history too, and restores it', async () => {
    const original = (await api.request('GET', '/api/settings')).body.data.phone_primary;
    await api.request('PUT', '/api/settings', {
      token,
      json: { phone_primary: '+998 71 111 11 11' },
    });
    await api.request('PUT', '/api/settings', {
      token,
      json: { phone_primary: '+998 71 222 22 22' },
    });
    const list = (await api.request('GET', '/api/settings/revisions', { token })).body
      .data as RevisionRow[];
    expect(list.map((revision) => revision.action)).toEqual(['update', 'update', 'initial']);
    expect(list[0]!.fields).toEqual(['phone_primary']);
    const back = await api.request('POST', `/api/settings/revisions/${list[2]!.id}/restore`, {
      token,
      json: {},
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.phone_primary).toBe(original);
    expect((await api.request('GET', '/api/settings')).body.data.phone_primary).toBe(original);
    const sales = await api.signIn('rev-sales', PASSWORD);
    expect((await api.request('GET', '/api/settings/revisions', { token: sales })).status).toBe(
      403,
    );
  });
});
