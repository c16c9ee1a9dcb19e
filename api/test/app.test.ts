import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMEOUTS } from '../src/app.ts';
import { type TestApi, startApi } from './helpers/api.ts';
import { skipReason } from './helpers/database.ts';

// A slow client cannot hold a connection open for ever, and no timeout cuts a request the
// server is still working on; a graceful close answers the requests running, then ends.

describe.skipIf(skipReason)('connection timeouts', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi({}, { keepAliveAsBuilt: true });
  });
  afterAll(() => api?.close());

  it('sets the connection timeouts on purpose', () => {
    const server = api.app.server;
    expect(server.headersTimeout).toBe(TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(TIMEOUTS.requestMs);
    expect(server.keepAliveTimeout).toBe(TIMEOUTS.keepAliveMs);
    // no socket inactivity timeout: it would cut requests the server is still working on
    expect(server.timeout).toBe(0);
  });
});

describe.skipIf(skipReason)('a graceful close', () => {
  it("answers a request running when it begins, and does not wait out that connection's keep-alive", async () => {
    // the tests' keep-alive of a minute (helpers/api.ts), which the close would otherwise wait out
    const api = await startApi({});
    expect(api.app.server.keepAliveTimeout).toBeGreaterThanOrEqual(60_000);
    const agent = new Agent({ keepAlive: true });
    const url = new URL(`${api.url}/api/signin`);
    const body = JSON.stringify({ user_name: 'admin', password: 'not-the-password' });
    // a sign-in takes its password hash's time: still running when the close begins, once the
    // server has it (a close begun before would refuse the connection)
    const arrived = new Promise((resolve) => api.app.server.once('request', resolve));
    const answered = new Promise<number>((resolve, reject) => {
      const sent = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (reply) => {
          reply.resume();
          reply.on('end', () => resolve(reply.statusCode ?? 0));
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
    await arrived;
    const started = performance.now();
    await api.close();
    const closing = performance.now() - started;
    expect(await answered).toBe(401);
    expect(closing).toBeLessThan(30_000);
    agent.destroy();
  });
});
