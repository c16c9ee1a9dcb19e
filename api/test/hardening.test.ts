import { spawnSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMEOUTS } from '../src/app.ts';
import { ADMIN, type Reply, type TestApi, startApi } from './helpers/api.ts';
import { skipReason } from './helpers/database.ts';
import { file, jpeg } from './helpers/images.ts';

// The findings of the hostile review, each kept as a test: what a hostile visitor
// tried is refused cheaply, with a clear 4xx, and leaves data and other users untouched.

const lead = { name: 'Aziz', phone: '+998 90 123 45 67', email: '', message: 'Hello' };
const supplier = {
  company_name: 'Podshipnik Savdo',
  inn: '305123456',
  contact_person: 'Rustam',
  phone: '+998 71 234 56 78',
  email: 'sales@example.uz',
  offer: 'Discounted bearings',
};

/**
 * Sends a multipart request's headers and its first 64 kB, then waits: the answer must come
 * before the rest (megabytes) is sent, which proves the server refused the body unread.
 */
function multipartAnsweredEarly(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; sentBytes: number }> {
  const boundary = 'hostile-boundary';
  const head =
    `--${boundary}\r\ncontent-disposition: form-data; name="user_name"\r\n\r\nx\r\n` +
    `--${boundary}\r\ncontent-disposition: form-data; name="f1"; filename="junk.bin"\r\n` +
    `content-type: application/octet-stream\r\n\r\n`;
  const total = 50 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const req = httpRequest(url + path, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(total),
        ...headers,
      },
    });
    let sentBytes = 0;
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        req.destroy();
        resolve({ status: response.statusCode ?? 0, body, sentBytes });
      });
    });
    req.on('error', (error) => {
      // the server may close the socket right after answering; the answer is what counts
      if (!req.destroyed) reject(error);
    });
    req.write(head);
    sentBytes = head.length + 64 * 1024;
    req.write(Buffer.alloc(64 * 1024, 7));
    setTimeout(() => reject(new Error('no answer before the body was sent')), 5000).unref();
  });
}

function cookieOf(reply: Reply, name: string): string | undefined {
  return reply.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0]!)
    .find((pair) => pair.startsWith(`${name}=`));
}

describe.skipIf(skipReason)('hardening', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi({
      TRUST_PROXY: 'true',
      SIGNIN_RATE_LIMIT: 3,
      SIGNIN_IP_RATE_LIMIT: 5,
      FORM_RATE_LIMIT: 4,
    });
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  // every test posts from addresses of its own (behind the trusted proxy)
  let address = 1;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${address++}` });

  describe('1: files sent to routes that take none', () => {
    it.each(['/api/signin', '/api/leads', '/api/suppliers'])(
      '%s refuses a multipart body before reading it (415)',
      async (path) => {
        const answer = await multipartAnsweredEarly(api.url, path, from());
        expect(answer.status).toBe(415);
        expect(JSON.parse(answer.body)).toEqual({
          error: 'This address takes JSON only, not multipart/form-data',
          code: 'unsupportedMedia',
        });
      },
    );

    it('an upload route refuses a file in a field it does not take, at that part', async () => {
      const answer = await multipartAnsweredEarly(api.url, '/api/categories', {
        authorization: `Bearer ${token}`,
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'f1: unexpected file',
        code: 'unexpectedFile',
      });
    });

    it('streams uploads to temporary files and removes them when the request ends', async () => {
      const tmp = join(api.dataDir, 'tmp', 'uploads');
      const form = new FormData();
      form.set('name_ru', 'Временная');
      form.set('image', file(await jpeg(), 'a.jpg', 'image/jpeg'));
      const ok = await api.request('POST', '/api/categories', { token, form });
      expect(ok.status).toBe(201);
      const bad = new FormData();
      bad.set('name_ru', 'Не картинка');
      bad.set('image', file(Buffer.from('GIF89a not really'), 'a.gif', 'image/gif'));
      expect((await api.request('POST', '/api/categories', { token, form: bad })).status).toBe(415);
      await expect.poll(async () => (await readdir(tmp)).length).toBe(0);
    });
  });

  describe('2: sign-in throttling with device cookies', () => {
    // accounts of their own: a guessed account stays locked for untrusted clients
    const password = 'owner-password-1';
    beforeAll(async () => {
      for (const name of ['owner1', 'owner2', 'owner3', 'owner4']) {
        const made = await api.request('POST', '/api/users', {
          token,
          json: { user_name: name, password, email: `${name}@example.uz` },
        });
        expect(made.status).toBe(201);
      }
    });

    it("does not lock the owner's known browser out when the account is being guessed", async () => {
      const owner = from();
      const first = await api.request('POST', '/api/signin', {
        headers: owner,
        json: { user_name: 'owner1', password },
      });
      expect(first.status).toBe(200);
      const device = cookieOf(first, 'conveyor_device');
      expect(device).toMatch(/^conveyor_device=owner1(:|%3A)[\w-]+\.\S+/);
      expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);
      expect(first.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);

      // an attacker, from many addresses, guesses until untrusted clients are locked out
      for (let i = 0; i < 3; i++) {
        const guess = await api.request('POST', '/api/signin', {
          headers: from(),
          json: { user_name: 'owner1', password: `guess-${i}` },
        });
        expect(guess.status).toBe(401);
      }
      const locked = await api.request('POST', '/api/signin', {
        headers: from(),
        json: { user_name: 'owner1', password },
      });
      expect(locked.status).toBe(429);

      // the owner's browser, with its device cookie, still signs in
      const again = await api.request('POST', '/api/signin', {
        headers: { ...owner, cookie: device! },
        json: { user_name: 'owner1', password },
      });
      expect(again.status).toBe(200);
      // a forged or altered cookie counts for nothing
      const forged = await api.request('POST', '/api/signin', {
        headers: { ...from(), cookie: device!.replace(/\.[^.]+$/, '.forged') },
        json: { user_name: 'owner1', password },
      });
      expect(forged.status).toBe(429);
    });

    it('judges a known browser by its own failures', async () => {
      const ok = await api.request('POST', '/api/signin', {
        headers: from(),
        json: { user_name: 'owner2', password },
      });
      const device = cookieOf(ok, 'conveyor_device')!;
      const headers = { ...from(), cookie: device };
      for (let i = 0; i < 3; i++) {
        const wrong = await api.request('POST', '/api/signin', {
          headers,
          json: { user_name: 'owner2', password: 'typo' },
        });
        expect(wrong.status).toBe(401);
      }
      const refused = await api.request('POST', '/api/signin', {
        headers,
        json: { user_name: 'owner2', password },
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('limits failures per address for every client: a device cookie spares only its owner', async () => {
      // a staff member sprays passwords across other user names from one address, signing in
      // again for a fresh device cookie before that cookie's own limit (3) is reached
      const headers = from();
      const signIn = (cookie: string, user_name: string, pass: string) =>
        api.request('POST', '/api/signin', {
          headers: { ...headers, cookie },
          json: { user_name, password: pass },
        });
      let device = '';
      let sprayed = 0;
      for (const fails of [2, 2, 1]) {
        const ok = await signIn(device, 'owner4', password);
        expect(ok.status).toBe(200);
        device = cookieOf(ok, 'conveyor_device')!;
        for (let i = 0; i < fails; i++) {
          expect((await signIn(device, `spray-${sprayed++}`, 'Winter2026!')).status).toBe(401);
        }
      }
      // five failures from the address (SIGNIN_IP_RATE_LIMIT): the next is refused, device or not
      const refused = await signIn(device, `spray-${sprayed}`, 'Winter2026!');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await signIn(device, 'owner4', password)).status).toBe(429);
      // the same browser elsewhere still signs its owner in: the limit is the address's
      const elsewhere = await api.request('POST', '/api/signin', {
        headers: { ...from(), cookie: device },
        json: { user_name: 'owner4', password },
      });
      expect(elsewhere.status).toBe(200);
    });

    it('does not count successful sign-ins against the address', async () => {
      const headers = from();
      // more successes than the address may fail (5)
      for (let i = 0; i < 7; i++) {
        const reply = await api.request('POST', '/api/signin', {
          headers,
          json: { user_name: 'owner3', password },
        });
        expect(reply.status).toBe(200);
      }
    });
  });

  describe('the back office session cookie', () => {
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

  describe('4: NUL bytes and out-of-range numbers', () => {
    it.each([
      ['GET', '/api/products?q=%00'],
      ['GET', '/api/products?q=a%00b'],
      ['GET', '/api/products/2147483648'],
      ['GET', '/api/products?category_id=2147483648'],
      ['GET', '/api/products?page=2147483648'],
      ['GET', '/api/products?limit=99999999999999999999'],
      ['GET', '/api/categories/-1'],
      ['GET', '/api/categories/0'],
      ['GET', '/api/categories/abc'],
    ])('%s %s answers 400', async (method, path) => {
      for (const auth of [undefined, token]) {
        const reply = await api.request(method, path, { token: auth });
        expect(reply.status, path).toBe(400);
        expect(typeof reply.body.error).toBe('string');
      }
    });

    it('refuses a NUL in a public form (400) and stores nothing', async () => {
      const before = (await api.request('GET', '/api/leads', { token })).body.total;
      const reply = await api.request('POST', '/api/leads', {
        headers: from(),
        json: { ...lead, name: 'Az\u0000iz' },
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        error: 'name: must not contain NUL characters',
        code: 'validation',
        field: 'name',
      });
      expect((await api.request('GET', '/api/leads', { token })).body.total).toBe(before);
    });

    it('refuses an out-of-range id in a staff write (400)', async () => {
      for (const method of ['PUT', 'DELETE']) {
        const reply = await api.request(method, '/api/categories/2147483648', {
          token,
          ...(method === 'PUT' ? { json: { name_ru: 'x' } } : {}),
        });
        expect(reply.status, method).toBe(400);
        expect(reply.body.error).toBe('id: must be <= 2147483647');
      }
    });

    it('refuses an out-of-range foreign key (400)', async () => {
      const reply = await api.request('POST', '/api/products', {
        token,
        json: { name_ru: 'Лента', category_id: 2147483648 },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('category_id: must be <= 2147483647');
    });
  });

  describe('5: malformed multipart', () => {
    it('answers 415 on a route that takes no files, 400 on one that does', async () => {
      const post = (path: string, contentType: string, auth?: string) =>
        fetch(api.url + path, {
          method: 'POST',
          headers: {
            'content-type': contentType,
            ...(auth ? { authorization: `Bearer ${auth}` } : {}),
          },
          body: 'x',
        });
      const anonymous = await post('/api/leads', 'multipart/form-data');
      expect(anonymous.status).toBe(415);
      for (const type of ['multipart/form-data', 'multipart/form-data; boundary=abc']) {
        const reply = await post('/api/categories', type, token);
        expect(reply.status, type).toBe(400);
        expect(await reply.json()).toEqual({
          error: 'The multipart/form-data body is malformed',
          code: 'badRequest',
        });
      }
    });
  });

  describe('6: public forms take only the visitor’s fields', () => {
    it('a lead cannot be created already done; an application cannot set its status', async () => {
      const created = await api.request('POST', '/api/leads', {
        headers: from(),
        json: { ...lead, name: 'Workflow', status: 'done', id: 99999, created_at: '2000-01-01' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ data: { received: true } });
      const stored = (await api.request('GET', '/api/leads?q=Workflow', { token })).body.data[0];
      expect(stored.status).toBe('new');
      expect(stored.id).not.toBe(99999);
      expect(stored.created_at.startsWith('2000')).toBe(false);

      const application = await api.request('POST', '/api/suppliers', {
        headers: from(),
        json: { ...supplier, company_name: 'Flagged', is_active: false },
      });
      expect(application.status).toBe(201);
      const row = (await api.request('GET', '/api/suppliers?q=Flagged', { token })).body.data[0];
      expect(row.is_active).toBe(true);
    });
  });

  describe('7: passwords', () => {
    it("an editor cannot set another user's password; its own needs the current one", async () => {
      const made = await api.request('POST', '/api/users', {
        token,
        json: {
          user_name: 'editor1',
          password: 'editor-password-1',
          email: 'e1@example.uz',
          role: 'editor',
        },
      });
      expect(made.status).toBe(201);
      const editorToken = await api.signIn('editor1', 'editor-password-1');
      const adminId = (await api.request('GET', '/api/me', { token })).body.data.id;

      const takeover = await api.request('PUT', `/api/users/${adminId}`, {
        token: editorToken,
        json: { password: 'taken-over-1', current_password: 'whatever' },
      });
      expect(takeover.status).toBe(403);
      expect(takeover.body.error).toBe('Your role does not allow this');
      // the admin is untouched: the old password works, the session lives
      expect((await api.request('GET', '/api/me', { token })).status).toBe(200);
      await api.signIn(ADMIN.user_name, ADMIN.password);

      const self = `/api/users/${made.body.data.id}`;
      const missing = await api.request('PUT', self, {
        token: editorToken,
        json: { password: 'editor-password-2' },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('current_password: is required to change the password');
      const wrong = await api.request('PUT', self, {
        token: editorToken,
        json: { password: 'editor-password-2', current_password: 'not-it' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('current_password: is not the current password');
      await api.signIn('editor1', 'editor-password-1');
      const changed = await api.request('PUT', self, {
        token: editorToken,
        json: { password: 'editor-password-2', current_password: 'editor-password-1' },
      });
      expect(changed.status).toBe(200);
      await api.signIn('editor1', 'editor-password-2');
      // other fields of another user stay editable by an admin
      const renamed = await api.request('PUT', self, { token, json: { first_name: 'Ed' } });
      expect(renamed.status).toBe(200);
    });

    it('pnpm reset-password prints a new password and ends the sessions', async () => {
      const session = await api.signIn();
      const env: Record<string, string> = {
        ...process.env,
        DATA_DIR: api.dataDir,
        DATABASE_URL: api.config.databaseUrl ?? '',
        LOG_LEVEL: 'silent',
      } as Record<string, string>;
      const run = spawnSync(
        process.execPath,
        [join(import.meta.dirname, '../src/cli/resetPassword.ts'), 'Admin'],
        { env, encoding: 'utf8' },
      );
      expect(run.status, run.stderr).toBe(0);
      const password = /New password for "admin": (\S+)/.exec(run.stdout)?.[1];
      expect(password, run.stdout).toMatch(/^[\w-]{20}$/);
      expect((await api.request('GET', '/api/me', { token: session })).status).toBe(401);
      token = await api.signIn(ADMIN.user_name, password);
      // put the known password back for the other tests
      const adminId = (await api.request('GET', '/api/me', { token })).body.data.id;
      const back = await api.request('PUT', `/api/users/${adminId}`, {
        token,
        json: { password: ADMIN.password, current_password: password },
      });
      expect(back.status).toBe(200);

      const unknown = spawnSync(
        process.execPath,
        [join(import.meta.dirname, '../src/cli/resetPassword.ts'), 'nobody'],
        { env, encoding: 'utf8' },
      );
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('There is no user named "nobody"');
    });
  });

  describe('also', () => {
    it('counts leads and supplier applications together against the form limit', async () => {
      const headers = from();
      const statuses: number[] = [];
      for (const [path, json] of [
        ['/api/leads', lead],
        ['/api/suppliers', supplier],
        ['/api/leads', lead],
        ['/api/suppliers', supplier],
        ['/api/leads', lead],
        ['/api/suppliers', supplier],
      ] as const) {
        statuses.push((await api.request('POST', path, { headers, json })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    });

    it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', 'ftp://x.example'])(
      'a category link %s is refused',
      async (link) => {
        const reply = await api.request('POST', '/api/categories', {
          token,
          json: { name_ru: 'Ссылка', link },
        });
        expect(reply.status).toBe(400);
        expect(reply.body.error).toBe('link: must be an http(s) link');
      },
    );

    it.each(['https://example.uz/a', '/catalog/1', ''])(
      'a category link %j is kept',
      async (link) => {
        const reply = await api.request('POST', '/api/categories', {
          token,
          json: { name_ru: 'Ссылка', link },
        });
        expect(reply.status).toBe(201);
        expect(reply.body.data.link).toBe(link);
      },
    );

    it('sets the connection timeouts on purpose', () => {
      const server = api.app.server;
      expect(server.headersTimeout).toBe(TIMEOUTS.headersMs);
      expect(server.requestTimeout).toBe(TIMEOUTS.requestMs);
      expect(server.keepAliveTimeout).toBe(TIMEOUTS.keepAliveMs);
      // no socket inactivity timeout: it would cut requests the server is still working on
      expect(server.timeout).toBe(0);
    });
  });
});
