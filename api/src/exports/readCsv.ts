import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type { SheetBudget } from './sheetLimits.ts';
import { SheetRefusal, type SheetRow } from './sheetLimits.ts';

// A CSV file, record by record, as a stream with the same limits as a workbook (sheetLimits.ts):
// the file itself is no larger than the upload limit, and the rows, columns, cells and text it
// gives are counted as they are parsed; reading stops at the first limit passed.

/**
 * The records of a CSV file that hold anything, numbered as they come (1 is the header; blank
 * lines are skipped and not numbered). Throws a SheetRefusal at the first limit passed, or when
 * the text is no CSV.
 */
export async function* readCsv(path: string, budget: SheetBudget): AsyncGenerator<SheetRow> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true });
  const file = createReadStream(path);
  // the pipeline ends both streams however the reading below ends
  const piped = pipeline(file, parser).catch(() => {});
  let number = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      number++;
      let width = 0;
      for (let at = 0; at < record.length; at++) {
        const cell = record[at]!;
        if (cell === '') continue;
        budget.text(cell.length);
        width = at + 1;
      }
      if (width === 0) continue;
      budget.row(number, width);
      yield { row: number, cells: record.slice(0, width) };
    }
  } catch (error) {
    if (error instanceof SheetRefusal) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new SheetRefusal('unreadable', `file: is neither an XLSX nor a readable CSV (${reason})`);
  } finally {
    parser.destroy();
    file.destroy();
    await piped;
  }
}
