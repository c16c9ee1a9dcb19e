import type { Entry, ZipFile } from 'yauzl';
import { type ReadCell, type SheetBudget, SheetRefusal, type SheetRow } from './sheetLimits.ts';
import { local, parseEntry, withSheetParts, xmlParser } from './xlsxPackage.ts';

// The first sheet of an XLSX file, row by row, as a stream with limits (sheetLimits.ts): its
// shared strings and its cells as SpreadsheetML writes them, the parts found and unpacked by
// xlsxPackage.ts.

/** A column's index from a cell reference: `A1` is 0, `AB12` is 27; -1 when there is none. */
function columnOf(reference: string | undefined): number {
  if (!reference) return -1;
  let column = 0;
  let letters = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
    letters++;
  }
  return letters && letters <= 3 ? column - 1 : -1;
}

/** The shared strings, each counted; a rich text's runs joined, its phonetic guide left out. */
async function sharedStrings(zip: ZipFile, entry: Entry, budget: SheetBudget): Promise<string[]> {
  const strings: string[] = [];
  const { sharedStrings: limit, cellChars } = budget.limits;
  let text: string | null = null;
  let inText = false;
  let phonetic = 0;
  const parser = xmlParser();
  parser.onopentag = (tag) => {
    const name = local(tag.name);
    if (name === 'sst') {
      // a count it declares past the limit is refused at once; one it does not is counted
      const declared = Number((tag.attributes as Record<string, string>).uniqueCount);
      if (declared > limit) {
        throw new SheetRefusal('sharedStrings', `file: more than ${limit} shared strings`);
      }
    } else if (name === 'si') {
      if (strings.length >= limit) {
        throw new SheetRefusal('sharedStrings', `file: more than ${limit} shared strings`);
      }
      text = '';
    } else if (name === 't') inText = !tag.isSelfClosing;
    else if (name === 'rPh') phonetic++;
  };
  parser.onclosetag = (name) => {
    const tag = local(name);
    if (tag === 't') inText = false;
    else if (tag === 'rPh') phonetic--;
    else if (tag === 'si' && text !== null) {
      strings.push(text);
      text = null;
    }
  };
  parser.ontext = (piece) => {
    if (text === null || !inText || phonetic > 0) return;
    text += piece;
    if (text.length > cellChars) budget.text(text.length);
  };
  parser.oncdata = parser.ontext;
  for await (const _ of parseEntry(zip, entry, budget, parser, () => [])) {
    // gathered above
  }
  return strings;
}

/** A cell's value by its type (`t`): a shared string, inline text, a yes/no, or a number. */
function cellValue(type: string, text: string, strings: readonly string[]): ReadCell {
  switch (type) {
    case 's': {
      const index = Number(text);
      return Number.isInteger(index) ? (strings[index] ?? null) : null;
    }
    case 'b':
      return text === '1' || text === 'true';
    case 'inlineStr':
    case 'str':
    case 'e':
    case 'd':
      return text;
    default: {
      if (text.trim() === '') return null;
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
  }
}

/** The first sheet's rows that hold something, in order, each counted as it ends. */
async function* sheetRows(
  zip: ZipFile,
  entry: Entry,
  budget: SheetBudget,
  strings: readonly string[],
): AsyncGenerator<SheetRow> {
  const { cellChars } = budget.limits;
  const done: SheetRow[] = [];
  let rowNumber = 0;
  let cells: ReadCell[] | null = null;
  let filled = false;
  let column = -1;
  let type = 'n';
  let text: string | null = null;
  let inValue = false;
  let inInline = false;
  let phonetic = 0;
  let ended = false;
  const parser = xmlParser();
  parser.onopentag = (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    switch (local(tag.name)) {
      case 'row': {
        const number = Number(attributes.r);
        rowNumber = Number.isInteger(number) && number > 0 ? number : rowNumber + 1;
        cells = [];
        filled = false;
        column = -1;
        break;
      }
      case 'c': {
        const at = columnOf(attributes.r);
        column = at >= 0 ? at : column + 1;
        type = attributes.t ?? 'n';
        text = '';
        break;
      }
      case 'v':
        inValue = !tag.isSelfClosing;
        break;
      case 'is':
        inInline = !tag.isSelfClosing;
        break;
      case 't':
        // a run of inline text: read as the value
        if (inInline) inValue = !tag.isSelfClosing;
        break;
      case 'rPh':
        phonetic++;
        break;
    }
  };
  parser.onclosetag = (name) => {
    switch (local(name)) {
      case 'v':
      case 't':
        inValue = false;
        break;
      case 'is':
        inInline = false;
        break;
      case 'rPh':
        phonetic--;
        break;
      case 'c': {
        if (cells === null || text === null) break;
        const value = cellValue(type, text, strings);
        text = null;
        if (value === null || value === '') break;
        budget.column(column);
        if (typeof value === 'string') budget.text(value.length);
        while (cells.length < column) cells.push(null);
        cells[column] = value;
        filled = true;
        break;
      }
      case 'row':
        if (cells !== null && filled) {
          budget.row(rowNumber, cells.length);
          done.push({ row: rowNumber, cells });
        }
        cells = null;
        break;
      case 'sheetData':
        ended = true;
        break;
    }
  };
  parser.ontext = (piece) => {
    if (text === null || !inValue || phonetic > 0) return;
    text += piece;
    if (text.length > cellChars) budget.text(text.length);
  };
  parser.oncdata = parser.ontext;
  // what follows the rows (merged cells, page set-up) is not read
  yield* parseEntry(
    zip,
    entry,
    budget,
    parser,
    () => done.splice(0),
    () => ended,
  );
}

/**
 * The rows of an XLSX file's first sheet (the header is row 1) that hold anything, as they are
 * read. Throws a SheetRefusal at the first limit passed, or when the file is no workbook.
 */
export function readXlsx(path: string, budget: SheetBudget): AsyncGenerator<SheetRow> {
  return withSheetParts(path, budget, async function* (zip, { sheet, strings }) {
    const texts = strings ? await sharedStrings(zip, strings, budget) : [];
    yield* sheetRows(zip, sheet, budget, texts);
  });
}
