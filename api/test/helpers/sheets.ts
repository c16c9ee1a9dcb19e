import { Readable } from 'node:stream';
import yazl from 'yazl';

// Workbooks written part by part, for the sheet import's tests and `pnpm bench:sheets`: what
// no spreadsheet program writes (a bomb, a thousand entries, a million shared strings) but an
// upload can hold. A part may be a stream, so that a part of gigabytes is never in memory.

type Part = string | Buffer | (() => Readable);

/** A zip archive of these entries, each deflated. */
export function zipOf(entries: Iterable<[string, Part]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, part] of entries) {
    if (typeof part === 'function') zip.addReadStream(part(), name, { compress: true });
    else zip.addBuffer(Buffer.from(part), name, { compress: true, compressionLevel: 9 });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE = 'http://schemas.openxmlformats.org/package/2006/relationships';

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A column's letters: 0 is A, 27 is AB. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** A row of a sheet's XML: numbers as numbers, text inline. */
export function rowXml(number: number, cells: readonly (string | number | null)[]): string {
  const xml = cells.map((cell, at) => {
    const reference = `${columnName(at)}${number}`;
    if (cell === null) return '';
    return typeof cell === 'number'
      ? `<c r="${reference}"><v>${cell}</v></c>`
      : `<c r="${reference}" t="inlineStr"><is><t>${escape(cell)}</t></is></c>`;
  });
  return `<row r="${number}">${xml.join('')}</row>`;
}

/** A sheet part: its rows' XML between the worksheet's opening and closing. */
export const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

/** A shared strings part of these texts. */
export const sharedStringsXml = (texts: Iterable<string>) => {
  let items = '';
  let count = 0;
  for (const text of texts) {
    items += `<si><t>${escape(text)}</t></si>`;
    count++;
  }
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">${items}</sst>`;
};

/**
 * A workbook of one sheet, as Excel lays it out (content types, the package's relationships,
 * the workbook and its relationships), with `sheet` as its sheet part, `strings` as its shared
 * strings, and `extra` entries beside them.
 */
export function workbookOf(
  sheet: Part,
  { strings, extra = [] }: { strings?: Part; extra?: Iterable<[string, Part]> } = {},
): Promise<Buffer> {
  const entries: [string, Part][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="products" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        (strings
          ? `<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>`
          : '') +
        '</Relationships>',
    ],
    ['xl/worksheets/sheet1.xml', sheet],
  ];
  if (strings) entries.push(['xl/sharedStrings.xml', strings]);
  return zipOf([...entries, ...extra]);
}

/** A stream of `bytes` bytes made of `unit` over and over: a part that unpacks that far. */
export function repeated(unit: string, bytes: number): () => Readable {
  return () => {
    const block = Buffer.from(unit.repeat(Math.max(1, Math.floor(65_536 / unit.length))));
    let left = bytes;
    return new Readable({
      read() {
        if (left <= 0) return void this.push(null);
        const piece = left >= block.length ? block : block.subarray(0, left);
        left -= piece.length;
        this.push(piece);
      },
    });
  };
}

/** A part of `bytes` of blank space between `head` and `tail` (which deflate packs ~1000:1). */
export function padded(head: string, bytes: number, tail: string): () => Readable {
  return () =>
    Readable.from(
      (async function* () {
        yield Buffer.from(head);
        yield* repeated(' ', bytes)();
        yield Buffer.from(tail);
      })(),
    );
}

/** A zip bomb shaped as a workbook: a sheet with a header, then `bytes` of blank space. */
export function zipBomb(bytes: number): Promise<Buffer> {
  const head = `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData>${rowXml(1, ['id', 'name_en'])}`;
  return workbookOf(padded(head, bytes, '</sheetData></worksheet>'));
}

/** A shared strings part's opening and closing, for a part written piece by piece. */
export const SHARED_STRINGS = [`<?xml version="1.0"?><sst xmlns="${MAIN}">`, '</sst>'] as const;

/** A sheet's rows, written as they are read: a sheet of a million rows is never in memory. */
export function sheetOfRows(rows: () => Iterable<string>): () => Readable {
  const [head, tail] = sheetXml('|').split('|') as [string, string];
  return () =>
    Readable.from(
      (function* () {
        // in pieces of about 64 KB: a stream of a million tiny pieces would take seconds
        let piece = head;
        for (const row of rows()) {
          piece += row;
          if (piece.length >= 65_536) {
            yield piece;
            piece = '';
          }
        }
        yield piece + tail;
      })(),
    );
}
