import { ERROR_CODES } from '@conveyor/shared';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Every route of the API (as its OpenAPI document lists them), anonymous and signed in, with
// hostile input: NUL bytes, huge and negative numbers, wrong types, malformed JSON and
// multipart, unknown fields. Never a 5xx; a refusal is a 4xx with an `{ error, code }` body. Runs on
// SQLite and PostgreSQL alike.

interface Route {
  method: string;
  path: string;
  /** The body schema's properties, when the route takes a JSON body. */
  properties: Record<string, { type?: string | string[] }>;
  /** Whether its OpenAPI operation declares query parameters (a list). */
  takesQuery: boolean;
}

const HOSTILE_IDS = ['0', '-1', '2147483648', '99999999999999999999', 'abc', '%00', '1%00', '1.5'];
const HOSTILE_QUERIES = [
  'q=%00',
  'q=a%00b',
  'page=-1',
  'page=abc',
  'page=99999999999999999999',
  'limit=0',
  'limit=-5',
  'limit=1e400',
  'page=1e400',
  'category_id=1e400',
  'sort=%00',
  'sort=password_hash',
  'order=sideways',
  'id=abc',
  'id=2147483648',
  'category_id=-5',
  'product_id=%00',
  'search=%00',
];
const MALFORMED_JSON = ['{', '{"a":', '[1,2', 'nul', '\u0000', '{"a":"\\u0000"}'];
const WRONG_VALUES: unknown[] = [
  { nested: { deeper: true } },
  ['a', 'b'],
  1e308,
  -1,
  2147483648,
  'x'.repeat(10_001),
  null,
];

/** A whole-response check: not a server error, and a refusal says why. */
function expectHandled(
  reply: { status: number; body: unknown },
  what: string,
  mustRefuse: boolean,
) {
  expect(reply.status, what).toBeLessThan(500);
  if (mustRefuse) expect(reply.status, what).toBeGreaterThanOrEqual(400);
  if (reply.status >= 400) {
    expect(reply.body, what).toMatchObject({ error: expect.any(String) });
    expect(ERROR_CODES, what).toContain((reply.body as { code?: unknown }).code);
  }
}

describe.skipIf(skipReason)('hostile input on every route', () => {
  let api: TestApi;
  let token: string;
  let routes: Route[];

  beforeAll(async () => {
    api = await startApi({ TRUST_PROXY: 'true' });
    token = await api.signIn();
    const doc = (await api.request('GET', '/api/docs/json')).body as {
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content?: Record<string, any> }; parameters?: { in: string }[] }
        >
      >;
    };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'delete'].includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          properties:
            operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
          takesQuery: (operation.parameters ?? []).some((p) => p.in === 'query'),
        })),
    );
  });
  afterAll(() => api?.close());

  // each request from an address of its own, so that rate limits do not hide the answers
  let address = 0;
  const from = () => ({
    'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
  });
  const send = (method: string, path: string, auth: string | undefined, init: RequestInit = {}) =>
    fetch(api.url + path, {
      method,
      ...init,
      headers: {
        ...from(),
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        ...(init.headers as Record<string, string>),
      },
    }).then(async (response) => {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body };
    });

  /**
   * The requests of a test, eight at a time: each is checked on its own, so their order does
   * not matter, and thousands one after another would each wait for the last.
   */
  const concurrently = async (checks: (() => Promise<void>)[]) => {
    const limit = pLimit(8);
    await Promise.all(checks.map((check) => limit(check)));
  };

  it('finds the routes to attack', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.some((r) => r.method === 'POST' && r.path === '/api/leads')).toBe(true);
  });

  it('refuses hostile ids in the path (4xx), signed in or not', async () => {
    const checks: (() => Promise<void>)[] = [];
    for (const route of routes.filter((r) => r.path.includes('{id}'))) {
      for (const id of HOSTILE_IDS) {
        const path = route.path.replace('{id}', id);
        for (const auth of [undefined, token]) {
          checks.push(async () => {
            const body = route.method === 'PUT' ? '{}' : undefined;
            const reply = await send(route.method, path, auth, {
              body,
              headers: body ? { 'content-type': 'application/json' } : {},
            });
            expectHandled(reply, `${route.method} ${path} ${auth ? 'staff' : 'anonymous'}`, true);
          });
        }
      }
    }
    await concurrently(checks);
  });

  it('answers hostile queries on every list without a server error', async () => {
    const checks: (() => Promise<void>)[] = [];
    for (const route of routes.filter((r) => r.method === 'GET' && !r.path.includes('{'))) {
      for (const query of HOSTILE_QUERIES) {
        for (const auth of [undefined, token])
          checks.push(async () => {
            const reply = await send('GET', `${route.path}?${query}`, auth);
            // NUL bytes and out-of-range numbers are always refused
            // (a filter a list does not have is dropped like any unknown parameter)
            // (and an export, which is never paged, drops `page` and `limit` the same way)
            const filter = /^(category_id|product_id|search|page|limit)=/.exec(query)?.[1];
            const exported = route.path.endsWith('/export');
            const applies =
              !filter ||
              ((filter === 'page' || filter === 'limit') && !exported) ||
              (filter === 'category_id' && route.path === '/api/products') ||
              (filter === 'product_id' &&
                (route.path === '/api/media' || route.path.startsWith('/api/leads'))) ||
              (filter === 'search' && route.path === '/api/users');
            // A route without query parameters drops them all, as unknown ones; so do the
            // translations' routes, which are no lists (a language and a resource, no paging).
            const takesQuery = route.takesQuery && !route.path.startsWith('/api/translations/');
            const mustRefuse =
              query.includes('%00') ||
              (takesQuery && applies && /2147483648|9999|=-|=0$|=abc|1e400|sideways/.test(query));
            expectHandled(reply, `GET ${route.path}?${query}`, mustRefuse);
          });
      }
    }
    await concurrently(checks);
  });

  it('refuses malformed JSON and multipart bodies on every write', async () => {
    const checks: (() => Promise<void>)[] = [];
    for (const route of routes.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      const path = route.path.replace('{id}', '1');
      for (const auth of [undefined, token]) {
        for (const body of MALFORMED_JSON) {
          checks.push(async () => {
            const reply = await send(route.method, path, auth, {
              body,
              headers: { 'content-type': 'application/json' },
            });
            expectHandled(reply, `${route.method} ${path} ${JSON.stringify(body)}`, true);
          });
        }
        for (const type of [
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'multipart/form-data; boundary=' + 'b'.repeat(200),
        ]) {
          checks.push(async () => {
            const reply = await send(route.method, path, auth, {
              body: '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\nunfinished',
              headers: { 'content-type': type },
            });
            expectHandled(reply, `${route.method} ${path} ${type}`, true);
          });
        }
        checks.push(async () => {
          const text = await send(route.method, path, auth, {
            body: 'plain',
            headers: { 'content-type': 'text/plain' },
          });
          expectHandled(text, `${route.method} ${path} text/plain`, true);
        });
      }
    }
    await concurrently(checks);
  });

  it('refuses NUL bytes and survives wrong types and unknown fields in every body field', async () => {
    // (sign-out is left out: it would end the session the staff half of the test uses)
    const writes = routes.filter(
      (r) => (r.method === 'POST' || r.method === 'PUT') && r.path !== '/api/signout',
    );
    // An anonymous write to a staff route is refused (401) before its body is read: one NUL
    // body each shows it; the public writes (forms, sign-in) get every field anonymously too.
    const staffOnly = new Set<Route>();
    await concurrently(
      writes.map((route) => async () => {
        const path = route.path.replace('{id}', '1');
        const nul = await send(route.method, path, undefined, {
          body: JSON.stringify({ [Object.keys(route.properties)[0] ?? 'x']: 'a\u0000b' }),
          headers: { 'content-type': 'application/json' },
        });
        expectHandled(nul, `${route.method} ${path} anonymous NUL`, true);
        if (nul.status === 401) staffOnly.add(route);
      }),
    );
    expect(staffOnly.size).toBeGreaterThan(0);
    expect(staffOnly.size).toBeLessThan(writes.length);
    const checks: (() => Promise<void>)[] = [];
    for (const route of writes) {
      const fields = Object.keys(route.properties);
      const path = route.path.replace('{id}', '1');
      for (const auth of staffOnly.has(route) ? [token] : [undefined, token]) {
        for (const field of fields)
          checks.push(async () => {
            const nul = await send(route.method, path, auth, {
              body: JSON.stringify({ [field]: 'a\u0000b' }),
              headers: { 'content-type': 'application/json' },
            });
            expectHandled(nul, `${route.method} ${path} ${field}=NUL`, true);
            const infinite = await send(route.method, path, auth, {
              body: `{"${field}": 1e400}`,
              headers: { 'content-type': 'application/json' },
            });
            expectHandled(infinite, `${route.method} ${path} ${field}=1e400`, true);
            for (const value of WRONG_VALUES) {
              const reply = await send(route.method, path, auth, {
                body: JSON.stringify({ [field]: value }),
                headers: { 'content-type': 'application/json' },
              });
              expectHandled(reply, `${route.method} ${path} ${field}=${String(value)}`, false);
            }
          });
        checks.push(async () => {
          const unknown = await send(route.method, path, auth, {
            body: JSON.stringify({ __proto__: { admin: true }, constructor: 'x', zzz: 1 }),
            headers: { 'content-type': 'application/json' },
          });
          expectHandled(unknown, `${route.method} ${path} unknown fields`, false);
        });
      }
    }
    await concurrently(checks);
    // still alive and whole after all of it
    expect((await api.request('GET', '/api/health')).status).toBe(200);
    expect((await api.request('GET', '/api/me', { token })).status).toBe(200);
    // Some thousands of requests: every field of every write, staff and (public ones) anonymous.
  }, 180_000);
});
