import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SETTINGS_DEFAULTS } from '@conveyor/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The build's reads of the API (src/lib/api.ts), and the company data the plan gives every page
// (src/lib/plan.ts), against a stand-in that answers /api/settings
// with the status a test asks for, and every list with one product (whose detail it gives).
let server: Server;
let status = 200;
const company = { ...SETTINGS_DEFAULTS, legal_name: 'OOO Test', updated_at: null };
const product = { id: 7, category_id: 1, name_ru: 'ЛК-400' };

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/api/settings') {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status === 200 ? { data: company } : { error: 'no' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    if (path === '/api/products/7') {
      response.end(
        JSON.stringify({ data: { ...product, images: [{ id: 1, src: 'a.jpg' }], media: [] } }),
      );
    } else {
      const rows = path === '/api/products' ? [product] : [];
      response.end(JSON.stringify({ data: rows, totalPages: 1 }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => {
  vi.unstubAllEnvs();
  return new Promise((resolve) => server.close(resolve));
});
// each build reads the data once (kept on globalThis for the build's module instances): a
// fresh module and no kept data is a fresh build
beforeEach(() => {
  vi.resetModules();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('conveyor.site.data')];
});
/** The company data every page of a build is given. */
const load = async () => {
  const { siteData } = await import('../src/lib/api.ts');
  const { planSite } = await import('../src/lib/plan/site.ts');
  return planSite(await siteData())[0]!.props.company;
};

describe('the data a build reads', () => {
  it('are every list, each product with its detail', async () => {
    status = 200;
    const data = await (await import('../src/lib/api.ts')).siteData();
    expect(data.products).toEqual([{ ...product, images: [{ id: 1, src: 'a.jpg' }], media: [] }]);
    expect(data.categories).toEqual([]);
  });

  it('are the snapshot file the publishing runner wrote, when there is one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'site-data-'));
    const snapshot = {
      settings: null,
      categories: [{ id: 2, attributes: [] }],
      attributes: [],
      products: [],
      projects: [],
      clients: [],
      documents: [],
      testimonials: [],
    };
    await writeFile(join(dir, 'data.json'), JSON.stringify(snapshot));
    vi.stubEnv('SITE_DATA', join(dir, 'data.json'));
    try {
      const data = await (await import('../src/lib/api.ts')).siteData();
      expect(data.categories).toEqual([{ id: 2, attributes: [] }]);
      // no settings record: the spec's defaults
      expect(await load()).toEqual({
        ...SETTINGS_DEFAULTS,
        created_at: null,
        updated_at: null,
      });
    } finally {
      vi.stubEnv('SITE_DATA', '');
      await rm(dir, { recursive: true, force: true });
    }
  });
});

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
