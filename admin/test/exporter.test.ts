import type { DataProvider, Exporter, FetchRelatedRecords } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, startApi, type TestApi } from '@conveyor/api/testing';
import {
  exportAllRecords,
  fetchAllRecords,
  neutraliseCell,
  neutraliseRecord,
  neutralisingExporter,
} from '../src/common/exporter.ts';
import { authProvider } from '../src/providers/authProvider.ts';
import { dataProvider, toListResult } from '../src/providers/dataProvider.ts';

// The CSV export's fetch against the real API, which answers at most 100 rows a call: more
// than 100 leads and supplier applications must all reach the file.

const LEADS = 105;
const SUPPLIERS = 101;

describe('CSV export of leads and supplier applications', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi();
    vi.stubEnv('VITE_API_URL', api.url);
    await authProvider.login({ username: ADMIN.user_name, password: ADMIN.password });
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
  afterAll(async () => {
    vi.unstubAllEnvs();
    await api?.close();
  });

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

// CSV injection (OWASP): anonymous visitors write leads and supplier applications, and a cell
// that begins like a formula would run when the exported file is opened in a spreadsheet.

const CALC = "=cmd|' /C calc'!A0";

describe('neutraliseCell', () => {
  it.each([
    ['=', CALC],
    ['+', "+1+cmd|' /C calc'!A0"],
    ['-', "-2+3+cmd|' /C calc'!A0"],
    ['@', "@SUM(1+1)*cmd|' /C calc'!A0"],
    ['tab', '\t=1+1'],
  ])('prepends a quote to a string starting with %s', (_sign, value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it('prepends a quote to a string starting with a carriage return, made a line feed', () => {
    // jsonexport quotes a cell with a line feed, not one with a lone carriage return
    expect(neutraliseCell('\r=1+1')).toBe("'\n=1+1");
    expect(neutraliseCell('Salom\r=1+1\r\nrahmat')).toBe('Salom\n=1+1\nrahmat');
  });

  it('neutralises a signed number written as a string, as OWASP advises', () => {
    expect(neutraliseCell('-5')).toBe("'-5");
    expect(neutraliseCell('+998901234567')).toBe("'+998901234567");
  });

  it('neutralises full-width signs and signs after leading whitespace', () => {
    expect(neutraliseCell('\uFF1D1+1')).toBe("'\uFF1D1+1");
    expect(neutraliseCell(' =1+1')).toBe("' =1+1");
    expect(neutraliseCell('\n@SUM(A1)')).toBe("'\n@SUM(A1)");
  });

  it('leaves a safe string unchanged', () => {
    for (const value of ['Aziz Karimov', "O'Neil", 'a=b', 'Lead 1', '998901234567', '', ' ']) {
      expect(neutraliseCell(value)).toBe(value);
    }
  });

  it('leaves non-strings unchanged', () => {
    const date = new Date(0);
    const object = { name: CALC };
    for (const value of [-5, 0, 1.5, -Infinity, true, null, undefined, 10n, date, object]) {
      expect(neutraliseCell(value)).toBe(value);
    }
  });
});

describe('neutraliseRecord', () => {
  it('neutralises every string value, nested ones included, and changes no input', () => {
    const record = {
      id: 7,
      name: CALC,
      balance: -5,
      phone: '+998901234567',
      email: 'aziz@example.com',
      active: false,
      missing: null,
      tags: ['safe', '@tag', ['-nested']],
      contact: { person: '=HYPERLINK("http://evil.example","x")', since: 2020 },
    };
    const before = structuredClone(record);
    expect(neutraliseRecord(record)).toEqual({
      id: 7,
      name: `'${CALC}`,
      balance: -5,
      phone: "'+998901234567",
      email: 'aziz@example.com',
      active: false,
      missing: null,
      tags: ['safe', "'@tag", ["'-nested"]],
      contact: { person: '\'=HYPERLINK("http://evil.example","x")', since: 2020 },
    });
    expect(record).toEqual(before);
  });
});

describe('neutralisingExporter', () => {
  it('hands any exporter neutralised records and neutralised related records', async () => {
    let seen: unknown[] = [];
    let related: unknown = null;
    const custom: Exporter = async (data, fetchRelated) => {
      seen = data;
      related = await fetchRelated(data, 'supplier_id', 'suppliers');
    };
    const fetchRelated = (async () => ({
      3: { id: 3, company_name: CALC },
    })) as FetchRelatedRecords;
    await neutralisingExporter(custom)(
      [{ id: 1, name: CALC, supplier_id: 3 }],
      fetchRelated,
      {} as DataProvider,
      'leads',
    );
    expect(seen).toEqual([{ id: 1, name: `'${CALC}`, supplier_id: 3 }]);
    expect(related).toEqual({ 3: { id: 3, company_name: `'${CALC}` } });
  });
});

/** A CSV's rows of cells, read as a spreadsheet does: CR, LF or CRLF outside quotes ends a row. */
function csvCells(csv: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const char = csv[i];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (csv[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      rows.at(-1)!.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      rows.at(-1)!.push(cell);
      cell = '';
      if (char === '\r' && csv[i + 1] === '\n') i += 1;
      rows.push([]);
    } else cell += char;
  }
  rows.at(-1)!.push(cell);
  return rows;
}

/**
 * Runs react-admin's own downloadCSV in Node: a stand-in for the few browser objects it touches,
 * keeping the file it would have saved.
 */
function catchDownload() {
  const file = { name: '', blob: null as Blob | null };
  const link = {
    style: {},
    setAttribute: (name: string, value: string) => {
      if (name === 'download') file.name = value;
    },
    click: () => {},
  };
  vi.stubGlobal('window', { navigator: {} });
  vi.stubGlobal('document', { createElement: () => link, body: { appendChild: () => link } });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    file.blob = blob as Blob;
    return 'blob:export';
  });
  return file;
}

describe("the leads' CSV file, through the export button's path", () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi();
    vi.stubEnv('VITE_API_URL', api.url);
    await authProvider.login({ username: ADMIN.user_name, password: ADMIN.password });
    const leads = [
      { name: CALC, phone: '+998901234567', message: 'Formula in the name' },
      { name: 'Aziz Karimov', phone: '998901234567', message: "@SUM(1+1)*cmd|' /C calc'!A0" },
      {
        name: '-2+3+cmd',
        phone: '',
        email: 'a@example.com',
        message: '=HYPERLINK("http://x","y")',
      },
      { name: '\t=1+1', phone: '998901234567', message: '\r=1+1' },
      { name: 'Nodira', phone: '998901234567', message: `Salom\r${CALC}` },
    ];
    for (const json of leads) {
      const reply = await api.request('POST', '/api/leads', { json });
      expect(reply.status).toBe(201);
    }
  }, 120_000);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await api?.close();
  });

  it('holds every formula cell neutralised, quoted by jsonexport as usual', async () => {
    const file = catchDownload();
    await exportAllRecords(dataProvider, 'leads', { sort: { field: 'id', order: 'ASC' } });
    expect(file.name).toBe('leads.csv');
    const csv = await file.blob!.text();
    expect(csv).toContain(`'${CALC}`);
    const [header, ...rows] = csvCells(csv);
    expect(header).toEqual([
      'id',
      'name',
      'email',
      'phone',
      'message',
      'status',
      'created_at',
      'updated_at',
    ]);
    const cells = (index: number) => {
      const row = rows[index]!;
      return { name: row[1], phone: row[3], message: row[4] };
    };
    expect(rows).toHaveLength(5);
    expect(cells(0)).toEqual({
      name: `'${CALC}`,
      phone: "'+998901234567",
      message: 'Formula in the name',
    });
    expect(cells(1)).toEqual({
      name: 'Aziz Karimov',
      phone: '998901234567',
      message: "'@SUM(1+1)*cmd|' /C calc'!A0",
    });
    expect(cells(2)).toEqual({
      name: "'-2+3+cmd",
      phone: '',
      message: '\'=HYPERLINK("http://x","y")',
    });
    expect(cells(3)).toEqual({ name: "'\t=1+1", phone: '998901234567', message: "'\n=1+1" });
    expect(cells(4)).toEqual({ name: 'Nodira', phone: '998901234567', message: `Salom\n${CALC}` });
    // jsonexport quoted the cells with quotes or line breaks, as usual
    expect(csv).toContain(',"\'=HYPERLINK(""http://x"",""y"")",');
    // every row whole, and no cell of the file starts like a formula
    for (const row of rows) expect(row).toHaveLength(8);
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it("passes a list's own exporter the neutralised records", async () => {
    let names: string[] = [];
    await exportAllRecords(dataProvider, 'leads', {}, (data) => {
      names = data.map((lead) => lead.name);
    });
    expect(names).toContain(`'${CALC}`);
    expect(names).not.toContain(CALC);
  });
});
