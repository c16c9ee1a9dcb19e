import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Cell, ExportColumn } from './table.ts';

/**
 * A CSV file as a stream (RFC 4180, CRLF line ends), with a UTF-8 byte-order mark: without it
 * Excel reads the file in the machine's ANSI code page and shows Cyrillic and Uzbek `ʻ` as
 * mojibake. csv-stringify quotes a cell holding the delimiter or a quote; `quoted_match` makes
 * it quote a line feed or a lone carriage return too, which a spreadsheet would otherwise read
 * as a new row (a row whose first cell could be a formula).
 */
export function csvStream(columns: ExportColumn[], pages: AsyncIterable<Cell[][]>): Readable {
  async function* records() {
    yield columns.map((column) => column.header);
    for await (const rows of pages) yield* rows;
  }
  const csv = stringify({
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
    cast: { date: (date) => date.toISOString().slice(0, 16).replace('T', ' ') },
  });
  // An error while reading destroys the file stream too; the server then cuts the answer off.
  return pipeline(Readable.from(records()), csv, () => {});
}
