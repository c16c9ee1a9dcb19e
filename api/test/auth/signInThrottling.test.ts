import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Reply, type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Guessing passwords: an account being guessed is locked for unknown clients, while its owner's
// browser, known by a signed device cookie, still signs in; an address that fails too often is
// refused whatever cookie it shows.

function cookieOf(reply: Reply, name: string): string | undefined {
  return reply.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0]!)
    .find((pair) => pair.startsWith(`${name}=`));
}

describe.skipIf(skipReason)('sign-in throttling with device cookies', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi({
      TRUST_PROXY: 'true',
      SIGNIN_RATE_LIMIT: 3,
      SIGNIN_IP_RATE_LIMIT: 5,
    });
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  // every test posts from addresses of its own (behind the trusted proxy)
  let address = 1;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${address++}` });

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
