import { createConfig, lintFromString } from '@redocly/openapi-core';
import { RESOURCES } from '@conveyor/shared';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedHeaders } from '../../src/plugins/security.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

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

  describe('the OpenAPI document for outside tools', () => {
    type Operation = { operationId?: string; security?: unknown[] };
    let doc: {
      info: { license?: { name: string; identifier?: string } };
      servers?: { url: string }[];
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = () =>
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          at: `${method.toUpperCase()} ${path}`,
          ...operation,
        })),
      );
    beforeAll(async () => {
      doc = (await api.request('GET', '/api/docs/json')).body;
    });

    it("passes Redocly's recommended lint without an error", async () => {
      // the ruleset ships with the package: nothing is fetched
      const config = await createConfig({ extends: ['recommended'] });
      const problems = await lintFromString({
        source: JSON.stringify(doc),
        absoluteRef: '/api/docs/json',
        config,
      });
      const errors = problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(errors).toEqual([]);
      expect(doc.servers?.length).toBeGreaterThan(0);
      expect(doc.info.license?.name).toBeTruthy();
    });

    it('gives every operation a readable operationId of its own', () => {
      const all = operations();
      expect(all.length).toBeGreaterThan(100);
      expect(all.filter((op) => !op.operationId).map((op) => op.at)).toEqual([]);
      for (const op of all) expect(op.operationId, op.at).toMatch(/^[a-z]+(?:[A-Z][a-z]*)+$/);
      const seen = new Map<string, string[]>();
      for (const op of all)
        seen.set(op.operationId!, [...(seen.get(op.operationId!) ?? []), op.at]);
      expect([...seen.values()].filter((ats) => ats.length > 1)).toEqual([]);
      // a registry resource's routes are named alike
      const id = (method: string, path: string) => doc.paths[path]?.[method]?.operationId;
      expect(
        ['get', 'post']
          .map((m) => id(m, '/api/products'))
          .concat(['get', 'put', 'delete'].map((m) => id(m, '/api/products/{id}'))),
      ).toEqual(['listProducts', 'createProduct', 'getProduct', 'updateProduct', 'deleteProduct']);
      expect(id('get', '/api/categories/{id}/revisions')).toBe('listCategoryRevisions');
      expect(id('get', '/api/leads/export')).toBe('exportLeads');
      for (const resource of RESOURCES) {
        expect(id('get', `/api/${resource}`), resource).toMatch(/^list[A-Z]/);
        expect(id('get', `/api/${resource}/{id}`), resource).toMatch(/^get[A-Z]/);
      }
      expect(id('post', '/api/signin')).toBe('signIn');
    });

    it('says which operations need no token: security [] on the public ones', () => {
      const security = (method: string, path: string) => doc.paths[path]?.[method]?.security;
      for (const [method, path] of [
        ['get', '/api/products'],
        ['get', '/api/categories/{id}'],
        ['post', '/api/leads'],
        ['post', '/api/suppliers'],
        ['post', '/api/signin'],
        ['get', '/api/health'],
      ] as const) {
        expect(security(method, path), `${method} ${path}`).toEqual([]);
      }
      for (const [method, path] of [
        ['get', '/api/leads'],
        ['put', '/api/products/{id}'],
        ['get', '/api/me'],
      ] as const) {
        expect(security(method, path), `${method} ${path}`).toEqual([{ bearer: [] }]);
      }
      expect(
        operations()
          .filter((op) => !Array.isArray(op.security))
          .map((op) => op.at),
      ).toEqual([]);
    });
  });

  it('sets security headers on API answers', async () => {
    const reply = await api.request('GET', '/api/categories');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(reply.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
    expect(reply.headers.get('x-powered-by')).toBeNull();
  });

  it("sets helmet's own headers, worked out once, on every answer: a cached read, a fresh one, an error", async () => {
    // what helmet's middleware sets on a real response, with the options the server passes it
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    const options = {
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'"] } },
    } as const;
    helmet(options)(response.req, response, () => {});
    const expected = Object.fromEntries(
      Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(fixedHeaders(options)).toEqual(expected);

    const miss = await fetch(`${api.url}/api/categories?page=1&limit=3`);
    const hit = await fetch(`${api.url}/api/categories?page=1&limit=3`);
    const missing = await fetch(`${api.url}/api/products/987654`);
    expect([miss.headers.get('x-cache'), hit.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    expect(missing.status).toBe(404);
    const security = (answer: Response) =>
      ['content-security-policy', 'strict-transport-security', 'x-frame-options'].map((name) =>
        answer.headers.get(name),
      );
    expect(security(miss)[0]).toMatch(/img-src 'self' data: blob:/);
    expect(security(hit)).toEqual(security(miss));
    expect(security(missing)).toEqual(security(miss));
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
