// What an imported sheet may hold (docs/specifications.md, docs/security.md). A sheet is read as
// a stream and each limit is counted as it comes: reading stops at the first one passed, so no
// file under the upload limit makes the server hold more than these allow, however far it would
// unpack. `pnpm bench:sheets` measures what the worst files cost (docs/benchmarks.md).

const MB = 1024 * 1024;

export const SHEET_LIMITS = {
  /** The uploaded file, XLSX or CSV, as it arrives. */
  fileBytes: 10 * MB,
  /** Entries of an XLSX archive (a workbook from Excel or LibreOffice has 10 to 30). */
  entries: 1000,
  /** Bytes unpacked from the parts an import reads (the workbook, its strings, one sheet). */
  unpackedBytes: 48 * MB,
  /** An XLSX's shared strings (no more than it can have cells). */
  sharedStrings: 1_000_000,
  /** Rows after the header: products one import takes. */
  rows: 5000,
  /** Columns of a row (the product's fields, and every attribute: a text one three times). */
  columns: 1000,
  /** Cells of the whole sheet, each row counted as wide as its last filled cell. */
  cells: 1_000_000,
  /** A cell's characters: what a spreadsheet cell holds at most (Excel's own limit). */
  cellChars: 32_767,
  /** Characters of all the cells together, as read (a shared string counted at each use). */
  textChars: 16 * 1024 * 1024,
} as const;

export type SheetLimits = { readonly [K in keyof typeof SHEET_LIMITS]: number };

/** Which limit a sheet passed, or that it cannot be read at all. */
export type SheetRefusalKind =
  | 'entries'
  | 'unpacked'
  | 'sharedStrings'
  | 'rows'
  | 'columns'
  | 'cells'
  | 'cellChars'
  | 'textChars'
  | 'unreadable';

/** A sheet refused while it was read: the limit it passed, and a sentence that says so. */
export class SheetRefusal extends Error {
  readonly kind: SheetRefusalKind;

  constructor(kind: SheetRefusalKind, message: string) {
    super(message);
    this.name = 'SheetRefusal';
    this.kind = kind;
  }
}

/** A cell as read from a file: what the sheet wrote, or what a person typed. */
export type ReadCell = string | number | boolean | null;

/** A row of the sheet that holds something: its number (1 is the header) and its cells. */
export interface SheetRow {
  row: number;
  cells: ReadCell[];
}

/**
 * Counts what a reader keeps as it reads, and refuses the sheet at the first limit passed. One
 * per file; the XLSX and CSV readers both count through it.
 */
export class SheetBudget {
  private cells = 0;
  private chars = 0;
  private unpacked = 0;
  readonly limits: SheetLimits;

  constructor(limits: SheetLimits) {
    this.limits = limits;
  }

  /** Bytes unpacked from the archive. */
  unpack(bytes: number): void {
    this.unpacked += bytes;
    if (this.unpacked > this.limits.unpackedBytes) throw this.unpackedTooLarge();
  }

  /** Bytes an entry declares it unpacks to: refused before they are unpacked. */
  expect(bytes: number): void {
    if (this.unpacked + bytes > this.limits.unpackedBytes) throw this.unpackedTooLarge();
  }

  private unpackedTooLarge(): SheetRefusal {
    const mb = Math.round(this.limits.unpackedBytes / 1024 / 1024);
    return new SheetRefusal('unpacked', `file: unpacks to more than ${mb} MB`);
  }

  /** A filled cell's column (0 is the first), as soon as it is read. */
  column(index: number): void {
    if (index >= this.limits.columns) {
      throw new SheetRefusal('columns', `file: at most ${this.limits.columns} columns`);
    }
  }

  /** A text cell's characters (a shared string at each use). */
  text(length: number): void {
    if (length > this.limits.cellChars) {
      throw new SheetRefusal(
        'cellChars',
        `file: a cell holds more than ${this.limits.cellChars} characters`,
      );
    }
    this.chars += length;
    if (this.chars > this.limits.textChars) {
      throw new SheetRefusal(
        'textChars',
        `file: holds more than ${this.limits.textChars} characters of text`,
      );
    }
  }

  /** A row as kept: its number and width. */
  row(number: number, width: number): void {
    if (number - 1 > this.limits.rows) {
      throw new SheetRefusal('rows', `file: at most ${this.limits.rows} rows at once`);
    }
    if (width > 0) this.column(width - 1);
    this.cells += width;
    if (this.cells > this.limits.cells) {
      throw new SheetRefusal('cells', `file: at most ${this.limits.cells} cells`);
    }
  }
}
