import { createReadStream } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar';
import { backupStamp, FORMAT, type Manifest, MAX_MANIFEST_BYTES } from './format.ts';

// The backup folder (BACKUP_DIR) as the server sees it: which files are archives, what each
// holds, and which of them the server may delete. Only names of two fixed shapes count, so a
// name taken from a request can never leave the folder (no path traversal).

/** What `pnpm backup` writes by default: never pruned by the server. */
const MANUAL = /^conveyor-(\d{8}-\d{6})\.tar\.gz$/;
/** What the server's backup job writes (scheduled, or "back up now"): pruned to BACKUP_KEEP. */
const AUTO = /^conveyor-auto-(\d{8}-\d{6})-(\d{1,15})\.tar\.gz$/;

/** Both shapes in one pattern, for the download route's parameter schema. */
export const ARCHIVE_NAME_PATTERN =
  '^conveyor-(auto-\\d{8}-\\d{6}-\\d{1,15}|\\d{8}-\\d{6})\\.tar\\.gz$';

export function isArchiveName(name: string): boolean {
  return MANUAL.test(name) || AUTO.test(name);
}

/** The name of the archive the backup job `jobId` writes at `now`; unique per job. */
export function autoArchiveName(now: Date, jobId: number): string {
  return `conveyor-auto-${backupStamp(now)}-${jobId}.tar.gz`;
}

/** The manifest's summary: what the list shows of an archive without unpacking it. */
export interface ArchiveSummary {
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  schemaVersion: string;
  tables: Record<string, number>;
  uploads: number;
}

export interface ArchiveEntry {
  name: string;
  bytes: number;
  /** The manifest's time, or the file's when the manifest cannot be read. */
  createdAt: string;
  /** Made by the server's job (and pruned by it), not by `pnpm backup`. */
  auto: boolean;
  /** Null when the archive's manifest could not be read (a damaged or foreign file). */
  summary: ArchiveSummary | null;
}

/**
 * The manifest of an archive, read from its first entry: `createBackup` writes manifest.json
 * first, so only the first few kilobytes are unzipped, whatever the archive's size. Null when
 * the first entry is something else or the file is not a gzipped tar. The stream is unzipped
 * here, not by the tar parser, and cut off past the manifest's largest size: an archive of
 * zeros (a compressed bomb) costs a few milliseconds, not gigabytes inflated in one go.
 */
export async function readManifest(file: string): Promise<Manifest | null> {
  const stream = createReadStream(file);
  const gunzip = createGunzip();
  let inflated = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      inflated += chunk.length;
      if (inflated > MAX_MANIFEST_BYTES + 8 * 512) callback(new Error('manifest too large'));
      else callback(null, chunk);
    },
  });
  try {
    return await new Promise<Manifest | null>((resolve) => {
      const parser = new tar.Parser({
        onReadEntry: (entry) => {
          if (entry.path !== 'manifest.json' || entry.size > MAX_MANIFEST_BYTES) {
            resolve(null);
            stream.destroy();
            return;
          }
          const chunks: Buffer[] = [];
          entry.on('data', (chunk: Buffer) => chunks.push(chunk));
          entry.on('end', () => {
            try {
              const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
              resolve(manifest?.format === FORMAT ? manifest : null);
            } catch {
              resolve(null);
            }
            stream.destroy();
          });
        },
      });
      parser.on('error', () => resolve(null));
      parser.on('end', () => resolve(null));
      // (not on the file stream's close: it closes once read, while its last bytes may still
      // be inflating on their way to the parser, and a small archive read as unreadable)
      for (const part of [stream, gunzip, limit]) part.on('error', () => resolve(null));
      stream.pipe(gunzip).pipe(limit).pipe(parser);
    });
  } finally {
    stream.destroy();
    gunzip.destroy();
    limit.destroy();
  }
}

function summarise(manifest: Manifest): ArchiveSummary {
  return {
    createdAt: manifest.created_at,
    dialect: manifest.dialect,
    schemaVersion: manifest.schema_version,
    tables: Object.fromEntries(
      Object.entries(manifest.tables).map(([table, entry]) => [table, entry.rows]),
    ),
    uploads: Object.keys(manifest.files).filter((name) => name.startsWith('uploads/')).length,
  };
}

/** Summaries already read, by file, with its size and time: an archive does not change. */
const summaries = new Map<string, { stamp: string; summary: ArchiveSummary | null }>();

/**
 * The archives in `dir`, newest first: regular files with an archive's name (a link or a
 * folder of that name is not one). An absent folder holds none.
 */
export async function listArchives(dir: string): Promise<ArchiveEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries: ArchiveEntry[] = [];
  for (const name of names.filter(isArchiveName)) {
    const file = join(dir, name);
    let info;
    try {
      info = await lstat(file);
    } catch {
      continue; // pruned meanwhile
    }
    if (!info.isFile()) continue;
    const stamp = `${info.size}:${info.mtimeMs}`;
    let summary = summaries.get(file)?.stamp === stamp ? summaries.get(file)!.summary : undefined;
    if (summary === undefined) {
      const manifest = await readManifest(file);
      summary = manifest ? summarise(manifest) : null;
      summaries.set(file, { stamp, summary });
    }
    entries.push({
      name,
      bytes: info.size,
      createdAt: summary?.createdAt ?? info.mtime.toISOString(),
      auto: AUTO.test(name),
      summary,
    });
  }
  // forget what was pruned, so the cache stays the size of the folder
  const present = new Set(entries.map((entry) => join(dir, entry.name)));
  for (const file of summaries.keys()) {
    if (file.startsWith(join(dir, 'conveyor-')) && !present.has(file)) summaries.delete(file);
  }
  return entries.sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || (a.name < b.name ? 1 : -1),
  );
}

/** The order of the job's archives: by time in the name, then job id (newest last). */
function autoOrder(name: string): [string, number] {
  const match = AUTO.exec(name)!;
  return [match[1]!, Number(match[2])];
}

/**
 * Deletes the server's own archives beyond the newest `keep`, by name: files of `pnpm backup`
 * and anything else in the folder are never touched. Answers the names deleted.
 */
export async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => AUTO.test(name));
  names.sort((a, b) => {
    const [stampA, idA] = autoOrder(a);
    const [stampB, idB] = autoOrder(b);
    return stampA.localeCompare(stampB) || idA - idB;
  });
  const doomed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of doomed) {
    const file = join(dir, name);
    // a folder or a link of that name was not made by the job
    if ((await lstat(file)).isFile()) await rm(file, { force: true });
  }
  return doomed;
}
