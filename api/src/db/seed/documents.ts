import type { Text3 } from './catalogue.ts';

// The demo's documents, drawn here as the pictures are: a one-page PDF datasheet and a DXF
// drawing (a belt's outline) per product as real files of their formats, small enough that the
// demo stays quick to seed. Each is a few hundred bytes to a few kilobytes.

/** PDF text strings: only the printable ASCII the standard Helvetica can show, escaped. */
const pdfText = (text: string) =>
  text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A one-page PDF (PDF 1.4, Helvetica, A4) with a title and lines of text: objects, a cross
 * reference table with their offsets, and a trailer, as ISO 32000 lays them out.
 */
export function demoPdf(title: string, lines: readonly string[]): Buffer {
  const text = [
    'BT /F1 20 Tf 56 780 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf 0 -32 Td 16 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A DXF (R12, text) drawing of a conveyor's outline: a frame of `length` × `width` mm. */
export function demoDxf(length: number, width: number): Buffer {
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    ['0', 'LINE', '8', 'OUTLINE', '10', x1, '20', y1, '11', x2, '21', y2].join('\n');
  const entities = [
    line(0, 0, length, 0),
    line(length, 0, length, width),
    line(length, width, 0, width),
    line(0, width, 0, 0),
  ];
  const text = [
    '999',
    'conveyor demo drawing',
    '0',
    'SECTION',
    '2',
    'ENTITIES',
    ...entities,
    '0',
    'ENDSEC',
    '0',
    'EOF',
    '',
  ].join('\n');
  return Buffer.from(text, 'ascii');
}

export const DOCUMENT_TITLES = {
  datasheet: { ru: 'Паспорт изделия', uz: 'Mahsulot pasporti', en: 'Product datasheet' },
  drawing: {
    ru: 'Габаритный чертёж',
    uz: 'Gabarit chizmasi',
    en: 'General arrangement drawing',
  },
  manual: {
    ru: 'Руководство по эксплуатации',
    uz: 'Foydalanish boʻyicha qoʻllanma',
    en: 'Operation and maintenance manual',
  },
  certificate: {
    ru: 'Сертификат соответствия',
    uz: 'Muvofiqlik sertifikati',
    en: 'Certificate of conformity',
  },
} satisfies Record<string, Text3>;
