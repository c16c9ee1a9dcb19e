import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedFields, pruneAudit } from '../../src/audit/log.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// The activity log: every security event and staff change, readable by admins only,
// never written through the API, naming changed fields but never their values.

const PASSWORD = 'activity-password-1';

interface Event {
  id: number;
  created_at: string;
  user_id: number | null;
  user_name: string;
  action: string;
  resource: string;
  record_id: number | null;
  ip: string;
  details: Record<string, unknown>;
}

describe.skipIf(skipReason)('activity log', () => {
  let api: TestApi;
  let admin: string;
  let editorId: number;

  const log = async (query = '') => {
    const reply = await api.request('GET', `/api/activity?limit=100${query}`, { token: admin });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as { data: Event[]; total: number; totalPages: number };
  };
  const latest = async (query = '') => (await log(query)).data[0]!;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    admin = await api.signIn();
    const reply = await api.request('POST', '/api/users', {
      token: admin,
      json: {
        user_name: 'act-editor',
        password: PASSWORD,
        email: 'act-editor@example.uz',
        role: 'editor',
      },
    });
    expect(reply.status).toBe(201);
    editorId = reply.body.data.id;
  });
  afterAll(() => api?.close());

  it('records sign-ins, refused sign-ins with the name tried, and sign-outs', async () => {
    const refused = await api.request('POST', '/api/signin', {
      json: { user_name: 'Act-Editor', password: 'wrong-password' },
    });
    expect(refused.status).toBe(401);
    const failed = await latest('&action=signin_failed');
    expect(failed).toMatchObject({ user_id: null, user_name: 'act-editor', ip: '127.0.0.1' });

    const token = await api.signIn('act-editor', PASSWORD);
    expect(await latest('&action=signin')).toMatchObject({
      user_id: editorId,
      user_name: 'act-editor',
    });
    expect((await api.request('POST', '/api/signout', { token, json: {} })).status).toBe(200);
    expect(await latest('&action=signout')).toMatchObject({ user_id: editorId });
  });

  it('records staff changes with the fields changed, never their values', async () => {
    const token = await api.signIn('act-editor', PASSWORD);
    const created = await api.request('POST', '/api/clients', {
      token,
      json: { name: 'Logged Client Ltd', is_active: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    expect(await latest('&resource=clients')).toMatchObject({
      action: 'create',
      record_id: id,
      user_name: 'act-editor',
    });

    await api.request('PUT', `/api/clients/${id}`, {
      token,
      json: { name: 'Renamed Secretly Ltd', is_active: true },
    });
    const update = await latest('&resource=clients');
    expect(update).toMatchObject({ action: 'update', record_id: id });
    // is_active was sent unchanged: only the name changed; the event names its revision
    const history = await api.request('GET', `/api/clients/${id}/revisions`, { token });
    const [newest] = history.body.data as { id: number; action: string }[];
    expect(newest!.action).toBe('update');
    expect(update.details).toEqual({ fields: ['name'], revision_id: newest!.id });
    expect(JSON.stringify(update)).not.toContain('Renamed');

    await api.request('DELETE', `/api/clients/${id}`, { token });
    const deleted = await latest('&resource=clients');
    expect(deleted).toMatchObject({ action: 'delete', record_id: id });
    // a delete's revision is its item in the trash
    const trash = await api.request('GET', '/api/trash?resource=clients', { token });
    const item = (trash.body.data as { id: number; record_id: number }[]).find(
      (one) => one.record_id === id,
    );
    expect(deleted.details).toEqual({ revision_id: item!.id });
    // filtering by record finds its whole story, newest first
    expect((await log(`&resource=clients&record_id=${id}`)).data.map((e) => e.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
  });

  it('keeps a visitor’s lead out of the log, and logs staff exports of leads', async () => {
    const before = (await log()).total;
    const lead = await api.request('POST', '/api/leads', {
      json: { name: 'Visitor', phone: '+998 90 123 45 67', message: 'Price?' },
    });
    expect(lead.status).toBe(201);
    expect((await log()).total).toBe(before);

    const exported = await api.request('GET', '/api/leads/export?format=csv&status=new', {
      token: admin,
    });
    expect(exported.status).toBe(200);
    const event = await latest('&action=export');
    expect(event).toMatchObject({ resource: 'leads', user_name: 'admin' });
    expect(event.details).toEqual({ format: 'csv', filter: { status: 'new' } });
  });

  it('records role and password changes, and sessions ended', async () => {
    await api.request('PUT', `/api/users/${editorId}`, {
      token: admin,
      json: { role: 'sales' },
    });
    expect(await latest('&action=role_change')).toMatchObject({
      resource: 'users',
      record_id: editorId,
      details: { from: 'editor', to: 'sales' },
    });
    await api.request('PUT', `/api/users/${editorId}`, {
      token: admin,
      json: { password: 'activity-password-2' },
    });
    expect(await latest('&action=password_change')).toMatchObject({
      record_id: editorId,
      details: { by: 'admin' },
    });
    const update = (await log(`&resource=users&record_id=${editorId}&action=update`)).data[0]!;
    expect(update.details).toEqual({ fields: ['password'] });

    await api.signIn('act-editor', 'activity-password-2');
    await api.request('DELETE', `/api/users/${editorId}/sessions`, { token: admin });
    expect(await latest('&action=sessions_end')).toMatchObject({
      record_id: editorId,
      details: { count: 1 },
    });
  });

  it('records settings changes and a rebuild asked for by hand', async () => {
    await api.request('PUT', '/api/settings', {
      token: admin,
      json: { phone_primary: '+998 71 200 00 00' },
    });
    expect(await latest('&resource=settings')).toMatchObject({
      action: 'update',
      details: { fields: ['phone_primary'] },
    });
    await api.request('POST', '/api/publishing/rebuild', { token: admin, json: {} });
    expect(await latest('&action=publish')).toMatchObject({ user_name: 'admin' });
  });

  it('filters by user and date, and pages', async () => {
    const mine = await log(`&user_id=${editorId}`);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((event) => event.user_id === editorId)).toBe(true);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await log(`&created_from=${encodeURIComponent(future)}`)).data).toEqual([]);
    const all = await log();
    const page = await api.request('GET', '/api/activity?limit=2&page=2', { token: admin });
    expect(page.body.data.map((event: Event) => event.id)).toEqual(
      all.data.slice(2, 4).map((event) => event.id),
    );
    expect(page.body.totalPages).toBe(Math.ceil(all.total / 2));
  });

  it('is for admins only, and cannot be written or erased through the API', async () => {
    const sales = await api.signIn('act-editor', 'activity-password-2');
    expect((await api.request('GET', '/api/activity', { token: sales })).status).toBe(403);
    expect((await api.request('GET', '/api/activity')).status).toBe(401);
    const count = (await log()).total;
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const reply = await api.request(method, '/api/activity', { token: admin, json: {} });
      expect(reply.status).toBe(404);
      const one = await api.request(method, '/api/activity/1', { token: admin, json: {} });
      expect(one.status).toBe(404);
    }
    // the refused calls above are not events; the list reads what it held
    expect((await log()).total).toBe(count);
  });

  it('prunes events past the retention', async () => {
    const db = api.app.db.kysely;
    await db
      .insertInto('audit_log')
      .values({ action: 'signin', user_name: 'old', created_at: '2020-01-01T00:00:00.000Z' })
      .execute();
    expect((await log('&action=signin')).data.some((e) => e.user_name === 'old')).toBe(true);
    const deleted = await pruneAudit(db, new Date('2021-01-01T00:00:00.000Z'));
    expect(deleted).toBe(1);
    expect((await log('&action=signin')).data.some((e) => e.user_name === 'old')).toBe(false);
  });

  it('names changed fields by comparing values as stored', () => {
    expect(
      changedFields(
        { name: 'A', is_active: true, image: null, updated_at: 'x' },
        { name: 'A', is_active: 1, image: null, updated_at: 'y', password_hash: 'h' },
      ),
    ).toEqual(['password']);
    expect(changedFields({ price: 10 }, { price: '11' })).toEqual(['price']);
  });
});
