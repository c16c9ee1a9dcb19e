import { fileFields, RESOURCE_REGISTRY, RESOURCES, resourceEntry } from '@conveyor/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// The routes are derived from the shared resource registry: who may read and create, which
// writes take files, and what a list may be searched, sorted and filtered by.

describe.skipIf(skipReason)('routes from the resource registry', () => {
  let api: TestApi;
  let token: string;
  let doc: { paths: Record<string, Record<string, any>> };

  beforeAll(async () => {
    api = await startApi({ TRUST_PROXY: 'true' });
    token = await api.signIn();
    doc = (await api.request('GET', '/api/docs/json')).body;
  });
  afterAll(() => api?.close());

  it('has a list, one record, create, update and delete for every resource', () => {
    for (const name of RESOURCES) {
      expect(Object.keys(doc.paths[`/api/${name}`] ?? {}).sort(), name).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths[`/api/${name}/{id}`] ?? {}).sort(), name).toEqual([
        'delete',
        'get',
        'put',
      ]);
    }
  });

  it('lets anonymous callers read and create exactly what the registry says', async () => {
    let address = 1;
    for (const name of RESOURCES) {
      const entry = resourceEntry(name);
      const read = await api.request('GET', `/api/${name}`);
      expect(read.status, `${name} read`).toBe(entry.read === 'public' ? 200 : 401);
      const create = await api.request('POST', `/api/${name}`, {
        headers: { 'x-forwarded-for': `192.0.2.${address++}` },
        json: {},
      });
      // an anonymous create that may happen fails on its body (400), not on access (401)
      expect(create.status, `${name} create`).toBe(entry.create === 'public' ? 400 : 401);
    }
  });

  it('takes multipart exactly on the resources the registry gives files', async () => {
    for (const name of RESOURCES) {
      const form = new FormData();
      form.set('nothing', 'here');
      const reply = await api.request('POST', `/api/${name}`, { token, form });
      if (fileFields(name).length) expect(reply.status, name).not.toBe(415);
      else expect(reply.status, name).toBe(415);
    }
  });

  it('searches, sorts and filters lists by the registry’s columns', () => {
    for (const name of RESOURCES) {
      const entry = RESOURCE_REGISTRY[name];
      const query = doc.paths[`/api/${name}`]!.get.parameters as {
        name: string;
        schema: { enum?: string[] };
      }[];
      const sort = query.find((p) => p.name === 'sort')!.schema.enum!;
      for (const column of entry.sortable) expect(sort, name).toContain(column);
      for (const column of 'filters' in entry ? entry.filters : []) {
        expect(
          query.map((p) => p.name),
          name,
        ).toContain(column);
      }
    }
  });
});
