import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Accounts and sessions: hashing, uniqueness, the last-user rule, token life and revocation,
// sign-in answers that do not reveal whether a user exists, and sign-in rate limits.

describe.skipIf(skipReason)('accounts and sessions', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi();
    token = await api.signIn();
  });

  afterAll(() => api?.close());

  const newUser = async (userName: string, extra: Record<string, unknown> = {}) => {
    const reply = await api.request('POST', '/api/users', {
      token,
      json: {
        user_name: userName,
        password: 'correct horse battery',
        email: `${userName}@example.uz`,
        ...extra,
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as { id: number; user_name: string };
  };

  it('stores passwords as argon2id hashes with a sane cost', async () => {
    await newUser('hashcheck');
    const row = await api.app.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('user_name', '=', 'hashcheck')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/);
    const [, memory, time] = /m=(\d+),t=(\d+)/.exec(row.password_hash)!;
    expect(Number(memory)).toBeGreaterThanOrEqual(19456);
    expect(Number(time)).toBeGreaterThanOrEqual(2);
    expect(row.password_hash).not.toContain('correct horse');
  });

  it('signs in with the user name in any case and answers the token as {data}', async () => {
    const reply = await api.request('POST', '/api/signin', {
      json: { user_name: 'HashCheck', password: 'correct horse battery' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    const me = await api.request('GET', '/api/me', { token: reply.body.data });
    expect(me.body.data.user_name).toBe('hashcheck');
  });

  it('stores only a hash of the token', async () => {
    const fresh = await api.signIn();
    const rows = await api.app.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === fresh)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('gives the same answer for a wrong password, an unknown user and an inactive user', async () => {
    await newUser('sleeper', { is_active: false });
    const answers = await Promise.all(
      [
        { user_name: 'admin', password: 'wrong password' },
        { user_name: 'nobody-here', password: 'whatever1' },
        { user_name: 'sleeper', password: 'correct horse battery' },
      ].map((json) => api.request('POST', '/api/signin', { json })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        error: 'Wrong username or password',
        code: 'wrongCredentials',
      });
    }
  });

  it('refuses an empty user name or password with a 400', async () => {
    const reply = await api.request('POST', '/api/signin', { json: { user_name: 'admin' } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('password: is required');
  });

  it('ends the session on sign-out', async () => {
    const session = await api.signIn();
    expect((await api.request('POST', '/api/signout', { token: session })).status).toBe(200);
    const after = await api.request('GET', '/api/me', { token: session });
    expect(after.status).toBe(401);
    expect((await api.request('GET', '/api/me', { token })).status).toBe(200);
  });

  it('ends every session of a user who is deactivated or deleted', async () => {
    const user = await newUser('leaver');
    const session = await api.signIn('leaver', 'correct horse battery');
    expect((await api.request('GET', '/api/me', { token: session })).status).toBe(200);
    await api.request('PUT', `/api/users/${user.id}`, { token, json: { is_active: false } });
    expect((await api.request('GET', '/api/me', { token: session })).status).toBe(401);
    await api.request('PUT', `/api/users/${user.id}`, { token, json: { is_active: true } });
    const again = await api.signIn('leaver', 'correct horse battery');
    await api.request('DELETE', `/api/users/${user.id}`, { token });
    expect((await api.request('GET', '/api/me', { token: again })).status).toBe(401);
  });

  it('ends the other sessions of a user whose password changes, keeping the current one', async () => {
    const user = await newUser('changer');
    const first = await api.signIn('changer', 'correct horse battery');
    const second = await api.signIn('changer', 'correct horse battery');
    const reply = await api.request('PUT', `/api/users/${user.id}`, {
      token: first,
      json: { password: 'a brand new password', current_password: 'correct horse battery' },
    });
    expect(reply.status).toBe(200);
    expect((await api.request('GET', '/api/me', { token: first })).status).toBe(200);
    expect((await api.request('GET', '/api/me', { token: second })).status).toBe(401);
    await api.signIn('changer', 'a brand new password');
  });

  it('refuses a taken user name or e-mail with 409, in any case', async () => {
    await newUser('unique1');
    const sameName = await api.request('POST', '/api/users', {
      token,
      json: { user_name: 'UNIQUE1', password: 'password-123', email: 'other@example.uz' },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error).toBe('This user name is already taken');
    const sameEmail = await api.request('POST', '/api/users', {
      token,
      json: { user_name: 'unique2', password: 'password-123', email: 'Unique1@Example.uz' },
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toBe('This e-mail is already used by another user');
    const other = await newUser('unique3');
    const rename = await api.request('PUT', `/api/users/${other.id}`, {
      token,
      json: { user_name: 'unique1' },
    });
    expect(rename.status).toBe(409);
  });

  it('validates new accounts: user name shape, password length, e-mail', async () => {
    const cases = [
      [{ user_name: 'a b', password: 'password-123', email: 'x@example.uz' }, /^user_name: /],
      [
        { user_name: 'shorty', password: 'short', email: 'x@example.uz' },
        /^password: must be at least 8/,
      ],
      [
        { user_name: 'mailless', password: 'password-123', email: 'not-mail' },
        /^email: must be a valid e-mail/,
      ],
    ] as const;
    for (const [json, message] of cases) {
      const reply = await api.request('POST', '/api/users', { token, json });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(message);
    }
  });
});

describe.skipIf(skipReason)('the last user', () => {
  let api: TestApi;
  afterAll(() => api?.close());

  it('cannot be deleted or deactivated (409), and stays usable', async () => {
    api = await startApi();
    const token = await api.signIn();
    const users = await api.request('GET', '/api/users', { token });
    expect(users.body.total).toBe(1);
    const adminId = users.body.data[0].id;
    const deactivate = await api.request('PUT', `/api/users/${adminId}`, {
      token,
      json: { is_active: false },
    });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.error).toBe(
      'The last active admin cannot be deleted, deactivated or given another role',
    );
    const remove = await api.request('DELETE', `/api/users/${adminId}`, { token });
    expect(remove.status).toBe(409);
    expect((await api.request('GET', '/api/me', { token })).status).toBe(200);

    // with a second, inactive user the rule still counts active users only
    const second = await api.request('POST', '/api/users', {
      token,
      json: {
        user_name: 'second',
        password: 'password-123',
        email: 's@example.uz',
        is_active: false,
      },
    });
    expect((await api.request('DELETE', `/api/users/${adminId}`, { token })).status).toBe(409);
    await api.request('PUT', `/api/users/${second.body.data.id}`, {
      token,
      json: { is_active: true },
    });
    expect((await api.request('DELETE', `/api/users/${adminId}`, { token })).status).toBe(200);
  });
});

describe.skipIf(skipReason)('session expiry', () => {
  let api: TestApi;
  afterAll(() => api?.close());

  it('refuses a token once its time is up', async () => {
    api = await startApi({ SESSION_TTL_HOURS: 1 / 3600 }); // one second
    const token = await api.signIn();
    expect((await api.request('GET', '/api/me', { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const reply = await api.request('GET', '/api/me', { token });
    expect(reply.status).toBe(401);
    expect(reply.body.error).toMatch(/expired/);
  });
});

describe.skipIf(skipReason)('sign-in rate limits', () => {
  let api: TestApi;
  afterAll(() => api?.close());

  it('limits failed attempts per user name, case-folded, and per address', async () => {
    api = await startApi({ SIGNIN_RATE_LIMIT: 3, SIGNIN_IP_RATE_LIMIT: 6 });
    const attempt = (user_name: string, password = 'wrong-password') =>
      api.request('POST', '/api/signin', { json: { user_name, password } });
    expect((await attempt('admin')).status).toBe(401);
    expect((await attempt('ADMIN')).status).toBe(401);
    expect((await attempt(' Admin ')).status).toBe(401);
    const limited = await attempt('admin', ADMIN.password);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('Too many requests, please try again later');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // another user name still works from this address, until the address itself has failed
    // six times (the refused attempt above was not one: it was never tried)
    expect((await attempt('someone')).status).toBe(401);
    expect((await attempt('someone-else')).status).toBe(401);
    expect((await attempt('third')).status).toBe(401);
    expect((await attempt('fourth')).status).toBe(429);
  });
});

describe.skipIf(skipReason)('first admin', () => {
  let api: TestApi;
  afterAll(() => api?.close());

  it('is created with a generated password, printed once, when none is configured', async () => {
    const printed: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void printed.push(args.join(' '));
    try {
      api = await startApi({ ADMIN_USER: 'chief', ADMIN_PASSWORD: '' });
    } finally {
      console.log = original;
    }
    const output = printed.join('\n');
    const password = /password:\s+(\S+)/.exec(output)?.[1];
    // 15 random bytes, base64url
    expect(password, output).toMatch(/^[\w-]{20}$/);
    await api.signIn('chief', password);
  });
});
