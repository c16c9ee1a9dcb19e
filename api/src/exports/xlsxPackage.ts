import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import sax, { type SAXParser } from 'sax';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { type SheetBudget, SheetRefusal } from './sheetLimits.ts';

// An XLSX file as a package of parts (readXlsx.ts reads its cells): the archive read by its
// central directory (yauzl, on the uploaded file), its entries counted before any is unpacked,
// and only the parts a sheet needs unpacked: the package's and the workbook's relationships, the
// workbook, its shared strings and its first sheet, whatever their order in the file. yauzl
// holds each entry to the size its directory declares, and every unpacked byte is counted
// against the budget as it comes. The XML is read by sax, which emits long text in pieces and
// refuses an oversized name or attribute, so no single node grows past a limit before it is
// counted; it expands no entity a document declares.
//
// Not exceljs' streaming WorkbookReader: it reads the archive by its local headers and cannot
// count what it unpacks, spools a sheet that comes before the shared strings to a temporary
// file of any size, and gathers every text node whole.

/** An element's name without its namespace prefix (`x:row` is `row`). */
export const local = (name: string) => name.slice(name.indexOf(':') + 1);

export const unreadable = (why: string) =>
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
export async function* parseEntry<T>(
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

export const xmlParser = () => sax.parser(true, { trim: false, normalize: false, position: false });

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

/** The parts of a workbook an import reads: its first sheet, and its shared strings if any. */
export interface SheetParts {
  sheet: Entry;
  strings: Entry | undefined;
}

/**
 * Opens an XLSX file and finds its first sheet's parts by the package's relationships; `read`
 * reads them (with the zip open), and the file is closed however it ends.
 */
export async function* withSheetParts<T>(
  path: string,
  budget: SheetBudget,
  read: (zip: ZipFile, parts: SheetParts) => AsyncGenerator<T>,
): AsyncGenerator<T> {
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
    yield* read(zip, { sheet, strings: stringsPart && entries.get(stringsPart.target) });
  } finally {
    zip.close();
  }
}
