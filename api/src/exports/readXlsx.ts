import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import sax, { type SAXParser } from 'sax';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { SheetBudget } from './sheetLimits.ts';
import { type ReadCell, SheetRefusal, type SheetRow } from './sheetLimits.ts';

// The first sheet of an XLSX file, row by row, as a stream with limits (sheetLimits.ts).
//
// The archive is read by its central directory (yauzl, on the uploaded file): the entries are
// counted before any is unpacked, and only the few parts a sheet needs are: the package's and
// the workbook's relationships, the workbook, its shared strings and the first sheet, whatever
// their order in the file. yauzl holds each entry to the size its directory declares, and every
// unpacked byte is counted against the budget as it comes. The XML is read by sax, which emits
// long text in pieces and refuses an oversized name or attribute, so no single node grows past
// a limit before it is counted; it expands no entity a document declares.
//
// Not exceljs' streaming WorkbookReader: it reads the archive by its local headers and cannot
// count what it unpacks, spools a sheet that comes before the shared strings to a temporary
// file of any size, and gathers every text node whole.

/** An element's name without its namespace prefix (`x:row` is `row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

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

const unreadable = (why: string) =>
  new SheetRefusal('unreadable', `file: is not a readable XLSX (${why})`);

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error ? reject(unreadable(error.message)) : resolve(zip)),
    );
  });
}

/** The archive's entries by name, counted against the limit before any is read. */
function entriesOf(zip: ZipFile, budget: SheetBudget): Promise<Map<string, Entry>> {
  const { entries: limit } = budget.limits;
  if (zip.entryCount > limit) {
    return Promise.reject(
      new SheetRefusal(
        'entries',
        `file: an XLSX of more than ${limit} parts is not a sheet we take`,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const found = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      found.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(found));
    zip.once('error', (error: Error) => reject(unreadable(error.message)));
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error ? reject(unreadable(error.message)) : resolve(stream),
    );
  });
}

/**
 * Reads an entry's XML through `parser`, each unpacked byte counted; after each piece, `take`
 * hands on what the piece completed. Stops (and closes the entry) when the caller stops, or
 * once `finished` says the rest is not needed.
 */
async function* parseEntry<T>(
  zip: ZipFile,
  entry: Entry,
  budget: SheetBudget,
  parser: SAXParser,
  take: () => T[],
  finished: () => boolean = () => false,
): AsyncGenerator<T> {
  // refused on what the directory declares, which yauzl holds the entry to, before unpacking
  budget.expect(entry.uncompressedSize);
  let failure: Error | null = null;
  parser.onerror = (error) => {
    failure = error;
  };
  const stream = await openEntry(zip, entry);
  const decoder = new TextDecoder('utf-8');
  // sax checks its buffers once per write: pieces well under its 64 KB buffer keep that check
  // on every node
  const PIECE = 16 * 1024;
  const write = (text: string) => {
    for (let at = 0; at < text.length && !failure; at += PIECE) {
      parser.write(text.slice(at, at + PIECE));
    }
    if (failure) throw unreadable((failure as Error).message.split('\n')[0] ?? 'broken XML');
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.unpack(chunk.length);
      write(decoder.decode(chunk, { stream: true }));
      yield* take();
      if (finished()) return;
    }
    write(decoder.decode());
    parser.close();
    if (failure) throw unreadable((failure as Error).message.split('\n')[0] ?? 'broken XML');
    yield* take();
  } catch (error) {
    if (error instanceof SheetRefusal) throw error;
    throw unreadable(error instanceof Error ? error.message : String(error));
  } finally {
    stream.destroy();
  }
}

const xmlParser = () => sax.parser(true, { trim: false, normalize: false, position: false });

/** A relationships part: id → its type and its target's path in the archive. */
async function relationships(
  zip: ZipFile,
  entries: Map<string, Entry>,
  budget: SheetBudget,
  of: string,
): Promise<Map<string, { type: string; target: string }>> {
  const path = posix.join(posix.dirname(of), '_rels', `${posix.basename(of)}.rels`);
  const found = new Map<string, { type: string; target: string }>();
  const entry = entries.get(path);
  if (!entry) return found;
  const parser = xmlParser();
  parser.onopentag = (tag) => {
    if (local(tag.name) !== 'Relationship') return;
    const attributes = tag.attributes as Record<string, string>;
    const { Id: id, Type: type = '', Target: target = '' } = attributes;
    if (!id || attributes.TargetMode === 'External') return;
    const resolved = target.startsWith('/')
      ? target.slice(1)
      : posix.normalize(posix.join(posix.dirname(of), target));
    found.set(id, { type, target: resolved });
  };
  for await (const _ of parseEntry(zip, entry, budget, parser, () => [])) {
    // nothing to hand on: the relationships are gathered above
  }
  return found;
}

/** The relationship id of the workbook's first sheet. */
async function firstSheetId(
  zip: ZipFile,
  entry: Entry,
  budget: SheetBudget,
): Promise<string | null> {
  let id: string | null = null;
  const parser = xmlParser();
  parser.onopentag = (tag) => {
    if (id !== null || local(tag.name) !== 'sheet') return;
    const attributes = tag.attributes as Record<string, string>;
    const key = Object.keys(attributes).find((name) => name.includes(':') && local(name) === 'id');
    id = key ? (attributes[key] ?? null) : null;
  };
  for await (const _ of parseEntry(zip, entry, budget, parser, () => [])) {
    // read whole: the workbook part is small, and counted
  }
  return id;
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
export async function* readXlsx(path: string, budget: SheetBudget): AsyncGenerator<SheetRow> {
  const zip = await openZip(path);
  try {
    const entries = await entriesOf(zip, budget);
    const office = [...(await relationships(zip, entries, budget, '')).values()].find((rel) =>
      rel.type.endsWith('/officeDocument'),
    );
    const workbookPath = office?.target ?? 'xl/workbook.xml';
    const workbook = entries.get(workbookPath);
    if (!workbook) throw unreadable('it has no workbook');
    const parts = await relationships(zip, entries, budget, workbookPath);
    const sheetId = await firstSheetId(zip, workbook, budget);
    const sheet = entries.get((sheetId && parts.get(sheetId)?.target) || '');
    if (!sheet) throw unreadable('it has no sheet');
    const stringsPart = [...parts.values()].find((rel) => rel.type.endsWith('/sharedStrings'));
    const stringsEntry = stringsPart && entries.get(stringsPart.target);
    const strings = stringsEntry ? await sharedStrings(zip, stringsEntry, budget) : [];
    yield* sheetRows(zip, sheet, budget, strings);
  } finally {
    zip.close();
  }
}
