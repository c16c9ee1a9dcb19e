/**
 * Documents and drawings: the files a product, a project or a category offers buyers
 * (datasheets, manuals, certificates, drawings). What they are, which formats are taken, and
 * how a stored document's key names its file, shared by the API, the back office and the site.
 */

export const DOCUMENT_KINDS = ['datasheet', 'manual', 'certificate', 'drawing', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What the order of a record's documents is decided by. */
export interface OrderedDocument {
  id: number;
  kind: string;
  position?: number | null;
}

/**
 * The order a record's documents are listed in, on its page and in the back office: the ones
 * staff placed, by their place; then the others by kind (datasheets first, as makers list
 * them), then as they were added.
 */
export function compareDocuments(a: OrderedDocument, b: OrderedDocument): number {
  const placed = (document: OrderedDocument) =>
    typeof document.position === 'number' ? document.position : Number.POSITIVE_INFINITY;
  const kind = (document: OrderedDocument) => {
    const index = (DOCUMENT_KINDS as readonly string[]).indexOf(document.kind);
    return index < 0 ? DOCUMENT_KINDS.length : index;
  };
  if (placed(a) !== placed(b)) return placed(a) < placed(b) ? -1 : 1;
  return kind(a) - kind(b) || a.id - b.id;
}

/**
 * What a document may belong to: the column naming the record, and the record's resource. A
 * document names exactly one.
 */
export const DOCUMENT_OWNERS = {
  product_id: 'products',
  project_id: 'project',
  category_id: 'categories',
} as const;
export type DocumentOwnerColumn = keyof typeof DOCUMENT_OWNERS;
export const DOCUMENT_OWNER_COLUMNS = Object.keys(DOCUMENT_OWNERS) as DocumentOwnerColumn[];

/** The owner columns a document's values fill in (one, for a valid document). */
export function documentOwners(values: Readonly<Record<string, unknown>>): DocumentOwnerColumn[] {
  return DOCUMENT_OWNER_COLUMNS.filter((column) => typeof values[column] === 'number');
}

/** The formats a document may be, with the file name extensions each may carry. */
export const DOCUMENT_FORMATS = {
  pdf: ['pdf'],
  dwg: ['dwg'],
  dxf: ['dxf'],
  step: ['step', 'stp'],
  zip: ['zip'],
} as const satisfies Record<string, readonly string[]>;
export type DocumentFormat = keyof typeof DOCUMENT_FORMATS;
export const DOCUMENT_FORMAT_NAMES = Object.keys(DOCUMENT_FORMATS) as DocumentFormat[];

/** What a file picker offers (the API decides by the bytes). */
export const ACCEPTED_DOCUMENT_EXTENSIONS = Object.values(DOCUMENT_FORMATS)
  .flat()
  .map((extension) => `.${extension}`);

/** The type a document is served as. A PDF opens in the browser; the others download. */
export const DOCUMENT_CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  dwg: 'image/vnd.dwg',
  dxf: 'image/vnd.dxf',
  step: 'model/step',
  zip: 'application/zip',
};

/** How many bytes of a file's start `documentFormat` needs to decide. */
export const DOCUMENT_SNIFF_BYTES = 256;

const ascii = (bytes: Uint8Array, length = bytes.length) =>
  String.fromCharCode(...bytes.subarray(0, Math.min(length, bytes.length)));

/**
 * The format a file is, by its first bytes (DOCUMENT_SNIFF_BYTES of them); null when it is none
 * of the documents' formats. Written by hand: the usual detectors (file-type) know PDF, ZIP and
 * DWG by their signatures but not the text formats DXF and STEP, and the five checks are short.
 * - PDF: `%PDF-` (ISO 32000, 7.5.2);
 * - DWG: `AC10xx` / `AC1xxx`, the release code AutoCAD writes first (AC1012 … AC1032);
 * - DXF: the binary one's sentinel, or a text one opening its first section (`0`, `SECTION`),
 *   after comments (group 999) if any;
 * - STEP: `ISO-10303-21;` (ISO 10303-21, the exchange structure's first line);
 * - ZIP: a local file header `PK\3\4`, or the end record `PK\5\6` of an empty archive.
 */
export function documentFormat(head: Uint8Array): DocumentFormat | null {
  let start = 0;
  // a UTF-8 byte order mark before a text format
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) start = 3;
  const bytes = head.subarray(start);
  const text = ascii(bytes, DOCUMENT_SNIFF_BYTES);
  if (start === 0 && text.startsWith('%PDF-')) return 'pdf';
  if (start === 0 && /^AC1\d{3}/.test(text)) return 'dwg';
  if (start === 0 && text.startsWith('AutoCAD Binary DXF\r\n\x1a\x00')) return 'dxf';
  if (/^(\s*999\r?\n[^\r\n]*\r?\n)*\s*0\r?\nSECTION\r?\n/.test(text)) return 'dxf';
  if (/^\s*ISO-10303-21;/.test(text)) return 'step';
  if (start === 0 && (text.startsWith('PK\x03\x04') || text.startsWith('PK\x05\x06'))) {
    return 'zip';
  }
  return null;
}

/** A file name's extension, lower-cased, without its dot ('' for none). */
export function extensionOf(name: string): string {
  return /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

/**
 * A file name fit for a stored key, a URL and a download: the uploaded name without its folder
 * and extension, letters and digits of any script kept, everything else a single '-', at most
 * 80 characters; `document` when nothing is left.
 */
export function safeDocumentName(uploaded: string): string {
  const base = uploaded.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '');
  const clean = stem
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}_]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return clean || 'document';
}

/** What a stored document's key says of its file. */
export interface DocumentFile {
  /** Where it is served: `/uploads/…`, each segment URL-encoded. */
  url: string;
  /** The name it downloads as. */
  name: string;
  /** Its size in bytes. */
  size: number;
  format: DocumentFormat;
}

const KEY = /^documents\/[0-9a-f-]{36}\/(\d{1,12})\/([^/]+)\.([a-z0-9]{1,10})$/;

/**
 * The key a document's file is stored under: `documents/<uuid>/<size>/<name>.<ext>`. A stored
 * file never changes (a new upload gets a new key), so what the key says of it stays true: the
 * name it downloads as and its size travel with the key wherever it goes (a draft, a revision,
 * a backup) without columns of their own to keep in step.
 */
export function documentKey(uuid: string, size: number, name: string, extension: string): string {
  return `documents/${uuid}/${size}/${name}.${extension}`;
}

/** What a document's stored key says of its file; null for a key that is not a document's. */
export function documentFile(key: string | null | undefined): DocumentFile | null {
  const match = key ? KEY.exec(key) : null;
  if (!match) return null;
  const [, size, name, extension] = match as unknown as [string, string, string, string];
  const format = DOCUMENT_FORMAT_NAMES.find((each) =>
    (DOCUMENT_FORMATS[each] as readonly string[]).includes(extension),
  );
  if (!format) return null;
  return {
    url: `/uploads/${key!.split('/').map(encodeURIComponent).join('/')}`,
    name: `${name}.${extension}`,
    size: Number(size),
    format,
  };
}

/** A size as people read it: `840 KB`, `2.4 MB` (decimal units, as file managers show them). */
export function formatFileSize(bytes: number, decimalSeparator = '.'): string {
  if (bytes < 1000) return `${bytes} B`;
  const kb = bytes / 1000;
  if (kb < 1000) return `${Math.round(kb)} KB`;
  const mb = kb / 1000;
  const text = mb < 10 ? mb.toFixed(1) : String(Math.round(mb));
  return `${text.replace('.', decimalSeparator)} MB`;
}
