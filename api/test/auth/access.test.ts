import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Who may do what (DESIGN section 3), walked as a matrix: every resource × every call ×
// anonymous and staff. Anonymous callers see active public content only, may post leads and
// supplier applications, and nothing else.

type Body = Record<string, unknown>;
const PUBLIC = ['categories', 'products', 'media', 'project', 'testimonials', 'clients'] as const;
const FORMS = ['leads', 'suppliers'] as const;
type Resource = (typeof PUBLIC)[number] | (typeof FORMS)[number] | 'users';

describe.skipIf(skipReason)('access matrix', () => {
  let api: TestApi;
  let token: string;
  const active: Partial<Record<Resource, number>> = {};
  const inactive: Partial<Record<Resource, number>> = {};
  let bodies: Record<Resource, () => Body>;
  let serial = 0;

  beforeAll(async () => {
    api = await startApi();
    token = await api.signIn();
    const create = async (resource: Resource, body: Body) => {
      const reply = await api.request('POST', `/api/${resource}`, { token, json: body });
      expect(reply.status, `${resource}: ${JSON.stringify(reply.body)}`).toBe(201);
      return reply.body.data.id as number;
    };
    const categoryId = await create('categories', { name_ru: 'Категория' });
    const productId = await create('products', { name_ru: 'Продукт', category_id: categoryId });
    bodies = {
      categories: () => ({ name_ru: `Категория ${++serial}` }),
      products: () => ({ name_ru: `Продукт ${++serial}`, category_id: categoryId }),
      media: () => ({
        title_en: `Video ${++serial}`,
        link: 'https://youtu.be/x',
        product_id: productId,
      }),
      project: () => ({ title_en: `Project ${++serial}`, link: 'https://youtu.be/y' }),
      testimonials: () => ({ name_uz: `Mijoz ${++serial}`, message_uz: 'Rahmat!' }),
      clients: () => ({ name: `Client ${++serial}` }),
      leads: () => ({ name: 'Ali', phone: '+998 90 123 45 67', message: 'Salom' }),
      suppliers: () => ({
        company_name: 'Supplier LLC',
        inn: '123456789',
        contact_person: 'Vali',
        phone: '+998 90 765 43 21',
        email: 'vali@example.uz',
        offer: 'Bearings',
      }),
      users: () => ({
        user_name: `user${++serial}`,
        password: 'password-123',
        email: `u${serial}@example.uz`,
      }),
    };
    for (const resource of [...PUBLIC, 'suppliers', 'users'] as const) {
      active[resource] = await create(resource, bodies[resource]());
      inactive[resource] = await create(resource, { ...bodies[resource](), is_active: false });
    }
    active.leads = await create('leads', bodies.leads());
  });

  afterAll(() => api?.close());

  describe('anonymous', () => {
    for (const resource of PUBLIC) {
      it(`${resource}: reads active records only`, async () => {
        const list = await api.request('GET', `/api/${resource}?limit=100`);
        expect(list.status).toBe(200);
        const ids = list.body.data.map((r: { id: number }) => r.id);
        expect(ids).toContain(active[resource]);
        expect(ids).not.toContain(inactive[resource]);
        expect(list.body.data.every((r: { is_active: boolean }) => r.is_active)).toBe(true);
        expect((await api.request('GET', `/api/${resource}/${active[resource]}`)).status).toBe(200);
        const hidden = await api.request('GET', `/api/${resource}/${inactive[resource]}`);
        expect(hidden.status).toBe(404);
        expect(hidden.body).toEqual({ error: 'Not found', code: 'notFound' });
      });

      it(`${resource}: may not create, update or delete`, async () => {
        const id = active[resource]!;
        const before = await api.request('GET', `/api/${resource}/${id}`);
        for (const [method, path, json] of [
          ['POST', `/api/${resource}`, bodies[resource]()],
          ['PUT', `/api/${resource}/${id}`, { is_active: false }],
          ['DELETE', `/api/${resource}/${id}`, undefined],
        ] as const) {
          const reply = await api.request(method, path, json ? { json } : {});
          expect(reply.status, `${method} ${path}`).toBe(401);
          expect(reply.body).toEqual({ error: 'Authentication required', code: 'unauthorized' });
        }
        expect((await api.request('GET', `/api/${resource}/${id}`)).body).toEqual(before.body);
      });
    }

    for (const resource of [...FORMS, 'users'] as const) {
      it(`${resource}: never readable, never changed`, async () => {
        const id = active[resource]!;
        for (const [method, path, json] of [
          ['GET', `/api/${resource}`, undefined],
          ['GET', `/api/${resource}/${id}`, undefined],
          ['PUT', `/api/${resource}/${id}`, { is_active: false }],
          ['DELETE', `/api/${resource}/${id}`, undefined],
        ] as const) {
          const reply = await api.request(method, path, json ? { json } : {});
          expect(reply.status, `${method} ${path}`).toBe(401);
          expect(JSON.stringify(reply.body)).not.toMatch(/@example|\+998/);
        }
      });
    }

    for (const resource of FORMS) {
      it(`${resource}: may post the public form, and gets nothing personal back`, async () => {
        const reply = await api.request('POST', `/api/${resource}`, { json: bodies[resource]() });
        expect(reply.status).toBe(201);
        expect(reply.body).toEqual({ data: { received: true } });
      });
    }

    it('a hidden category hides its products, and a hidden product its videos', async () => {
      const create = async (resource: Resource, body: Body) =>
        (await api.request('POST', `/api/${resource}`, { token, json: body })).body.data
          .id as number;
      const hiddenCategory = await create('categories', {
        ...bodies.categories(),
        is_active: false,
      });
      const orphan = await create('products', {
        ...bodies.products(),
        category_id: hiddenCategory,
      });
      const orphanVideo = await create('media', { ...bodies.media(), product_id: orphan });
      const hiddenProduct = inactive.products!;
      const hiddenVideo = await create('media', { ...bodies.media(), product_id: hiddenProduct });

      expect((await api.request('GET', `/api/products/${orphan}`)).status).toBe(404);
      const inCategory = await api.request('GET', `/api/products?category_id=${hiddenCategory}`);
      expect(inCategory.body).toMatchObject({ data: [], total: 0 });
      const products = await api.request('GET', '/api/products?limit=100');
      expect(products.body.data.map((r: { id: number }) => r.id)).not.toContain(orphan);
      for (const video of [orphanVideo, hiddenVideo]) {
        expect((await api.request('GET', `/api/media/${video}`)).status).toBe(404);
      }
      const videos = await api.request('GET', '/api/media?limit=100');
      const videoIds = videos.body.data.map((r: { id: number }) => r.id);
      expect(videoIds).not.toContain(orphanVideo);
      expect(videoIds).not.toContain(hiddenVideo);
      expect(videoIds).toContain(active.media);
      const ofHidden = await api.request('GET', `/api/media?product_id=${hiddenProduct}`);
      expect(ofHidden.body.total).toBe(0);

      // staff still see all of it
      expect((await api.request('GET', `/api/products/${orphan}`, { token })).status).toBe(200);
      const staffVideos = await api.request('GET', `/api/media?product_id=${hiddenProduct}`, {
        token,
      });
      expect(staffVideos.body.data.map((r: { id: number }) => r.id)).toEqual([hiddenVideo]);
    });

    it('users: may not sign up', async () => {
      expect((await api.request('POST', '/api/users', { json: bodies.users() })).status).toBe(401);
      expect((await api.request('POST', '/api/signup', { json: bodies.users() })).status).toBe(404);
    });

    it('settings: readable, not writable; me and sign-out need a session', async () => {
      expect((await api.request('GET', '/api/settings')).status).toBe(200);
      expect(
        (await api.request('PUT', '/api/settings', { json: { email: 'x@y.uz' } })).status,
      ).toBe(401);
      expect((await api.request('GET', '/api/me')).status).toBe(401);
      expect((await api.request('POST', '/api/signout')).status).toBe(401);
    });

    it('publishing: status and rebuild need a session; the hook takes only a signed call', async () => {
      expect((await api.request('GET', '/api/publishing')).status).toBe(401);
      expect((await api.request('POST', '/api/publishing/rebuild')).status).toBe(401);
      // the one anonymous write besides the forms and sign-in: it answers to the HMAC secret
      const unsigned = await api.request('POST', '/api/publishing/hook', {
        json: { type: 'rebuild' },
      });
      expect(unsigned.status).toBe(401);
      expect(unsigned.body.error).toMatch(/^Refused/);
      expect((await api.request('GET', '/api/publishing', { token })).status).toBe(200);
    });

    it('a bad or forged token is refused, not treated as anonymous', async () => {
      const reply = await api.request('GET', '/api/categories', { token: 'forged-token' });
      expect(reply.status).toBe(401);
      expect(reply.body.error).toMatch(/sign in again/);
    });
  });

  describe('staff', () => {
    for (const resource of [...PUBLIC, ...FORMS, 'users'] as const) {
      it(`${resource}: lists, reads, creates, updates and deletes, inactive records included`, async () => {
        const list = await api.request('GET', `/api/${resource}?limit=100`, { token });
        expect(list.status).toBe(200);
        const ids = list.body.data.map((r: { id: number }) => r.id);
        expect(ids).toContain(active[resource]);
        if (inactive[resource]) {
          expect(ids).toContain(inactive[resource]);
          expect(
            (await api.request('GET', `/api/${resource}/${inactive[resource]}`, { token })).status,
          ).toBe(200);
        }
        const created = await api.request('POST', `/api/${resource}`, {
          token,
          json: bodies[resource](),
        });
        expect(created.status).toBe(201);
        const id = created.body.data.id;
        expect(id).toBeGreaterThan(0);
        const patch = resource === 'leads' ? { status: 'won' } : { is_active: false };
        const updated = await api.request('PUT', `/api/${resource}/${id}`, { token, json: patch });
        expect(updated.status).toBe(200);
        expect(updated.body.data).toMatchObject(patch);
        const deleted = await api.request('DELETE', `/api/${resource}/${id}`, { token });
        expect(deleted.body).toEqual({ data: id });
      });
    }

    it('users: the password and its hash never leave the server', async () => {
      const created = await api.request('POST', '/api/users', { token, json: bodies.users() });
      const list = await api.request('GET', '/api/users?limit=100', { token });
      const me = await api.request('GET', '/api/me', { token });
      for (const body of [created.body, list.body, me.body]) {
        expect(JSON.stringify(body)).not.toMatch(/password|argon2/);
      }
    });
  });
});
