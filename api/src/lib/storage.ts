import type { Readable } from 'node:stream';

// What a storage of uploaded files is, whatever its driver: the contract the drivers in
// storage/ keep, and what the configuration, the image store and the backups are written
// against. It sits low so that they need no driver to name it.

/**
 * Where uploaded files live. Keys are the paths records store (`products/<uuid>.jpg`), the
 * same under every driver, so a record, an archive and a `/uploads/` URL name a file alike.
 */
export interface Storage {
  /** `local` (a folder) or `s3` (a bucket); for messages. */
  readonly driver: 'local' | 's3';
  /** Where the files are, in words: the folder, or the bucket and prefix. */
  readonly location: string;
  /** Fails with a clear message when the storage cannot be used (a bucket that is not there). */
  check(): Promise<void>;
  /** Stores a file under `key`, replacing one of that name; readers never see half a file. */
  put(key: string, source: PutSource, contentType?: string): Promise<void>;
  /** The file's bytes as a stream with what an HTTP answer needs, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** What get says about the file, without its bytes; null when there is none. */
  head(key: string): Promise<FileInfo | null>;
  /** Removes a file; one that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file, in no particular order (backups read them all). */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Releases connections; the storage is not used afterwards. */
  close(): Promise<void>;
}

export interface S3Settings {
  bucket: string;
  /** Base URL of an S3-compatible service (MinIO, R2, a test's server); null: AWS itself. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most self-hosted). */
  forcePathStyle: boolean;
  /** Prepended to every key, `''` or ending in `/`: several sites may share one bucket. */
  prefix: string;
}

/** The bytes to store: in memory, or a file on disk (streamed, never read whole). */
export type PutSource = Buffer | { file: string };

export interface FileInfo {
  size: number;
  contentType: string;
  /** A quoted entity tag, as HTTP sends it (`"…"` or `W/"…"`). */
  etag: string;
  lastModified: Date;
}

export interface StoredFile extends FileInfo {
  body: Readable;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  // documents (shared DOCUMENT_CONTENT_TYPES)
  pdf: 'application/pdf',
  dwg: 'image/vnd.dwg',
  dxf: 'image/vnd.dxf',
  step: 'model/step',
  stp: 'model/step',
  zip: 'application/zip',
};

/** The type a file is served as, by its extension; anything unknown is plain bytes. */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Whether `key` is a name the uploads may hold: '/'-separated segments, none empty, none
 * starting with a dot (no `..`, no hidden or temporary files), no backslash or control
 * character. A request or an archive naming anything else is refused before any driver sees it.
 */
export function isValidKey(key: string): boolean {
  if (!key || key.length > 1024 || key.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\x00-\x1f\x7f]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && !segment.startsWith('.'));
}

export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`not a valid uploads path: ${JSON.stringify(key)}`);
  return key;
}
