import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Reply, type TestApi, startApi } from '../helpers/api.ts';
import { TestClock } from '../helpers/clock.ts';
import { skipReason } from '../helpers/database.ts';

// Two-factor sign-in: enrolment, sign-in with a code or a recovery code, drift and
// replay, the sign-in limits, turning it off, the admins' requirement, and the log of it all.
// The API checks codes at the test's clock, which moves only when the test moves it: codes are
// computed with otplib for exactly the step the test means.

const PASSWORD = 'two-factor-password-1';
/** Wrong sign-ins allowed per user name: the tests stay under it except where they test it. */
const LIMIT = 4;
const STEP_MS = 30_000;

interface Event {
  user_id: number | null;
  user_name: string;
  action: string;
  resource: string;
  record_id: number | null;
  details: Record<string, unknown>;
}

/** A code of the user's app at the clock's time, `steps` steps off. */
const codeAt = (clock: TestClock, secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(clock.now() / 1000) + steps * 30 });

/** A six-digit code that is none of the three the server takes now. */
async function wrongCode(clock: TestClock, secret: string): Promise<string> {
  const taken = await Promise.all([-1, 0, 1].map((steps) => codeAt(clock, secret, steps)));
  let code = taken[1]!;
  while (taken.includes(code)) code = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  return code;
}

function expectError(reply: Reply, status: number, code: string) {
  expect({ status: reply.status, code: reply.body?.code }).toEqual({ status, code });
}

describe.skipIf(skipReason)('two-factor sign-in', () => {
  let api: TestApi;
  const clock = new TestClock(Date.parse('2026-12-01T10:00:05Z'));
  let admin: string;
  const ids: Record<string, number> = {};
  const secrets: Record<string, string> = {};

  const signIn = (userName: string, extra: Record<string, string> = {}, password = PASSWORD) =>
    api.request('POST', '/api/signin', { json: { user_name: userName, password, ...extra } });
  const log = async (action: string, recordId?: number) => {
    const record = recordId === undefined ? '' : `&record_id=${recordId}`;
    const reply = await api.request('GET', `/api/activity?limit=100&action=${action}${record}`, {
      token: admin,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data as Event[];
  };

  /** Turns it on for a user through the API; the recovery codes back. */
  async function enrol(name: string, token: string): Promise<string[]> {
    const setup = await api.request('POST', '/api/two-factor/setup', { token });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    secrets[name] = setup.body.data.secret;
    const confirm = await api.request('POST', '/api/two-factor/confirm', {
      token,
      json: { code: await codeAt(clock, secrets[name]!) },
    });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    // the confirming code is used up: the next sign-in takes a code of a later step
    clock.advance(STEP_MS);
    return confirm.body.data;
  }

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false, SIGNIN_RATE_LIMIT: LIMIT }, { clock });
    admin = await api.signIn();
    for (const [name, role] of [
      ['tf-editor', 'editor'],
      ['tf-sales', 'sales'],
      ['tf-drift', 'editor'],
      ['tf-limit', 'editor'],
      ['tf-recovery', 'sales'],
      ['tf-race', 'editor'],
    ] as const) {
      const reply = await api.request('POST', '/api/users', {
        token: admin,
        json: { user_name: name, password: PASSWORD, email: `${name}@example.uz`, role },
      });
      expect(reply.status).toBe(201);
      ids[name] = reply.body.data.id;
    }
  });
  afterAll(() => api?.close());

  it('is turned on with a code from the app; the secret is never answered again', async () => {
    const token = await api.signIn('tf-editor', PASSWORD);
    const before = await api.request('GET', '/api/two-factor', { token });
    expect(before.body.data).toEqual({
      enabled: false,
      pending: false,
      recovery_codes_left: 0,
      required: false,
    });
    // confirming before any set-up
    expectError(
      await api.request('POST', '/api/two-factor/confirm', { token, json: { code: '123456' } }),
      409,
      'twoFactor.notStarted',
    );

    const setup = await api.request('POST', '/api/two-factor/setup', { token });
    expect(setup.status).toBe(200);
    const { secret, uri, qr } = setup.body.data as { secret: string; uri: string; qr: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Conveyor:tf-editor?secret=${secret}&issuer=Conveyor`);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect((await api.request('GET', '/api/two-factor', { token })).body.data.pending).toBe(true);

    const wrong = await api.request('POST', '/api/two-factor/confirm', {
      token,
      json: { code: await wrongCode(clock, secret) },
    });
    expectError(wrong, 400, 'twoFactor.codeWrong');
    expect((await api.request('GET', '/api/me', { token })).body.data.two_factor).toBe(false);

    const confirm = await api.request('POST', '/api/two-factor/confirm', {
      token,
      json: { code: await codeAt(clock, secret) },
    });
    expect(confirm.status).toBe(200);
    const codes = confirm.body.data as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    secrets['tf-editor'] = secret;
    clock.advance(STEP_MS);

    expect((await api.request('GET', '/api/two-factor', { token })).body.data).toEqual({
      enabled: true,
      pending: false,
      recovery_codes_left: 10,
      required: false,
    });
    expect((await api.request('GET', '/api/me', { token })).body.data.two_factor).toBe(true);
    expectError(
      await api.request('POST', '/api/two-factor/setup', { token }),
      409,
      'twoFactor.alreadyOn',
    );

    // admins see who has it on; neither the secret nor a recovery code leaves the server
    const list = await api.request('GET', '/api/users?limit=100', { token: admin });
    const row = (list.body.data as { id: number; two_factor: boolean }[]).find(
      (user) => user.id === ids['tf-editor'],
    );
    expect(row?.two_factor).toBe(true);
    const one = await api.request('GET', `/api/users/${ids['tf-editor']}`, { token: admin });
    expect(one.body.data.two_factor).toBe(true);
    for (const reply of [list, one]) {
      expect(JSON.stringify(reply.body)).not.toContain(secret);
      expect(JSON.stringify(reply.body)).not.toMatch(/two_factor_(secret|recovery|pending)/);
    }
    // stored sealed: not the secret, not a recovery code, in the database
    const stored = await api.app.db.kysely
      .selectFrom('users')
      .select(['two_factor_secret', 'two_factor_recovery', 'two_factor_pending'])
      .where('id', '=', ids['tf-editor']!)
      .executeTakeFirstOrThrow();
    expect(stored.two_factor_secret).toMatch(/^v1\./);
    expect(stored.two_factor_secret).not.toContain(secret);
    expect(stored.two_factor_pending).toBeNull();
    expect(JSON.parse(stored.two_factor_recovery!)).toHaveLength(10);
    expect(stored.two_factor_recovery).not.toContain(codes[0]!.replaceAll('-', ''));

    const on = await log('two_factor_on', ids['tf-editor']);
    expect(on.map((event) => event.user_name)).toEqual(['tf-editor']);
  });

  it('then signs in only with the password and a current code, each code once', async () => {
    const secret = secrets['tf-editor']!;
    const passwordOnly = await signIn('tf-editor');
    expectError(passwordOnly, 401, 'twoFactorRequired');
    expect(passwordOnly.body.data).toBeUndefined();
    expect(passwordOnly.headers.get('set-cookie') ?? '').not.toContain('conveyor_session');
    // a wrong password with a right code is still a wrong password (1 failure)
    expectError(
      await signIn('tf-editor', { totp: await codeAt(clock, secret) }, 'wrong-password-1'),
      401,
      'wrongCredentials',
    );

    const code = await codeAt(clock, secret);
    const ok = await signIn('tf-editor', { totp: code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await api.request('GET', '/api/me', { token: ok.body.data })).status).toBe(200);
    // the same code again, within its window: a replay (2 failures)
    expectError(await signIn('tf-editor', { totp: code }), 401, 'twoFactorWrong');

    // the back office's cookie session, the same way
    clock.advance(STEP_MS);
    const cookie = await signIn('tf-editor', {
      totp: await codeAt(clock, secret),
      session: 'cookie',
    });
    expect(cookie.status).toBe(200);
    expect(cookie.headers.get('set-cookie')).toContain('conveyor_session=');

    const failed = await log('two_factor_failed', ids['tf-editor']);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ user_name: 'tf-editor', details: { with: 'totp' } });
  });

  it('takes a code one step off either way, not two, and none older than the last used', async () => {
    const token = await api.signIn('tf-drift', PASSWORD);
    await enrol('tf-drift', token);
    // one step on again: the step before now is then not the confirming code's
    clock.advance(STEP_MS);
    const secret = secrets['tf-drift']!;
    const at = (steps: number) => codeAt(clock, secret, steps);
    expectError(await signIn('tf-drift', { totp: await at(-2) }), 401, 'twoFactorWrong');
    expectError(await signIn('tf-drift', { totp: await at(2) }), 401, 'twoFactorWrong');
    expect((await signIn('tf-drift', { totp: await at(-1) })).status).toBe(200);
    expect((await signIn('tf-drift', { totp: await at(1) })).status).toBe(200);
    // the current step is before the one just used: refused, though within the drift
    expectError(await signIn('tf-drift', { totp: await at(0) }), 401, 'twoFactorWrong');
    clock.advance(2 * STEP_MS);
    expect((await signIn('tf-drift', { totp: await at(0) })).status).toBe(200);
  });

  it('takes a code once when requests race with it: the claim of its step is one strict write', async () => {
    const token = await api.signIn('tf-race', PASSWORD);
    await enrol('tf-race', token);
    const secret = secrets['tf-race']!;
    // sign-ins at once with the same code (fewer than LIMIT, so the failures lock nothing)
    const code = await codeAt(clock, secret);
    const replies = await Promise.all(
      Array.from({ length: LIMIT - 1 }, () => signIn('tf-race', { totp: code })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 401, 401]);
    for (const reply of replies.filter((one) => one.status !== 200)) {
      expectError(reply, 401, 'twoFactorWrong');
    }
    // the code check itself, many at once, each reading the last step before any writes it
    clock.advance(STEP_MS);
    const next = await codeAt(clock, secret);
    const checks = await Promise.all(
      Array.from({ length: 8 }, () => api.app.twoFactor.verifyCode(ids['tf-race']!, next)),
    );
    expect(checks.filter(Boolean)).toHaveLength(1);
  });

  it('counts wrong codes against the same sign-in limit as wrong passwords', async () => {
    const token = await api.signIn('tf-limit', PASSWORD);
    await enrol('tf-limit', token);
    const secret = secrets['tf-limit']!;
    expectError(await signIn('tf-limit', {}, 'wrong-password-1'), 401, 'wrongCredentials');
    for (let i = 1; i < LIMIT; i++) {
      expectError(
        await signIn('tf-limit', { totp: await wrongCode(clock, secret) }),
        401,
        'twoFactorWrong',
      );
    }
    // LIMIT failures, a password and codes: now even the right code is not looked at
    const limited = await signIn('tf-limit', { totp: await codeAt(clock, secret) });
    expectError(limited, 429, 'rateLimited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('signs in with a recovery code once, however it is typed', async () => {
    const token = await api.signIn('tf-recovery', PASSWORD);
    const codes = await enrol('tf-recovery', token);
    const typed = codes[3]!.toUpperCase().replaceAll('-', ' ');
    const first = await signIn('tf-recovery', { recovery_code: typed });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectError(await signIn('tf-recovery', { recovery_code: codes[3]! }), 401, 'twoFactorWrong');
    expectError(
      await signIn('tf-recovery', { recovery_code: 'aaaa-bbbb-cccc-dddd' }),
      401,
      'twoFactorWrong',
    );
    const status = await api.request('GET', '/api/two-factor', { token });
    expect(status.body.data.recovery_codes_left).toBe(9);
    expect((await signIn('tf-recovery', { recovery_code: codes[4]! })).status).toBe(200);

    const used = await log('recovery_code_used', ids['tf-recovery']);
    expect(used.map((event) => event.details.left)).toEqual([8, 9]);
    const failed = await log('two_factor_failed', ids['tf-recovery']);
    expect(failed.map((event) => event.details.with)).toEqual(['recovery_code', 'recovery_code']);
  });

  it('makes new recovery codes in place of the old, with the password or a code', async () => {
    const session = (
      await signIn('tf-recovery', { totp: await codeAt(clock, secrets['tf-recovery']!) })
    ).body.data as string;
    const path = '/api/two-factor/recovery-codes';
    expectError(await api.request('POST', path, { token: session, json: {} }), 400, 'validation');
    expectError(
      await api.request('POST', path, { token: session, json: { password: 'wrong-password-1' } }),
      400,
      'twoFactor.proofWrong',
    );
    const byPassword = await api.request('POST', path, {
      token: session,
      json: { password: PASSWORD },
    });
    expect(byPassword.status).toBe(200);
    const fresh = byPassword.body.data as string[];
    expect(fresh).toHaveLength(10);
    clock.advance(STEP_MS);
    const byCode = await api.request('POST', path, {
      token: session,
      json: { code: await codeAt(clock, secrets['tf-recovery']!) },
    });
    expect(byCode.status).toBe(200);
    const newest = byCode.body.data as string[];
    expect(newest.some((code) => fresh.includes(code))).toBe(false);
    // the replaced codes no longer sign in; the new ones do
    expectError(await signIn('tf-recovery', { recovery_code: fresh[0]! }), 401, 'twoFactorWrong');
    expect((await signIn('tf-recovery', { recovery_code: newest[0]! })).status).toBe(200);
    expect((await log('recovery_codes_new', ids['tf-recovery'])).length).toBe(2);
  });

  it('is turned off by its user with the password or a code, or by an admin for another', async () => {
    // its user: the password or a current code
    const editor = (await signIn('tf-editor', { totp: await codeAt(clock, secrets['tf-editor']!) }))
      .body.data as string;
    expectError(
      await api.request('DELETE', '/api/two-factor', {
        token: editor,
        json: { code: await wrongCode(clock, secrets['tf-editor']!) },
      }),
      400,
      'twoFactor.proofWrong',
    );
    clock.advance(STEP_MS);
    const off = await api.request('DELETE', '/api/two-factor', {
      token: editor,
      json: { code: await codeAt(clock, secrets['tf-editor']!) },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await signIn('tf-editor')).status).toBe(200);
    expectError(
      await api.request('DELETE', '/api/two-factor', {
        token: editor,
        json: { password: PASSWORD },
      }),
      409,
      'twoFactor.notOn',
    );

    // another user's: an admin's act only
    const sales = await api.signIn('tf-sales', PASSWORD);
    await enrol('tf-sales', sales);
    const theirs = `/api/users/${ids['tf-sales']}/two-factor`;
    expectError(await api.request('DELETE', theirs, { token: editor }), 403, 'forbidden');
    const adminId = (await api.request('GET', '/api/me', { token: admin })).body.data.id as number;
    expectError(
      await api.request('DELETE', `/api/users/${adminId}/two-factor`, { token: admin }),
      403,
      'forbidden',
    );
    expect((await api.request('DELETE', theirs, { token: admin })).status).toBe(200);
    expectError(await api.request('DELETE', theirs, { token: admin }), 409, 'twoFactor.notOn');
    expectError(
      await api.request('DELETE', '/api/users/99999/two-factor', { token: admin }),
      404,
      'notFound',
    );
    expect((await signIn('tf-sales')).status).toBe(200);

    const own = await log('two_factor_off', ids['tf-editor']);
    expect(own).toMatchObject([{ user_name: 'tf-editor', details: { by: 'self' } }]);
    const byAdmin = await log('two_factor_off', ids['tf-sales']);
    expect(byAdmin).toMatchObject([
      { user_name: ADMIN.user_name, user_id: adminId, details: { by: 'admin' } },
    ]);
  });

  it('limits wrong proofs like wrong sign-ins', async () => {
    const session = (
      await signIn('tf-drift', { totp: await codeAt(clock, secrets['tf-drift']!, 1) })
    ).body.data as string;
    clock.advance(STEP_MS);
    for (let i = 0; i < LIMIT; i++) {
      expectError(
        await api.request('DELETE', '/api/two-factor', {
          token: session,
          json: { password: `wrong-password-${i}` },
        }),
        400,
        'twoFactor.proofWrong',
      );
    }
    expectError(
      await api.request('DELETE', '/api/two-factor', {
        token: session,
        json: { password: PASSWORD },
      }),
      429,
      'rateLimited',
    );
  });

  it('is turned off by whoever runs the server: pnpm reset-password --two-factor-off', async () => {
    const run = spawnSync(
      process.execPath,
      [
        join(import.meta.dirname, '../../src/cli/resetPassword.ts'),
        'tf-recovery',
        '--two-factor-off',
      ],
      {
        env: {
          ...process.env,
          DATA_DIR: api.dataDir,
          DATABASE_URL: api.config.databaseUrl ?? '',
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Two-factor sign-in is off for this user.');
    const password = /New password for "tf-recovery": (\S+)/.exec(run.stdout)![1]!;
    expect((await signIn('tf-recovery', {}, password)).status).toBe(200);
    const off = await log('two_factor_off', ids['tf-recovery']);
    expect(off).toMatchObject([{ user_id: null, details: { by: 'reset-password' } }]);
  });
});

describe.skipIf(skipReason)('two-factor sign-in required for admins', () => {
  let api: TestApi;
  const clock = new TestClock(Date.parse('2026-12-01T10:00:05Z'));

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false, TWO_FACTOR_REQUIRED_FOR_ADMINS: true }, { clock });
  });
  afterAll(() => api?.close());

  it('lets an admin without it reach only its set-up, until it is on', async () => {
    const admin = await api.signIn();
    const refused = await api.request('GET', '/api/users', { token: admin });
    expectError(refused, 403, 'twoFactor.enrolmentRequired');
    expectError(
      await api.request('POST', '/api/categories', { token: admin, json: { name_ru: 'x' } }),
      403,
      'twoFactor.enrolmentRequired',
    );
    expect((await api.request('GET', '/api/me', { token: admin })).status).toBe(200);
    const status = await api.request('GET', '/api/two-factor', { token: admin });
    expect(status.body.data).toMatchObject({ enabled: false, required: true });

    const setup = await api.request('POST', '/api/two-factor/setup', { token: admin });
    const secret = setup.body.data.secret as string;
    const confirm = await api.request('POST', '/api/two-factor/confirm', {
      token: admin,
      json: { code: await codeAt(clock, secret) },
    });
    expect(confirm.status).toBe(200);
    // the same session goes on, now with everything open
    expect((await api.request('GET', '/api/users', { token: admin })).status).toBe(200);

    // editors are not held; another admin is, until theirs is on
    for (const [name, role] of [
      ['req-editor', 'editor'],
      ['req-admin', 'admin'],
    ] as const) {
      const made = await api.request('POST', '/api/users', {
        token: admin,
        json: { user_name: name, password: PASSWORD, email: `${name}@example.uz`, role },
      });
      expect(made.status).toBe(201);
    }
    const editor = await api.signIn('req-editor', PASSWORD);
    expect((await api.request('GET', '/api/categories', { token: editor })).status).toBe(200);
    expect(
      (await api.request('GET', '/api/two-factor', { token: editor })).body.data.required,
    ).toBe(false);
    const second = await api.signIn('req-admin', PASSWORD);
    expectError(
      await api.request('GET', '/api/leads', { token: second }),
      403,
      'twoFactor.enrolmentRequired',
    );
    expect((await api.request('POST', '/api/signout', { token: second, json: {} })).status).toBe(
      200,
    );
  });
});
