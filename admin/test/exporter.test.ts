import type { DataProvider } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@conveyor/api/testing';
import { fetchAllRecords } from '../src/common/exporter.ts';
import { dataProvider, toListResult } from '../src/providers/dataProvider.ts';
import { startSignedIn, stopSignedIn } from './signedIn.ts';

// The CSV export's fetch against the real API, which answers at most 100 rows a call: more
// than 100 leads and supplier applications must all reach the file.

const LEADS = 105;
const SUPPLIERS = 101;

describe('CSV export of leads and supplier applications', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startSignedIn();
    // posted anonymously, as the public forms do
    for (let i = 1; i <= LEADS; i += 1) {
      const reply = await api.request('POST', '/api/leads', {
        json: { name: `Lead ${i}`, phone: '+998901234567', message: `Message ${i}` },
      });
      expect(reply.status).toBe(201);
    }
    for (let i = 1; i <= SUPPLIERS; i += 1) {
      const reply = await api.request('POST', '/api/suppliers', {
        json: {
          company_name: `Supplier ${i}`,
          partner_count: i,
          inn: String(300000000 + i),
          contact_person: 'Aziz Karimov',
          phone: '+998901234567',
          email: `supplier${i}@example.com`,
          company_description: 'Bearings and chains',
          offer: 'Bearings at a discount',
        },
      });
      expect(reply.status).toBe(201);
    }
  }, 120_000);
  afterAll(() => stopSignedIn(api));

  it("gets one page of 100 where react-admin's export asks for 1000", async () => {
    const once = await dataProvider.getList('leads', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(once.data).toHaveLength(100);
    expect(once.total).toBe(LEADS);
  });

  it('fetches every lead, page by page, in the list order', async () => {
    const calls: number[] = [];
    const counting: DataProvider = {
      ...dataProvider,
      getList: (resource, params) => {
        calls.push(params.pagination!.perPage);
        return dataProvider.getList(resource, params);
      },
    };
    const rows = await fetchAllRecords(counting, 'leads', {
      sort: { field: 'id', order: 'DESC' },
    });
    expect(rows).toHaveLength(LEADS);
    expect(new Set(rows.map((row) => row.id)).size).toBe(LEADS);
    expect(rows[0]!.name).toBe(`Lead ${LEADS}`);
    expect(rows.at(-1)!.name).toBe('Lead 1');
    expect(calls).toEqual([100, 100]);
  });

  it("keeps the list's search", async () => {
    const rows = await fetchAllRecords(dataProvider, 'leads', { filter: { q: 'Lead 10' } });
    expect(rows.map((row) => row.name).sort()).toEqual(
      ['Lead 10', 'Lead 100', 'Lead 101', 'Lead 102', 'Lead 103', 'Lead 104', 'Lead 105'].sort(),
    );
  });

  it('fetches every supplier application', async () => {
    const rows = await fetchAllRecords(dataProvider, 'suppliers');
    expect(rows).toHaveLength(SUPPLIERS);
    expect(rows.map((row) => row.company_name)).toContain(`Supplier ${SUPPLIERS}`);
  });

  it('stops on pageInfo when the API gives only page counts', async () => {
    // the API answered without `total`: the provider falls back to pageInfo
    const pagesOnly: DataProvider = {
      ...dataProvider,
      getList: async (resource, params) => {
        const { page, perPage } = params.pagination!;
        const full = await dataProvider.getList(resource, params);
        return toListResult({
          data: full.data,
          currentPage: page,
          totalPages: Math.ceil(full.total! / perPage),
        });
      },
    };
    const rows = await fetchAllRecords(pagesOnly, 'leads');
    expect(rows).toHaveLength(LEADS);
  });

  it('gives an empty export for a search that finds nothing', async () => {
    const rows = await fetchAllRecords(dataProvider, 'suppliers', {
      filter: { q: 'no such supplier anywhere' },
    });
    expect(rows).toEqual([]);
  });
});
