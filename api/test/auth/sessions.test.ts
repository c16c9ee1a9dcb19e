import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeDevice,
  SESSION_TOUCH_MS,
  touchSession,
} from '../../src/db/repositories/sessions.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Sessions a user can see and end: device, address, last use; one or all of one's
// own; an admin's for another user; never anyone else's, never a token.

const PASSWORD = 'session-password-1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

interface SessionRow {
  id: number;
  user_id: number;
  device: string;
  ip: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  current: boolean;
}

describe.skipIf(skipReason)('sessions', () => {
  let api: TestApi;
  let adminToken: string;
  const ids: Record<string, number> = {};

  /** Signs in as if from a browser; the token back. */
  const signInFrom = async (userName: string, userAgent: string) => {
    const reply = await api.request('POST', '/api/signin', {
      json: { user_name: userName, password: PASSWORD },
      headers: { 'user-agent': userAgent },
    });
    expect(reply.status).toBe(200);
    return reply.body.data as string;
  };
  const sessions = async (token: string, path = '/api/sessions') => {
    const reply = await api.request('GET', path, { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data as SessionRow[];
  };
  const alive = async (token: string) => (await api.request('GET', '/api/me', { token })).status;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    adminToken = await api.signIn();
    for (const [name, role] of [
      ['sess-editor', 'editor'],
      ['sess-sales', 'sales'],
    ] as const) {
      const reply = await api.request('POST', '/api/users', {
        token: adminToken,
        json: { user_name: name, password: PASSWORD, email: `${name}@example.uz`, role },
      });
      expect(reply.status).toBe(201);
      ids[name] = reply.body.data.id;
    }
  });
  afterAll(() => api?.close());

  it('lists one’s own sessions with device, address and the current one, and no token', async () => {
    const onLaptop = await signInFrom('sess-editor', FIREFOX_LINUX);
    const onDesktop = await signInFrom('sess-editor', CHROME_WINDOWS);
    const list = await sessions(onDesktop);
    expect(list).toHaveLength(2);
    expect(list.every((session) => session.user_id === ids['sess-editor'])).toBe(true);
    const current = list.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]!.device).toBe('Chrome 142 on Windows 10');
    expect(list.find((session) => !session.current)!.device).toBe('Firefox 132 on Linux');
    expect(list[0]!.ip).toBe('127.0.0.1');
    expect(JSON.stringify(list)).not.toContain(onLaptop);
    expect(JSON.stringify(list)).not.toMatch(/token/);
    // the other device sees the same two, itself as current
    const fromLaptop = await sessions(onLaptop);
    expect(fromLaptop.find((session) => session.current)!.device).toBe('Firefox 132 on Linux');
  });

  it('ends one session, then all the others, and not someone else’s', async () => {
    const a = await signInFrom('sess-sales', FIREFOX_LINUX);
    const b = await signInFrom('sess-sales', CHROME_WINDOWS);
    const c = await signInFrom('sess-sales', CHROME_WINDOWS);
    const listed = await sessions(c);
    const ofA = listed.find((session) => session.device.startsWith('Firefox'))!;
    expect((await api.request('DELETE', `/api/sessions/${ofA.id}`, { token: c })).status).toBe(200);
    expect(await alive(a)).toBe(401);
    expect(await alive(b)).toBe(200);

    // another user's session id is not theirs to end: not found, and it lives on
    const editorToken = await signInFrom('sess-editor', FIREFOX_LINUX);
    const editorSession = (await sessions(editorToken)).find((session) => session.current)!;
    const refused = await api.request('DELETE', `/api/sessions/${editorSession.id}`, { token: c });
    expect(refused.status).toBe(404);
    expect(await alive(editorToken)).toBe(200);

    const ended = await api.request('DELETE', '/api/sessions', { token: c });
    expect(ended.body.data).toBe(1);
    expect(await alive(b)).toBe(401);
    expect(await alive(c)).toBe(200);
    expect(await sessions(c)).toHaveLength(1);

    // ending the current one is signing out
    const current = (await sessions(c))[0]!;
    expect((await api.request('DELETE', `/api/sessions/${current.id}`, { token: c })).status).toBe(
      200,
    );
    expect(await alive(c)).toBe(401);
  });

  it('lets an admin see and end another user’s sessions, and nobody else', async () => {
    const salesToken = await signInFrom('sess-sales', CHROME_WINDOWS);
    const editorToken = await signInFrom('sess-editor', CHROME_WINDOWS);
    const path = `/api/users/${ids['sess-sales']}/sessions`;

    expect((await api.request('GET', path, { token: editorToken })).status).toBe(403);
    expect((await api.request('DELETE', path, { token: editorToken })).status).toBe(403);
    expect((await api.request('GET', path)).status).toBe(401);
    expect(await alive(salesToken)).toBe(200);

    // their own through the same address: allowed
    expect((await api.request('GET', path, { token: salesToken })).status).toBe(200);

    const seen = await sessions(adminToken, path);
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.every((session) => !session.current)).toBe(true);
    const ended = await api.request('DELETE', path, { token: adminToken });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toBe(seen.length);
    expect(await alive(salesToken)).toBe(401);
    expect(await sessions(adminToken, path)).toEqual([]);
    expect(await alive(adminToken)).toBe(200);
  });

  it('records the last use at most once a minute', async () => {
    const token = await signInFrom('sess-editor', FIREFOX_LINUX);
    const mine = (await sessions(token)).find((session) => session.current)!;
    const row = () =>
      api.app.db.kysely
        .selectFrom('sessions')
        .select('last_used_at')
        .where('id', '=', mine.id)
        .executeTakeFirstOrThrow();
    const before = new Date((await row()).last_used_at!).getTime();
    // within the minute: no write
    await touchSession(
      api.app.db.kysely,
      { sessionId: mine.id, lastUsedAt: new Date(before).toISOString() },
      before + SESSION_TOUCH_MS - 1,
    );
    expect(new Date((await row()).last_used_at!).getTime()).toBe(before);
    // past it: the use is recorded
    await touchSession(
      api.app.db.kysely,
      { sessionId: mine.id, lastUsedAt: new Date(before).toISOString() },
      before + SESSION_TOUCH_MS + 5,
    );
    expect(new Date((await row()).last_used_at!).getTime()).toBe(before + SESSION_TOUCH_MS + 5);
  });

  it('names devices from their User-Agent, and says nothing for none', () => {
    expect(describeDevice(CHROME_WINDOWS)).toBe('Chrome 142 on Windows 10');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 18 on iOS');
    expect(describeDevice('')).toBe('');
    expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
