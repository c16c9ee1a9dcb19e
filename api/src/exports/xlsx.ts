import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { Cell, ExportColumn } from './table.ts';

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

/** A column's width in characters: its header's, or its longest cell's on the first page. */
function width(column: ExportColumn, index: number, sample: Cell[][]): number {
  if (column.kind === 'date') return Math.max(column.header.length, DATE_FORMAT.length) + 2;
  const longest = sample.reduce((most, row) => {
    const cell = row[index];
    return Math.max(most, cell === null || cell === undefined ? 0 : String(cell).length);
  }, column.header.length);
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2));
}

/**
 * Waits until the client has read what was written, or is gone. exceljs writes without waiting
 * for its reader: without this, a slow download would gather the whole file in memory.
 */
function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** A sheet of a workbook: its name, columns and pages of rows. */
export interface SheetSource {
  name: string;
  columns: ExportColumn[];
  pages: AsyncIterable<Cell[][]>;
}

/**
 * An XLSX workbook as a stream (exceljs' streaming writer: rows are written and forgotten as
 * they come): a sheet each (the records', then any of their parts), the header row bold,
 * frozen and filterable, dates as real dates. Text cells are strings, which a spreadsheet
 * never runs; they are neutralised all the same, as in the CSV, so that a sheet saved back as
 * CSV stays safe.
 */
export function xlsxStream(
  name: string,
  columns: ExportColumn[],
  pages: AsyncIterable<Cell[][]>,
  more: readonly SheetSource[] = [],
): Readable {
  const out = new PassThrough();
  const write = async () => {
    // loaded by the first export (exceljs and its zip and XML libraries): a server nobody
    // exports from never holds them in memory
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    for (const source of [{ name, columns, pages }, ...more]) {
      const sheet = workbook.addWorksheet(source.name, {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      const iterator = source.pages[Symbol.asyncIterator]();
      let next = await iterator.next();
      const sample = next.done ? [] : next.value;
      sheet.columns = source.columns.map((column, index) => ({
        key: column.key,
        width: width(column, index, sample),
        ...(column.kind === 'date' ? { style: { numFmt: DATE_FORMAT } } : {}),
      }));
      const header = sheet.addRow(source.columns.map((column) => column.header));
      header.font = { bold: true };
      header.commit();
      sheet.autoFilter = {
        from: { row: 1, column: 1 },
        to: { row: 1, column: source.columns.length },
      };
      while (!next.done) {
        for (const cells of next.value) sheet.addRow(cells).commit();
        await drained(out);
        // the client went away: read no further pages
        if (out.destroyed) {
          await iterator.return?.();
          return;
        }
        next = await iterator.next();
      }
      sheet.commit();
    }
    await workbook.commit();
  };
  // an error while reading ends the stream with it; the server then cuts the answer off
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : undefined));
  return out;
}
