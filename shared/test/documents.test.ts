import { describe, expect, it } from 'vitest';
import {
  compareDocuments,
  documentFile,
  documentFormat,
  documentKey,
  formatFileSize,
  safeDocumentName,
} from '../src/documents.ts';

const head = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('documents', () => {
  it('tells each format by its first bytes, and nothing else', () => {
    expect(documentFormat(head('%PDF-1.7\n'))).toBe('pdf');
    expect(documentFormat(head('AC1032\0\0'))).toBe('dwg');
    expect(documentFormat(head('AC1015'))).toBe('dwg');
    expect(documentFormat(head('  0\r\nSECTION\r\n  2\r\nHEADER\r\n'))).toBe('dxf');
    expect(documentFormat(head('999\nmade by hand\n0\nSECTION\n'))).toBe('dxf');
    expect(documentFormat(head('AutoCAD Binary DXF\r\n\x1a\x00'))).toBe('dxf');
    expect(documentFormat(head('\xef\xbb\xbfISO-10303-21;\nHEADER;'))).toBe('step');
    expect(documentFormat(head('PK\x03\x04\x14\0'))).toBe('zip');
    expect(documentFormat(head('PK\x05\x06'))).toBe('zip');
    // an executable, a page, a picture, text that merely mentions a format
    expect(documentFormat(head('MZ\x90\0'))).toBeNull();
    expect(documentFormat(head('<html><body>%PDF-'))).toBeNull();
    expect(documentFormat(head('\x89PNG\r\n\x1a\n'))).toBeNull();
    expect(documentFormat(head('This is not ISO-10303-21;'))).toBeNull();
    expect(documentFormat(head('0\nSECTIONS are fun'))).toBeNull();
    expect(documentFormat(head(''))).toBeNull();
  });

  it('keeps the letters and digits of a name in any script, and nothing that could escape', () => {
    expect(safeDocumentName('Паспорт LK-500 (ред. B).PDF')).toBe('Паспорт-LK-500-ред-B');
    // the Uzbek oʻ is a letter (U+02BB), kept
    expect(safeDocumentName('C:\\fakepath\\oʻlchamlar.dwg')).toBe('oʻlchamlar');
    expect(safeDocumentName('../../etc/passwd')).toBe('passwd');
    expect(safeDocumentName('.hidden')).toBe('document');
    expect(safeDocumentName('!!!.pdf')).toBe('document');
    expect(safeDocumentName('a'.repeat(200)).length).toBe(80);
  });

  it('reads back from a key what it says of the file', () => {
    const key = documentKey('0f8fad5b-d9cb-469f-a165-70867728950e', 1234, 'Паспорт', 'pdf');
    expect(documentFile(key)).toEqual({
      url: `/uploads/documents/0f8fad5b-d9cb-469f-a165-70867728950e/1234/${encodeURIComponent('Паспорт')}.pdf`,
      name: 'Паспорт.pdf',
      size: 1234,
      format: 'pdf',
    });
    expect(
      documentFile(documentKey('0f8fad5b-d9cb-469f-a165-70867728950e', 9, 'x', 'stp'))?.format,
    ).toBe('step');
    expect(documentFile('products/0f8fad5b-d9cb-469f-a165-70867728950e.jpg')).toBeNull();
    expect(documentFile('documents/0f8fad5b-d9cb-469f-a165-70867728950e/9/x.exe')).toBeNull();
    expect(documentFile(null)).toBeNull();
  });

  it('writes sizes as people read them', () => {
    expect(formatFileSize(801)).toBe('801 B');
    expect(formatFileSize(84_000)).toBe('84 KB');
    expect(formatFileSize(2_400_000, ',')).toBe('2,4 MB');
    expect(formatFileSize(25_000_000)).toBe('25 MB');
  });
});

describe('the order of a record’s documents', () => {
  const order = (documents: { id: number; kind: string; position?: number | null }[]) =>
    [...documents].sort(compareDocuments).map((document) => document.id);

  it('is by kind, datasheets first, then as added, where staff placed none', () => {
    expect(
      order([
        { id: 1, kind: 'drawing' },
        { id: 2, kind: 'datasheet', position: null },
        { id: 3, kind: 'datasheet' },
        { id: 4, kind: 'manual' },
      ]),
    ).toEqual([2, 3, 4, 1]);
  });

  it('is staff’s where they placed them, the others after', () => {
    expect(
      order([
        { id: 1, kind: 'datasheet' },
        { id: 2, kind: 'drawing', position: 1 },
        { id: 3, kind: 'other', position: 0 },
        { id: 4, kind: 'manual' },
      ]),
    ).toEqual([3, 2, 1, 4]);
  });
});
