import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Values no field takes: a NUL byte, a number past the database's integers, a link that is no
// http(s) one. Each is refused with a 400 that names it, and nothing is stored.

const lead = { name: 'Aziz', phone: '+998 90 123 45 67', email: '', message: 'Hello' };

describe.skipIf(skipReason)('values no field takes', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi({ TRUST_PROXY: 'true' });
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  // every test posts from addresses of its own (behind the trusted proxy)
  let address = 1;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${address++}` });

  describe('NUL bytes and out-of-range numbers', () => {
    it.each([
      ['GET', '/api/products?q=%00'],
      ['GET', '/api/products?q=a%00b'],
      ['GET', '/api/products/2147483648'],
      ['GET', '/api/products?category_id=2147483648'],
      ['GET', '/api/products?page=2147483648'],
      ['GET', '/api/products?limit=99999999999999999999'],
      ['GET', '/api/categories/-1'],
      ['GET', '/api/categories/0'],
      ['GET', '/api/categories/abc'],
    ])('%s %s answers 400', async (method, path) => {
      for (const auth of [undefined, token]) {
        const reply = await api.request(method, path, { token: auth });
        expect(reply.status, path).toBe(400);
        expect(typeof reply.body.error).toBe('string');
      }
    });

    it('refuses a NUL in a public form (400) and stores nothing', async () => {
      const before = (await api.request('GET', '/api/leads', { token })).body.total;
      const reply = await api.request('POST', '/api/leads', {
        headers: from(),
        json: { ...lead, name: 'Az\u0000iz' },
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        error: 'name: must not contain NUL characters',
        code: 'validation',
        field: 'name',
      });
      expect((await api.request('GET', '/api/leads', { token })).body.total).toBe(before);
    });

    it('refuses an out-of-range id in a staff write (400)', async () => {
      for (const method of ['PUT', 'DELETE']) {
        const reply = await api.request(method, '/api/categories/2147483648', {
          token,
          ...(method === 'PUT' ? { json: { name_ru: 'x' } } : {}),
        });
        expect(reply.status, method).toBe(400);
        expect(reply.body.error).toBe('id: must be <= 2147483647');
      }
    });

    it('refuses an out-of-range foreign key (400)', async () => {
      const reply = await api.request('POST', '/api/products', {
        token,
        json: { name_ru: 'Лента', category_id: 2147483648 },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('category_id: must be <= 2147483647');
    });
  });

  describe('links', () => {
    it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', 'ftp://x.example'])(
      'a category link %s is refused',
      async (link) => {
        const reply = await api.request('POST', '/api/categories', {
          token,
          json: { name_ru: 'Ссылка', link },
        });
        expect(reply.status).toBe(400);
        expect(reply.body.error).toBe('link: must be an http(s) link');
      },
    );

    it.each(['https://example.uz/a', '/catalog/1', ''])(
      'a category link %j is kept',
      async (link) => {
        const reply = await api.request('POST', '/api/categories', {
          token,
          json: { name_ru: 'Ссылка', link },
        });
        expect(reply.status).toBe(201);
        expect(reply.body.data.link).toBe(link);
      },
    );
  });
});
