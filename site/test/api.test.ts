import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SETTINGS_DEFAULTS } from '@conveyor/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The build's reads of the API (src/lib/api.ts) against a stand-in that answers /api/settings
// with the status a test asks for.
let server: Server;
let status = 200;
const company = { ...SETTINGS_DEFAULTS, legal_name: 'OOO Test', updated_at: null };

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(status === 200 ? { data: company } : { error: 'no' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => {
  vi.unstubAllEnvs();
  return new Promise((resolve) => server.close(resolve));
});
// each build reads the settings once: a fresh module is a fresh build
beforeEach(() => vi.resetModules());
const load = async () => (await import('../src/lib/api.ts')).settings();

describe('the company data a build reads', () => {
  it('are the API settings record', async () => {
    status = 200;
    expect(await load()).toMatchObject({ legal_name: 'OOO Test' });
  });

  it('fall back to the defaults when the API has no settings record', async () => {
    status = 404;
    expect(await load()).toEqual({ ...SETTINGS_DEFAULTS, created_at: null, updated_at: null });
  });

  it('fail the build when the API fails, rather than publish the defaults', async () => {
    status = 500;
    await expect(load()).rejects.toThrow(/GET \/settings: 500/);
  });

  it('fail the build when the API cannot be reached', async () => {
    vi.stubEnv('API_URL', 'http://127.0.0.1:1');
    await expect(load()).rejects.toThrow();
  });
});
