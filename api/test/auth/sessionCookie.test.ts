import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// The back office's session travels in a cookie a page script cannot read, and a write needs a
// header a form on another site cannot send; a cookie that does not count leaves the caller
// anonymous rather than breaking the site's forms.

describe.skipIf(skipReason)('the back office session cookie', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi({ TRUST_PROXY: 'true' });
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  // every test posts from addresses of its own (behind the trusted proxy)
  let address = 1;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${address++}` });

  const signInWithCookie = async () => {
    const reply = await api.request('POST', '/api/signin', {
      headers: from(),
      json: { user_name: ADMIN.user_name, password: ADMIN.password, session: 'cookie' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: '' });
    const line = reply.headers.getSetCookie().find((c) => c.startsWith('conveyor_session='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\/api(;|$)/);
    return line.split(';', 1)[0]!;
  };

  it('is HttpOnly and SameSite=Strict; writes need the CSRF header', async () => {
    const cookie = await signInWithCookie();
    expect((await api.request('GET', '/api/me', { headers: { cookie } })).status).toBe(200);
    const write = (headers: Record<string, string>) =>
      api.request('POST', '/api/testimonials', {
        headers: { cookie, ...headers },
        json: { name_ru: 'Отзыв', message_ru: 'Хорошо' },
      });
    const forged = await write({});
    expect(forged.status).toBe(403);
    expect(forged.body.error).toMatch(/X-Conveyor-CSRF/);
    expect((await write({ 'x-conveyor-csrf': '1' })).status).toBe(201);
  });

  it("never breaks the site's forms: a cookie that does not count leaves the caller anonymous", async () => {
    const cookie = await signInWithCookie();
    // a staff member's browser posts the contact form (no CSRF header): anonymous
    const lead = await api.request('POST', '/api/leads', {
      headers: { cookie, ...from() },
      json: { name: 'Staff on the site', phone: '+998 90 000 00 01' },
    });
    expect(lead.status).toBe(201);
    expect(lead.body).toEqual({ data: { received: true } });
    // an ended session's cookie: anonymous on public reads, 401 (and cleared) on staff ones
    const stale = 'conveyor_session=ended-or-forged-token';
    expect(
      (await api.request('GET', '/api/categories', { headers: { cookie: stale } })).status,
    ).toBe(200);
    const me = await api.request('GET', '/api/me', { headers: { cookie: stale } });
    expect(me.status).toBe(401);
    expect(me.body.error).toMatch(/expired/);
    expect(me.headers.get('set-cookie')).toMatch(/conveyor_session=;/);
    // the back office's calls (with the header) expect a session: they are signed out on
    // public routes too, with the cookie ended or gone, rather than shown the public view
    for (const headers of [{ cookie: stale }, {}] as Record<string, string>[]) {
      const list = await api.request('GET', '/api/categories', {
        headers: { ...headers, 'x-conveyor-csrf': '1' },
      });
      expect(list.status).toBe(401);
      expect(list.body.error).toMatch(/expired/);
    }
  });

  it('takes only a Bearer Authorization as a session: Basic (HTTP basic auth) is ignored', async () => {
    const basic = { authorization: 'Basic dXNlcjpwYXNz' };
    // the site behind basic auth: the browser sends the header with every call
    const lead = await api.request('POST', '/api/leads', {
      headers: { ...basic, ...from() },
      json: { name: 'Behind basic auth', phone: '+998 90 000 00 02' },
    });
    expect(lead.status).toBe(201);
    expect((await api.request('GET', '/api/categories', { headers: basic })).status).toBe(200);
    // a staff route: no session, so a 401 (not a session that expired)
    const me = await api.request('GET', '/api/me', { headers: basic });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('unauthorized');
    // the back office behind basic auth: its cookie still signs it in
    const cookie = await signInWithCookie();
    const staff = await api.request('GET', '/api/me', {
      headers: { ...basic, cookie, 'x-conveyor-csrf': '1' },
    });
    expect(staff.status).toBe(200);
    expect(staff.body.data.user_name).toBe(ADMIN.user_name);
    // a Bearer token that is no session is still refused, in any letter case
    for (const authorization of ['Bearer not-a-session', 'bearer not-a-session', 'Bearer']) {
      const wrong = await api.request('GET', '/api/categories', { headers: { authorization } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('sessionExpired');
    }
    const lower = await api.request('GET', '/api/me', {
      headers: { authorization: `bearer ${token}` },
    });
    expect(lower.status).toBe(200);
  });

  it('sign-out ends the session and clears the cookie', async () => {
    const cookie = await signInWithCookie();
    const out = await api.request('POST', '/api/signout', {
      headers: { cookie, 'x-conveyor-csrf': '1' },
      json: {},
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/conveyor_session=;/);
    expect((await api.request('GET', '/api/me', { headers: { cookie } })).status).toBe(401);
  });
});
