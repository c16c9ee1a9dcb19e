import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@conveyor/api/testing';
import { listQuery } from '../src/providers/dataProvider.ts';
import { fetchFile } from '../src/providers/http.ts';
import { startSignedIn, stopSignedIn } from './signedIn.ts';

// The export button's call against the real API, with the session cookie: the list's sort and
// filters become the export's query, and the file comes back with the name the API gives it.

describe('server export', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startSignedIn();
    for (const name of ['Алишер Навоий', 'Bobur Mirzo']) {
      const reply = await api.request('POST', '/api/leads', {
        json: { name, phone: '+998901234567' },
      });
      expect(reply.status).toBe(201);
    }
  });
  afterAll(() => stopSignedIn(api));

  it('downloads the list’s selection as a CSV named by the API, in the language asked', async () => {
    const query = listQuery({
      sort: { field: 'created_at', order: 'DESC' },
      filter: { q: 'навоий', status: '' },
    });
    query.set('format', 'csv');
    query.set('lang', 'ru');
    const file = await fetchFile('/leads/export', query);
    expect(file.filename).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.subarray(3)).trim().split('\r\n');
    expect(lines[0]).toMatch(/^ID,Имя,E-mail,Телефон,/);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain('Алишер Навоий');
  });

  it('fails with the API’s reason instead of saving an error as the file', async () => {
    await expect(
      fetchFile('/leads/export', new URLSearchParams({ format: 'pdf' })),
    ).rejects.toMatchObject({
      status: 400,
      body: { error: 'format: must be one of: csv, xlsx', code: 'validation', field: 'format' },
    });
  });
});
