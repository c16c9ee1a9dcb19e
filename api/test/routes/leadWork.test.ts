import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired, retentionCutoff } from '../../src/notify/retention.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Working the leads: the visit's context stored with a lead, phone numbers in
// E.164, statuses and assignees on leads and applications, filters, staff notes, retention.

describe.skipIf(skipReason)('working the leads', () => {
  let api: TestApi;
  let token: string;
  let productId: number;
  let adminId: number;
  let otherId: number;
  let otherToken: string;

  beforeAll(async () => {
    api = await startApi({ TRUST_PROXY: 'true', LOG_LEVEL: 'info' });
    token = await api.signIn();
    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_uz: 'Konveyerlar' },
    });
    const product = await api.request('POST', '/api/products', {
      token,
      json: { category_id: category.body.data.id, name_ru: 'Ленточный конвейер' },
    });
    productId = product.body.data.id;
    const me = await api.request('GET', '/api/me', { token });
    adminId = me.body.data.id;
    const other = await api.request('POST', '/api/users', {
      token,
      json: {
        user_name: 'dilnoza',
        password: 'dilnoza-password',
        email: 'dilnoza@example.uz',
        first_name: 'Dilnoza',
        last_name: 'Karimova',
      },
    });
    otherId = other.body.data.id;
    otherToken = await api.signIn('dilnoza', 'dilnoza-password');
  });

  afterAll(() => api?.close());

  let address = 10;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${address++}` });
  const post = async (json: Record<string, unknown>, resource = 'leads') =>
    api.request('POST', `/api/${resource}`, { headers: from(), json });
  const newest = async (resource = 'leads') =>
    (await api.request('GET', `/api/${resource}?limit=1`, { token })).body.data[0];

  it('stores the visit’s context with the lead, and the phone in E.164', async () => {
    const reply = await post({
      name: 'Aziz',
      phone: '90 123-45-67',
      message: 'Narxi qancha?',
      product_id: productId,
      page: '/catalog/1/product/2',
      language: 'uz',
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'konveyer',
      utm_content: 'ad-1',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ data: { received: true } });
    expect(await newest()).toMatchObject({
      name: 'Aziz',
      phone: '+998901234567',
      product_id: productId,
      page: '/catalog/1/product/2',
      language: 'uz',
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'konveyer',
      utm_content: 'ad-1',
      status: 'new',
      assignee_id: null,
    });
  });

  it('refuses a phone number that is not one, for leads and applications alike', async () => {
    for (const [resource, body] of [
      ['leads', { name: 'Bad phone', phone: '+998 12 3' }],
      [
        'suppliers',
        {
          company_name: 'X',
          inn: '305123456',
          contact_person: 'Y',
          phone: '+998 00 000 00 00',
          email: 'x@example.uz',
          offer: 'Z',
        },
      ],
    ] as const) {
      const before = (await api.request('GET', `/api/${resource}`, { token })).body.total;
      const reply = await post(body, resource);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(/^phone: /);
      expect((await api.request('GET', `/api/${resource}`, { token })).body.total).toBe(before);
    }
  });

  it('keeps a quote request whose product was deleted, without the product', async () => {
    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_uz: 'Vaqtinchalik' },
    });
    const product = await api.request('POST', '/api/products', {
      token,
      json: { category_id: category.body.data.id, name_uz: 'O‘chiriladi' },
    });
    await api.request('DELETE', `/api/products/${product.body.data.id}`, { token });
    const reply = await post({
      name: 'Late',
      email: 'late@example.uz',
      product_id: product.body.data.id,
    });
    expect(reply.status).toBe(201);
    expect(await newest()).toMatchObject({ name: 'Late', product_id: null });
  });

  it('lets a visitor set neither the status nor the assignee', async () => {
    await post({ name: 'Sneaky', email: 's@example.uz', status: 'won', assignee_id: adminId });
    expect(await newest()).toMatchObject({ name: 'Sneaky', status: 'new', assignee_id: null });
  });

  it('lets staff assign, move and filter leads and applications', async () => {
    await post({ name: 'Filter me', email: 'f@example.uz', product_id: productId, language: 'ru' });
    const lead = await newest();
    const bad = await api.request('PUT', `/api/leads/${lead.id}`, {
      token,
      json: { assignee_id: 999_999 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('assignee_id: there is no user with id 999999');
    const moved = await api.request('PUT', `/api/leads/${lead.id}`, {
      token,
      json: { assignee_id: otherId, status: 'lost' },
    });
    expect(moved.body.data).toMatchObject({ assignee_id: otherId, status: 'lost' });

    const ids = async (query: string) =>
      (await api.request('GET', `/api/leads?limit=100&${query}`, { token })).body.data.map(
        (row: { id: number }) => row.id,
      );
    expect(await ids(`assignee_id=${otherId}`)).toEqual([lead.id]);
    expect(await ids(`status=lost&product_id=${productId}&language=ru`)).toEqual([lead.id]);
    expect(await ids(`status=spam`)).toEqual([]);
    const created = Date.parse(lead.created_at);
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(await ids(`created_from=${iso(created)}&created_to=${iso(created + 1)}`)).toEqual([
      lead.id,
    ]);
    expect(await ids(`created_from=${iso(created + 1)}`)).toEqual([]);
    expect(await ids(`created_to=${iso(created)}`)).not.toContain(lead.id);
    const badDate = await api.request('GET', '/api/leads?created_from=yesterday', { token });
    expect(badDate.status).toBe(400);

    const unassigned = await api.request('PUT', `/api/leads/${lead.id}`, {
      token,
      json: { assignee_id: null },
    });
    expect(unassigned.body.data.assignee_id).toBeNull();

    // A user who leaves takes nothing with them: their leads become unassigned.
    await api.request('PUT', `/api/leads/${lead.id}`, { token, json: { assignee_id: otherId } });

    await post(
      {
        company_name: 'Supply Co',
        inn: '305123456',
        contact_person: 'Ali',
        phone: '+998 71 234 56 78',
        email: 'supply@example.uz',
        offer: 'Rollers',
        language: 'en',
      },
      'suppliers',
    );
    const application = await newest('suppliers');
    expect(application).toMatchObject({ status: 'new', language: 'en', assignee_id: null });
    const won = await api.request('PUT', `/api/suppliers/${application.id}`, {
      token,
      json: { status: 'won', assignee_id: adminId },
    });
    expect(won.body.data).toMatchObject({ status: 'won', assignee_id: adminId });
    const filtered = await api.request('GET', '/api/suppliers?status=won', { token });
    expect(filtered.body.data.map((row: { id: number }) => row.id)).toEqual([application.id]);
  });

  it('keeps staff notes with author and time; only the author deletes one', async () => {
    await post({ name: 'Noted', phone: '+998 93 765 43 21' });
    const lead = await newest();
    const url = `/api/leads/${lead.id}/notes`;
    expect((await api.request('GET', url)).status).toBe(401);
    expect((await api.request('POST', url, { json: { body: 'x' } })).status).toBe(401);
    expect((await api.request('POST', url, { token, json: { body: '' } })).status).toBe(400);

    const first = await api.request('POST', url, { token, json: { body: 'Called, no answer' } });
    expect(first.status).toBe(201);
    const second = await api.request('POST', url, {
      token: otherToken,
      json: { body: '<b>Sent the offer</b>' },
    });
    const notes = (await api.request('GET', url, { token })).body.data;
    expect(notes).toMatchObject([
      { body: 'Called, no answer', author_id: adminId },
      { body: '<b>Sent the offer</b>', author_id: otherId, author_name: 'Dilnoza Karimova' },
    ]);
    expect(Date.parse(notes[0].created_at)).toBeGreaterThan(Date.now() - 60_000);

    const notMine = await api.request('DELETE', `${url}/${second.body.data.id}`, { token });
    expect(notMine.status).toBe(403);
    const elsewhere = await api.request('DELETE', `/api/leads/999999/notes/${first.body.data.id}`, {
      token,
    });
    expect(elsewhere.status).toBe(404);
    const mine = await api.request('DELETE', `${url}/${first.body.data.id}`, { token });
    expect(mine.body).toEqual({ data: first.body.data.id });
    expect((await api.request('GET', url, { token })).body.data).toHaveLength(1);

    // The author is gone; the note still says who wrote it.
    await api.request('DELETE', `/api/users/${otherId}`, { token });
    const kept = (await api.request('GET', url, { token })).body.data;
    expect(kept).toMatchObject([{ author_id: null, author_name: 'Dilnoza Karimova' }]);
    const assigned = await api.request('GET', `/api/leads?assignee_id=${otherId}`, { token });
    expect(assigned.body.total).toBe(0);

    // Notes go with their lead.
    await api.request('DELETE', `/api/leads/${lead.id}`, { token });
    expect((await api.request('GET', url, { token })).status).toBe(404);
    const rows = await api.app.db.kysely
      .selectFrom('notes')
      .select('id')
      .where('subject_id', '=', lead.id)
      .where('subject', '=', 'leads')
      .execute();
    expect(rows).toEqual([]);
  });

  it('deletes leads and applications past the retention period, with their notes', async () => {
    expect(retentionCutoff(new Date('2026-03-31T10:00:00Z'), 1).toISOString()).toBe(
      '2026-03-03T10:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2026-11-24T00:00:00Z'), 12).toISOString()).toBe(
      '2025-11-24T00:00:00.000Z',
    );
    await post({ name: 'Old lead', email: 'old@example.uz' });
    const old = await newest();
    await api.request('POST', `/api/leads/${old.id}/notes`, { token, json: { body: 'old' } });
    await post({ name: 'Fresh lead', email: 'fresh@example.uz' });
    const fresh = await newest();
    const db = api.app.db.kysely;
    await db
      .updateTable('leads')
      .set({ created_at: '2024-01-01T00:00:00.000Z' })
      .where('id', '=', old.id)
      .execute();

    const deleted = await purgeExpired(db, new Date('2025-01-01T00:00:00Z'));
    expect(deleted).toEqual({ leads: 1, suppliers: 0 });
    expect((await api.request('GET', `/api/leads/${old.id}`, { token })).status).toBe(404);
    expect((await api.request('GET', `/api/leads/${fresh.id}`, { token })).status).toBe(200);
    const notes = await db
      .selectFrom('notes')
      .select('id')
      .where('subject_id', '=', old.id)
      .execute();
    expect(notes).toEqual([]);

    // Off by default; staff turn it on in the settings.
    const settings = await api.request('GET', '/api/notifications/settings', { token });
    expect(settings.body.data.retention_months).toBe(0);
    const on = await api.request('PUT', '/api/notifications/settings', {
      token,
      json: { retention_months: 24 },
    });
    expect(on.body.data.retention_months).toBe(24);
    const tooLong = await api.request('PUT', '/api/notifications/settings', {
      token,
      json: { retention_months: 1000 },
    });
    expect(tooLong.status).toBe(400);

    // The daily job applies the setting, and says in the log what it removed.
    await db
      .updateTable('leads')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', fresh.id)
      .execute();
    await api.app.jobs.enqueue('privacy.retention', {});
    api.app.jobs.wake();
    await api.app.jobs.idle();
    expect((await api.request('GET', `/api/leads/${fresh.id}`, { token })).status).toBe(404);
    const line = api.logs.find((entry) => entry.includes('expired records deleted'));
    expect(JSON.parse(line!)).toMatchObject({ deleted: { leads: 1, suppliers: 0 }, months: 24 });
  });
});
