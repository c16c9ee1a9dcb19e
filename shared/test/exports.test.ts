import { describe, expect, it } from 'vitest';
import {
  EXPORT_LABELS,
  exportHeader,
  exportValue,
  isExporting,
  neutraliseCell,
} from '../src/exports.ts';
import { LANGUAGES } from '../src/languages.ts';
import { LEAD_STATUSES } from '../src/limits.ts';
import { RESOURCES } from '../src/resources.ts';

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
    ['carriage return', '\r=1+1'],
    ['full-width =', '\uFF1D1+1'],
    ['space then =', ' =1+1'],
    ['line feed then @', '\n@SUM(A1)'],
  ])('prepends a quote to a string starting with %s', (_sign, value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it('neutralises a signed number written as text, as OWASP advises', () => {
    expect(neutraliseCell('-5')).toBe("'-5");
    expect(neutraliseCell('+5')).toBe("'+5");
  });

  it('leaves phone numbers as typed: digits, spaces, brackets and hyphens cannot run', () => {
    for (const phone of ['+998901234567', '+998 90 123-45-67', '+7 (495) 123-45-67']) {
      expect(neutraliseCell(phone)).toBe(phone);
    }
  });

  it('neutralises what only starts like a phone number', () => {
    for (const value of [
      '+998901234567+cmd|A0',
      '+998 HYPERLINK("x")',
      '+1-2\t3',
      '+998\n=1+1',
      ' +998901234567',
    ]) {
      expect(neutraliseCell(value)).toBe(`'${value}`);
    }
  });

  it('leaves a safe string unchanged', () => {
    for (const value of ['Aziz Karimov', "O'Neil", 'a=b', 'Lead 1', '998901234567', '', ' ']) {
      expect(neutraliseCell(value)).toBe(value);
    }
  });
});

describe('export labels', () => {
  it('are declared for the resources the registry marks exports, and only those', () => {
    expect(RESOURCES.filter(isExporting)).toEqual(['leads', 'suppliers']);
    for (const language of LANGUAGES) {
      expect(Object.keys(EXPORT_LABELS[language].resources).sort()).toEqual(['leads', 'suppliers']);
    }
  });

  it('have the same keys in every language', () => {
    const keys = (language: (typeof LANGUAGES)[number]) =>
      JSON.stringify(EXPORT_LABELS[language], (_key, value: unknown) =>
        typeof value === 'string' ? '' : value,
      );
    expect(keys('ru')).toBe(keys('uz'));
    expect(keys('en')).toBe(keys('uz'));
  });

  it('translate every lead status', () => {
    for (const language of LANGUAGES) {
      for (const status of LEAD_STATUSES) {
        expect(exportValue('status', status, language), `${language} ${status}`).not.toBe(status);
      }
    }
  });

  it('head a column by its label, or by its own name when it has none', () => {
    expect(exportHeader('leads', 'message', 'ru')).toBe('Сообщение');
    expect(exportHeader('suppliers', 'created_at', 'uz')).toBe('Yuborilgan');
    expect(exportHeader('leads', 'utm_source', 'en')).toBe('UTM source');
    expect(exportHeader('leads', 'unlabelled_column', 'en')).toBe('unlabelled_column');
    expect(exportHeader('leads', 'constructor', 'en')).toBe('constructor');
  });

  it('translate labelled values and booleans, and keep any other value as stored', () => {
    expect(exportValue('status', 'in_progress', 'uz')).toBe('Jarayonda');
    expect(exportValue('is_active', false, 'ru')).toBe('Неактивен');
    expect(exportValue('verified', true, 'en')).toBe('Yes');
    expect(exportValue('status', 'archived', 'en')).toBe('archived');
    expect(exportValue('status', 'constructor', 'en')).toBe('constructor');
    expect(exportValue('partner_count', 12, 'en')).toBe(12);
  });
});
