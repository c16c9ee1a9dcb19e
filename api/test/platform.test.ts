import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from './helpers/api.ts';
import { skipReason } from './helpers/database.ts';

// What surrounds the routes: the OpenAPI document, security headers, CORS.

describe.skipIf(skipReason)('platform', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi({ CORS_ORIGINS: 'https://admin.example.uz, http://localhost:5173' });
  });

  afterAll(() => api?.close());

  it('serves an OpenAPI document built from the route schemas, and Swagger UI at /api/docs', async () => {
    const doc = await api.request('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.body.paths);
    for (const resource of [
      'categories',
      'products',
      'media',
      'project',
      'leads',
      'suppliers',
      'testimonials',
      'clients',
      'users',
    ]) {
      expect(paths).toContain(`/api/${resource}`);
      expect(paths).toContain(`/api/${resource}/{id}`);
    }
    for (const path of ['/api/signin', '/api/signout', '/api/me', '/api/settings'])
      expect(paths).toContain(path);
    const list = doc.body.paths['/api/products'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'sort', 'order', 'q', 'category_id']),
    );
    const create = doc.body.paths['/api/products'].post;
    expect(Object.keys(create.requestBody.content)).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(create.security).toEqual([{ bearer: [] }]);
    const ui = await fetch(`${api.url}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/swagger/i);
  });

  it('sets security headers on API answers', async () => {
    const reply = await api.request('GET', '/api/categories');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(reply.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
    expect(reply.headers.get('x-powered-by')).toBeNull();
  });

  it('allows CORS from configured origins only', async () => {
    const allowed = await fetch(`${api.url}/api/categories`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://admin.example.uz',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.example.uz');
    expect(allowed.headers.get('access-control-allow-methods')).toMatch(/PUT/);
    const refused = await fetch(`${api.url}/api/categories`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers health checks with the database in use', async () => {
    const reply = await api.request('GET', '/api/health');
    expect(reply.body).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite',
    });
  });
});
