import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@conveyor/shared';
import { purgeExpired } from '../../src/notify/retention.ts';
import type { ContentChange } from '../../src/plugins/events.ts';
import { pruneRevisions } from '../../src/revisions/prune.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import { file, png } from '../helpers/images.ts';

// The trash: a delete of content, a lead or an application moves it to the trash,
// out of the site and the lists at once; from there it comes back whole under its id (a
// product's gallery, a lead's notes) or goes for good with the images only it showed; after
// TRASH_DAYS the daily prune empties it. Each role sees only the trash of what it may change.

interface TrashRow {
  id: number;
  resource: string;
  record_id: number;
  deleted_at: string;
  user_name: string;
  purge_at: string | null;
  snapshot: Record<string, unknown>;
}

const PASSWORD = 'trash-password-1';

describe.skipIf(skipReason)('trash', () => {
  let api: TestApi;
  let token: string;
  const tokens: Record<'editor' | 'sales', string> = { editor: '', sales: '' };
  let categoryId: number;

  const trash = async (as = token, query = '') => {
    const reply = await api.request('GET', `/api/trash${query}`, { token: as });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as { data: TrashRow[]; total: number };
  };
  const itemOf = async (resource: string, id: number, as = token) =>
    (await trash(as, '?limit=100')).data.find(
      (row) => row.resource === resource && row.record_id === id,
    );
  const restore = (item: number, as = token) =>
    api.request('POST', `/api/trash/${item}/restore`, { token: as, json: {} });
  const purge = (item: number, as = token) =>
    api.request('DELETE', `/api/trash/${item}`, { token: as });
  const stored = (path: string) => existsSync(join(api.dataDir, 'uploads', path));
  const events = async (action: string, resource: string, recordId: number) =>
    (await api.app.db.kysely
      .selectFrom('audit_log')
      .select(['user_name', 'details'])
      .where('action', '=', action)
      .where('resource', '=', resource)
      .where('record_id', '=', recordId)
      .execute()) as { user_name: string; details: string }[];

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false, TRASH_DAYS: '30' });
    token = await api.signIn();
    categoryId = (
      await api.request('POST', '/api/categories', { token, json: { name_ru: 'Ленточные' } })
    ).body.data.id;
    for (const role of ['editor', 'sales'] as const) {
      const made = await api.request('POST', '/api/users', {
        token,
        json: { user_name: `trash-${role}`, password: PASSWORD, email: `t-${role}@ex.uz`, role },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      tokens[role] = await api.signIn(`trash-${role}`, PASSWORD);
    }
  });
  afterAll(() => api?.close());

  it('takes a deleted product out of the site at once and brings it back whole', async () => {
    const form = new FormData();
    form.append('name_ru', 'Конвейер в корзину');
    form.append('category_id', String(categoryId));
    form.append('is_active', 'true');
    form.append('image', file(await png(40, 30), 'main.png', 'image/png'));
    form.append('images', file(await png(20, 20), 'a.png', 'image/png'));
    form.append('images', file(await png(21, 21), 'b.png', 'image/png'));
    const created = await api.request('POST', '/api/products', { token: tokens.editor, form });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = created.body.data;
    const gallery = product.images.map((image: { src: string }) => image.src);

    const removed = await api.request('DELETE', `/api/products/${product.id}`, {
      token: tokens.editor,
    });
    expect(removed.status).toBe(200);
    // gone from the public API and the staff list at once
    expect((await api.request('GET', `/api/products/${product.id}`)).status).toBe(404);
    const list = await api.request('GET', '/api/products?limit=100', { token });
    expect(list.body.data.map((row: { id: number }) => row.id)).not.toContain(product.id);
    // the files stay for the trash
    for (const path of [product.image, ...gallery]) expect(stored(path)).toBe(true);

    const item = await itemOf('products', product.id, tokens.editor);
    expect(item).toMatchObject({ user_name: 'trash-editor', resource: 'products' });
    expect(item!.snapshot).toMatchObject({ name_ru: 'Конвейер в корзину', images: gallery });
    const kept = new Date(item!.purge_at!).getTime() - new Date(item!.deleted_at).getTime();
    expect(kept).toBe(30 * DAY_MS);
    expect((await api.request('GET', `/api/trash/${item!.id}`, { token })).body.data).toEqual(item);

    const changes: ContentChange[] = [];
    const listen = (change: ContentChange) => void changes.push(change);
    api.app.contentEvents.on('change', listen);
    const back = await restore(item!.id, tokens.editor).finally(() =>
      api.app.contentEvents.off('change', listen),
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    // the site's rebuild is asked for a restore, not for a new record (it said "added")
    expect(changes).toEqual([expect.objectContaining({ action: 'restore', id: product.id })]);
    expect(back.body.data).toEqual({ resource: 'products', id: product.id });
    const again = await api.request('GET', `/api/products/${product.id}`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ name_ru: 'Конвейер в корзину', image: product.image });
    expect(again.body.data.images.map((image: { src: string }) => image.src)).toEqual(gallery);
    expect(await itemOf('products', product.id)).toBeUndefined();
    // a restored item cannot be restored or purged twice
    expect((await restore(item!.id)).status).toBe(404);
    expect((await purge(item!.id)).status).toBe(404);
    const history = await api.request('GET', `/api/products/${product.id}/revisions`, { token });
    expect(history.body.data.map((r: { action: string }) => r.action)).toEqual([
      'restore',
      'delete',
      'create',
    ]);
    expect(await events('restore', 'products', product.id)).toHaveLength(1);
  });

  it("takes a product's videos along, back with it, and for good with it", async () => {
    const product = (
      await api.request('POST', '/api/products', {
        token,
        json: { name_ru: 'С видео', category_id: categoryId },
      })
    ).body.data;
    const video = async (title: string) =>
      (
        await api.request('POST', '/api/media', {
          token,
          json: { title_ru: title, link: 'https://youtu.be/dQw4w9WgXcQ', product_id: product.id },
        })
      ).body.data as { id: number };
    const videos = [await video('Обзор'), await video('Монтаж')];
    await api.request('DELETE', `/api/products/${product.id}`, { token });
    for (const one of videos) {
      expect((await api.request('GET', `/api/media/${one.id}`, { token })).status).toBe(404);
      const item = await itemOf('media', one.id);
      expect(item!.snapshot.deleted_with).toEqual({ resource: 'products', id: product.id });
      // alone it cannot come back: its product is in the trash
      const refused = await restore(item!.id);
      expect(refused.body).toMatchObject({ code: 'referenceMissing', field: 'product_id' });
    }
    const item = await itemOf('products', product.id);
    expect((await restore(item!.id)).status).toBe(200);
    const back = await api.request('GET', `/api/products/${product.id}`, { token });
    expect(back.body.data.media.map((one: { title_ru: string }) => one.title_ru).sort()).toEqual([
      'Монтаж',
      'Обзор',
    ]);
    for (const one of videos) expect(await itemOf('media', one.id)).toBeUndefined();

    // deleted again and purged: its videos go for good with it
    await api.request('DELETE', `/api/products/${product.id}`, { token });
    expect((await purge((await itemOf('products', product.id))!.id)).status).toBe(200);
    for (const one of videos) {
      expect(await itemOf('media', one.id)).toBeUndefined();
      expect(await events('purge', 'media', one.id)).toHaveLength(1);
    }
  });

  it('deletes for good by hand: history, images and all, logged', async () => {
    const form = new FormData();
    form.append('name', 'Gamma LLC');
    form.append('image', file(await png(33, 33), 'logo.png', 'image/png'));
    const client = (await api.request('POST', '/api/clients', { token, form })).body.data;
    expect(stored(client.image)).toBe(true);
    await api.request('DELETE', `/api/clients/${client.id}`, { token });
    const item = await itemOf('clients', client.id);
    expect(stored(client.image)).toBe(true);

    const gone = await purge(item!.id);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body.data).toBe(item!.id);
    expect(stored(client.image)).toBe(false);
    expect(await itemOf('clients', client.id)).toBeUndefined();
    const left = await api.app.db.kysely
      .selectFrom('revisions')
      .select('id')
      .where('resource', '=', 'clients')
      .where('record_id', '=', client.id)
      .execute();
    expect(left).toEqual([]);
    expect((await restore(item!.id)).status).toBe(404);
    const [event] = await events('purge', 'clients', client.id);
    expect(event).toMatchObject({ user_name: 'admin' });
    expect(JSON.parse(event!.details)).toEqual({ revisions: 2 });
  });

  it('keeps a lead and its notes in the trash for sales and admins only', async () => {
    const lead = (
      await api.request('POST', '/api/leads', {
        token: tokens.sales,
        json: { name: 'Trashed Lead', phone: '+998 90 765 43 21', message: 'Narxi?' },
      })
    ).body.data;
    for (const body of ['Called', 'Sent the offer']) {
      const note = await api.request('POST', `/api/leads/${lead.id}/notes`, {
        token: tokens.sales,
        json: { body },
      });
      expect(note.status).toBe(201);
    }
    const removed = await api.request('DELETE', `/api/leads/${lead.id}`, { token: tokens.sales });
    expect(removed.status).toBe(200);
    expect((await api.request('GET', `/api/leads/${lead.id}`, { token })).status).toBe(404);

    const item = await itemOf('leads', lead.id, tokens.sales);
    expect(item!.snapshot).toMatchObject({ name: 'Trashed Lead', phone: '+998907654321' });
    expect(item!.snapshot.notes).toMatchObject([{ body: 'Called' }, { body: 'Sent the offer' }]);
    expect(await itemOf('leads', lead.id)).toMatchObject({ id: item!.id });
    // an editor sees no lead in the trash, cannot tell one is there, and cannot act on it
    expect((await trash(tokens.editor, '?limit=100')).data.map((r) => r.resource)).not.toContain(
      'leads',
    );
    expect((await trash(tokens.editor, '?resource=leads')).total).toBe(0);
    expect(
      (await api.request('GET', `/api/trash/${item!.id}`, { token: tokens.editor })).status,
    ).toBe(404);
    expect((await restore(item!.id, tokens.editor)).status).toBe(404);
    expect((await purge(item!.id, tokens.editor)).status).toBe(404);
    // and sales sees no content in it
    expect((await trash(tokens.sales, '?resource=products')).total).toBe(0);

    const back = await restore(item!.id, tokens.sales);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const lead2 = await api.request('GET', `/api/leads/${lead.id}`, { token });
    expect(lead2.body.data).toMatchObject({ name: 'Trashed Lead', phone: '+998907654321' });
    const notes = await api.request('GET', `/api/leads/${lead.id}/notes`, { token });
    expect(notes.body.data).toMatchObject([
      { body: 'Called', author_name: 'trash-sales' },
      { body: 'Sent the offer', author_name: 'trash-sales' },
    ]);
    // a lead has no history: once back, no copy of it is left in the revisions
    const copies = await api.app.db.kysely
      .selectFrom('revisions')
      .select('id')
      .where('resource', '=', 'leads')
      .where('record_id', '=', lead.id)
      .execute();
    expect(copies).toEqual([]);
  });

  it('brings a lead back without the assignee deleted since, refuses an orphan product', async () => {
    const seller = await api.request('POST', '/api/users', {
      token,
      json: { user_name: 'short-lived', password: PASSWORD, email: 'short@ex.uz', role: 'sales' },
    });
    const lead = (
      await api.request('POST', '/api/leads', {
        token,
        json: { name: 'Assigned', phone: '+998 90 111 22 33' },
      })
    ).body.data;
    const assigned = await api.request('PUT', `/api/leads/${lead.id}`, {
      token,
      json: { assignee_id: seller.body.data.id },
    });
    expect(assigned.body.data.assignee_id).toBe(seller.body.data.id);
    await api.request('DELETE', `/api/leads/${lead.id}`, { token });
    expect(
      (await api.request('DELETE', `/api/users/${seller.body.data.id}`, { token })).status,
    ).toBe(200);
    const leadItem = await itemOf('leads', lead.id);
    expect((await restore(leadItem!.id)).status).toBe(200);
    const back = await api.request('GET', `/api/leads/${lead.id}`, { token });
    expect(back.body.data).toMatchObject({ name: 'Assigned', assignee_id: null });

    // a product needs its category: gone since, the restore says so and changes nothing
    const category = (
      await api.request('POST', '/api/categories', { token, json: { name_ru: 'Временная' } })
    ).body.data;
    const product = (
      await api.request('POST', '/api/products', {
        token,
        json: { name_ru: 'Сирота', category_id: category.id },
      })
    ).body.data;
    await api.request('DELETE', `/api/products/${product.id}`, { token });
    expect((await api.request('DELETE', `/api/categories/${category.id}`, { token })).status).toBe(
      200,
    );
    const item = await itemOf('products', product.id);
    const refused = await restore(item!.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'referenceMissing', field: 'category_id' });
    expect(await itemOf('products', product.id)).toMatchObject({ id: item!.id });
    expect((await api.request('GET', `/api/products/${product.id}`)).status).toBe(404);
    // the category first, then the product: both come back
    const categoryItem = await itemOf('categories', category.id);
    expect((await restore(categoryItem!.id)).status).toBe(200);
    expect((await restore(item!.id)).status).toBe(200);
    expect((await api.request('GET', `/api/products/${product.id}`)).status).toBe(200);
  });

  it('empties itself after TRASH_DAYS, and keeps all when it is 0', async () => {
    const db = api.app.db.kysely;
    const make = async (name: string) => {
      const form = new FormData();
      form.append('name', name);
      form.append('image', file(await png(34 + name.length, 20), `${name}.png`, 'image/png'));
      const client = (await api.request('POST', '/api/clients', { token, form })).body.data;
      await api.request('DELETE', `/api/clients/${client.id}`, { token });
      return client as { id: number; image: string };
    };
    const old = await make('Old');
    const recent = await make('Recent');
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    for (const [client, days] of [
      [old, 31],
      [recent, 29],
    ] as const) {
      await db
        .updateTable('revisions')
        .set({ created_at: ago(days) })
        .where('resource', '=', 'clients')
        .where('record_id', '=', client.id)
        .execute();
    }
    const retention = { keepDays: 90, perRecord: 50 };
    const kept = await pruneRevisions(db, { ...retention, trashDays: 0 });
    expect(kept.purged).toBe(0);
    expect(await itemOf('clients', old.id)).toBeDefined();

    const pruned = await pruneRevisions(db, { ...retention, trashDays: 30 });
    expect(pruned.purged).toBe(1);
    expect(pruned.files).toEqual([old.image]);
    await api.app.images.remove(pruned.files);
    expect(await itemOf('clients', old.id)).toBeUndefined();
    expect(await itemOf('clients', recent.id)).toBeDefined();
    expect(stored(old.image)).toBe(false);
    expect(stored(recent.image)).toBe(true);
    const [event] = await events('purge', 'clients', old.id);
    expect(event).toMatchObject({ user_name: '' });
    expect(JSON.parse(event!.details)).toEqual({ trashDays: 30 });
  });

  it('lets the leads retention empty the trash of expired leads too', async () => {
    const db = api.app.db.kysely;
    const lead = (
      await api.request('POST', '/api/leads', {
        token,
        json: { name: 'Expired', phone: '+998 90 222 33 44' },
      })
    ).body.data;
    await api.request('DELETE', `/api/leads/${lead.id}`, { token });
    const item = await itemOf('leads', lead.id);
    const snapshot = { ...item!.snapshot, created_at: '2020-01-01T00:00:00.000Z' };
    await db
      .updateTable('revisions')
      .set({ snapshot: JSON.stringify(snapshot) })
      .where('id', '=', item!.id)
      .execute();
    const deleted = await purgeExpired(db, new Date('2021-01-01T00:00:00Z'));
    expect(deleted.leads).toBe(1);
    expect(await itemOf('leads', lead.id)).toBeUndefined();
  });

  it('answers bad input clearly and keeps the trash from anonymous callers', async () => {
    expect((await api.request('GET', '/api/trash')).status).toBe(401);
    const wrong = await api.request('GET', '/api/trash?resource=users', { token });
    expect(wrong.status).toBe(400);
    expect((await api.request('GET', '/api/trash?page=0', { token })).status).toBe(400);
    expect((await restore(999_999)).status).toBe(404);
    // a user is deleted for good: no trash for accounts
    const user = await api.request('POST', '/api/users', {
      token,
      json: { user_name: 'no-trash', password: PASSWORD, email: 'nt@ex.uz' },
    });
    await api.request('DELETE', `/api/users/${user.body.data.id}`, { token });
    expect((await trash(token, '?limit=100')).data.map((row) => row.resource)).not.toContain(
      'users',
    );
  });
});
