import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMEOUTS } from '../src/app.ts';
import { type TestApi, startApi } from './helpers/api.ts';
import { skipReason } from './helpers/database.ts';

// A slow client cannot hold a connection open for ever, and no timeout cuts a request the
// server is still working on.

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
