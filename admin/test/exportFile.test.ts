import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApi } from '@conveyor/api/testing';
import { exportAllRecords } from '../src/common/exporter.ts';
import { dataProvider } from '../src/providers/dataProvider.ts';
import { CALC } from './csv.ts';
import { startSignedIn, stopSignedIn } from './signedIn.ts';

// The whole export as the button runs it: the API's leads, neutralised, written by
// react-admin's own CSV writer into the file it would save.

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
    api = await startSignedIn();
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
  afterAll(() => stopSignedIn(api));

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
