import {
  type Action,
  type Area,
  may,
  RESOURCE_REGISTRY,
  RESOURCES,
  ROLES,
  type Role,
} from '@conveyor/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import authPlugin from '../../src/plugins/auth.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Roles: admin, editor and sales, enforced on every route by the one auth hook from
// the shared table (shared/src/roles.ts). The whole role × area × call matrix is walked against
// the real server: a call the table refuses is a 403 before anything else happens, and a call
// it allows is never a 403 (it may still be a 400 or 404: the ids and bodies here are empty).

const MISSING = 999_999;
const PASSWORD = 'role-password-1';

interface Call {
  area: Area;
  action: Action;
  method: string;
  path: string;
  json?: object;
  /** Anyone may make the call (a public read or form); a role is never asked. */
  open?: boolean;
}

/** Every call of each resource, and of the screens beyond them, with an id that does not exist. */
function calls(): Call[] {
  const list: Call[] = [];
  for (const resource of RESOURCES) {
    const entry = RESOURCE_REGISTRY[resource];
    const openRead = entry.read === 'public';
    list.push(
      { area: resource, action: 'read', method: 'GET', path: `/api/${resource}`, open: openRead },
      {
        area: resource,
        action: 'read',
        method: 'GET',
        path: `/api/${resource}/${MISSING}`,
        open: openRead,
      },
      {
        area: resource,
        action: 'write',
        method: 'POST',
        path: `/api/${resource}`,
        json: {},
        open: entry.create === 'public',
      },
      {
        area: resource,
        action: 'write',
        method: 'PUT',
        path: `/api/${resource}/${MISSING}`,
        json: {},
      },
      { area: resource, action: 'write', method: 'DELETE', path: `/api/${resource}/${MISSING}` },
    );
    if ('workflow' in entry) {
      list.push(
        {
          area: resource,
          action: 'read',
          method: 'GET',
          path: `/api/${resource}/${MISSING}/notes`,
        },
        {
          area: resource,
          action: 'write',
          method: 'POST',
          path: `/api/${resource}/${MISSING}/notes`,
          json: { body: 'x' },
        },
        {
          area: resource,
          action: 'read',
          method: 'GET',
          path: `/api/${resource}/${MISSING}/deliveries`,
        },
      );
    }
    if (entry.publishes) {
      list.push(
        {
          area: resource,
          action: 'read',
          method: 'GET',
          path: `/api/${resource}/${MISSING}/revisions`,
        },
        {
          area: resource,
          action: 'write',
          method: 'POST',
          path: `/api/${resource}/${MISSING}/revisions/${MISSING}/restore`,
          json: {},
        },
        {
          area: resource,
          action: 'read',
          method: 'GET',
          path: `/api/${resource}/${MISSING}/schedule`,
        },
        {
          area: resource,
          action: 'write',
          method: 'PUT',
          path: `/api/${resource}/${MISSING}/schedule`,
          json: { publish_at: '2100-01-01T00:00:00.000Z' },
        },
        {
          area: resource,
          action: 'write',
          method: 'DELETE',
          path: `/api/${resource}/${MISSING}/schedule`,
        },
        { area: resource, action: 'read', method: 'GET', path: `/api/${resource}/drafts` },
        {
          area: resource,
          action: 'read',
          method: 'GET',
          path: `/api/${resource}/${MISSING}/draft`,
        },
        {
          area: resource,
          action: 'write',
          method: 'PUT',
          path: `/api/${resource}/${MISSING}/draft`,
          json: {},
        },
        {
          area: resource,
          action: 'write',
          method: 'DELETE',
          path: `/api/${resource}/${MISSING}/draft`,
        },
        {
          area: resource,
          action: 'write',
          method: 'POST',
          path: `/api/${resource}/${MISSING}/draft/publish`,
        },
        {
          area: resource,
          action: 'write',
          method: 'POST',
          path: `/api/${resource}/${MISSING}/preview`,
          json: {},
        },
      );
    }
    if ('exports' in entry) {
      list.push({
        area: resource,
        action: 'read',
        method: 'GET',
        path: `/api/${resource}/export?id=${MISSING}`,
      });
    }
  }
  list.push(
    { area: 'settings', action: 'read', method: 'GET', path: '/api/settings', open: true },
    { area: 'settings', action: 'write', method: 'PUT', path: '/api/settings', json: {} },
    { area: 'publishing', action: 'read', method: 'GET', path: '/api/publishing' },
    {
      area: 'publishing',
      action: 'write',
      method: 'POST',
      path: '/api/publishing/rebuild',
      json: {},
    },
    {
      area: 'publishing',
      action: 'write',
      method: 'POST',
      path: '/api/publishing/releases/20000101T000000000/live',
      json: {},
    },
    { area: 'notifications', action: 'read', method: 'GET', path: '/api/notifications/settings' },
    {
      area: 'notifications',
      action: 'write',
      method: 'PUT',
      path: '/api/notifications/settings',
      json: { time_zone: 'Nowhere/Never' },
    },
    // each channel's health and last error: for whoever works the leads it delivers
    { area: 'leads', action: 'read', method: 'GET', path: '/api/notifications/status' },
    { area: 'backups', action: 'read', method: 'GET', path: '/api/backups' },
    {
      area: 'backups',
      action: 'read',
      method: 'GET',
      path: '/api/backups/conveyor-20000101-000000.tar.gz',
    },
    { area: 'backups', action: 'write', method: 'POST', path: '/api/backups', json: {} },
    { area: 'activity', action: 'read', method: 'GET', path: '/api/activity' },
    { area: 'trash', action: 'read', method: 'GET', path: '/api/trash' },
    { area: 'trash', action: 'read', method: 'GET', path: `/api/trash/${MISSING}` },
    {
      area: 'trash',
      action: 'write',
      method: 'POST',
      path: `/api/trash/${MISSING}/restore`,
      json: {},
    },
    { area: 'trash', action: 'write', method: 'DELETE', path: `/api/trash/${MISSING}` },
    { area: 'schedules', action: 'read', method: 'GET', path: '/api/schedules' },
  );
  return list;
}

describe.skipIf(skipReason)('roles', () => {
  let api: TestApi;
  let adminToken: string;
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, number>;

  const createUser = async (userName: string, role?: Role) => {
    const reply = await api.request('POST', '/api/users', {
      token: adminToken,
      json: {
        user_name: userName,
        password: PASSWORD,
        email: `${userName}@example.uz`,
        ...(role ? { role } : {}),
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as { id: number; role: Role };
  };

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    adminToken = await api.signIn();
    for (const role of ROLES) {
      const user = await createUser(`role-${role}`, role);
      expect(user.role).toBe(role);
      ids[role] = user.id;
      tokens[role] = await api.signIn(`role-${role}`, PASSWORD);
    }
  });

  afterAll(() => api?.close());

  it('walks every role × area × call: refused exactly where the table says', async () => {
    const wrong: string[] = [];
    for (const role of ROLES) {
      for (const call of calls()) {
        const reply = await api.request(call.method, call.path, {
          token: tokens[role],
          ...(call.json ? { json: call.json } : {}),
        });
        const allowed = call.open || may(role, call.area, call.action);
        const refused = reply.status === 403;
        if (refused === allowed) {
          wrong.push(`${role} ${call.method} ${call.path}: ${reply.status} (allowed: ${allowed})`);
        }
        if (refused)
          expect(reply.body).toEqual({ error: 'Your role does not allow this', code: 'forbidden' });
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives each role its part: the table itself', () => {
    expect(may('admin', 'users', 'write')).toBe(true);
    expect(may('admin', 'backups', 'write')).toBe(true);
    expect(may('editor', 'products', 'write')).toBe(true);
    expect(may('editor', 'publishing', 'write')).toBe(true);
    expect(may('editor', 'leads', 'read')).toBe(false);
    expect(may('editor', 'users', 'read')).toBe(false);
    expect(may('editor', 'settings', 'write')).toBe(false);
    expect(may('sales', 'leads', 'write')).toBe(true);
    expect(may('sales', 'suppliers', 'write')).toBe(true);
    expect(may('sales', 'products', 'read')).toBe(true);
    expect(may('sales', 'products', 'write')).toBe(false);
    expect(may('sales', 'users', 'read')).toBe(true);
    expect(may('sales', 'users', 'write')).toBe(false);
    // lead delivery's health is read by those who work leads
    expect(may('sales', 'leads', 'read')).toBe(true);
    expect(may('editor', 'leads', 'read')).toBe(false);
    expect(may('nobody', 'products', 'read')).toBe(false);
    // scheduling publishing is changing the content: editors and admins; sales see what is due
    expect(may('editor', 'schedules', 'write')).toBe(true);
    expect(may('sales', 'schedules', 'read')).toBe(true);
    expect(may('sales', 'schedules', 'write')).toBe(false);
    // each role empties its own part of the trash
    for (const role of ROLES) expect(may(role, 'trash', 'write')).toBe(true);
    expect(may('nobody', 'trash', 'read')).toBe(false);
  });

  it('makes a new user an admin unless a narrower role is chosen', async () => {
    const plain = await createUser('no-role-given');
    expect(plain.role).toBe('admin');
    const refused = await api.request('POST', '/api/users', {
      token: adminToken,
      json: { user_name: 'bad-role', password: PASSWORD, email: 'b@example.uz', role: 'owner' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('role');
  });

  it('lets every role read and edit their own profile, but not their role or switch', async () => {
    for (const role of ['editor', 'sales'] as const) {
      const token = tokens[role];
      const own = await api.request('GET', `/api/users/${ids[role]}`, { token });
      expect(own.status).toBe(200);
      const renamed = await api.request('PUT', `/api/users/${ids[role]}`, {
        token,
        json: { first_name: `Named ${role}` },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data.first_name).toBe(`Named ${role}`);
      for (const json of [{ role: 'admin' }, { is_active: false }]) {
        const raised = await api.request('PUT', `/api/users/${ids[role]}`, { token, json });
        expect(raised.status).toBe(403);
        expect(raised.body.code).toBe('users.adminOnly');
      }
      // a value unchanged is no change
      const same = await api.request('PUT', `/api/users/${ids[role]}`, {
        token,
        json: { role, is_active: true },
      });
      expect(same.status).toBe(200);
      // another user's record is not theirs
      const other = await api.request('PUT', `/api/users/${ids.admin}`, {
        token,
        json: { first_name: 'x' },
      });
      expect(other.status).toBe(403);
      const stored = await api.request('GET', `/api/users/${ids[role]}`, { token: adminToken });
      expect(stored.body.data).toMatchObject({ role, is_active: true });
    }
  });

  it('lets an admin set another user’s password, which ends that user’s sessions', async () => {
    const user = await createUser('forgetful', 'editor');
    const session = await api.signIn('forgetful', PASSWORD);
    const set = await api.request('PUT', `/api/users/${user.id}`, {
      token: adminToken,
      json: { password: 'a-new-password-2' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await api.request('GET', '/api/me', { token: session })).status).toBe(401);
    expect(await api.signIn('forgetful', 'a-new-password-2')).toEqual(expect.any(String));
    // not so for anyone else: sales may read users, not set their passwords
    const bySales = await api.request('PUT', `/api/users/${user.id}`, {
      token: tokens.sales,
      json: { password: 'a-third-password-3' },
    });
    expect(bySales.status).toBe(403);
  });

  it('keeps an active admin: the last one cannot be demoted, deactivated or deleted', async () => {
    // every admin but the role-admin is made an editor, then the first admin steps down
    const all = await api.request('GET', '/api/users?limit=100&role=admin', { token: adminToken });
    const me = (await api.request('GET', '/api/me', { token: adminToken })).body.data;
    for (const user of all.body.data as { id: number }[]) {
      if (user.id === me.id || user.id === ids.admin) continue;
      const demoted = await api.request('PUT', `/api/users/${user.id}`, {
        token: adminToken,
        json: { role: 'editor' },
      });
      expect(demoted.status).toBe(200);
    }
    const stepDown = await api.request('PUT', `/api/users/${me.id}`, {
      token: tokens.admin,
      json: { role: 'sales' },
    });
    expect(stepDown.status).toBe(200);
    const last = tokens.admin;
    for (const json of [{ role: 'editor' }, { is_active: false }]) {
      const refused = await api.request('PUT', `/api/users/${ids.admin}`, { token: last, json });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('users.lastActiveAdmin');
    }
    const deleted = await api.request('DELETE', `/api/users/${ids.admin}`, { token: last });
    expect(deleted.status).toBe(409);
    const stored = await api.request('GET', `/api/users/${ids.admin}`, { token: last });
    expect(stored.body.data).toMatchObject({ role: 'admin', is_active: true });
    // a second admin again, and the first may go
    const back = await api.request('PUT', `/api/users/${me.id}`, {
      token: last,
      json: { role: 'admin' },
    });
    expect(back.status).toBe(200);
    const demoted = await api.request('PUT', `/api/users/${ids.admin}`, {
      token: last,
      json: { role: 'editor' },
    });
    expect(demoted.status).toBe(200);
  });

  it('refuses to start with a staff route that names no area', async () => {
    // the real auth plugin on a bare server; its dependencies are named, not used here
    const app = Fastify({ logger: false });
    app.register(fp(async () => {}, { name: 'db' }));
    app.register(fp(async () => {}, { name: 'cookies' }));
    app.register(fp(async () => {}, { name: 'two-factor' }));
    app.register(authPlugin);
    app.register(async (routes) => {
      routes.get('/api/fine', { config: { access: 'staff', area: 'any' } }, async () => ({}));
      routes.get('/api/forgotten', { config: { access: 'staff' } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(
      'GET /api/forgotten: a staff route must name its area',
    );
  });
});
