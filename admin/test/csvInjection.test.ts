import type { DataProvider, Exporter, FetchRelatedRecords } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseRecord, neutralisingExporter } from '../src/common/exporter.ts';
import { CALC } from './csv.ts';

// CSV injection (OWASP): anonymous visitors write leads and supplier applications, and a cell
// that begins like a formula would run when the exported file is opened in a spreadsheet.

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
