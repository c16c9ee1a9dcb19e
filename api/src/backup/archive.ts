import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import {
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import * as tar from 'tar';
import { connect } from '../db/connect.ts';
import type { Storage } from '../storage/types.ts';
import {
  type BackedUpTable,
  BackupError,
  dataFile,
  type FileEntry,
  FORMAT,
  FORMAT_VERSION,
  type Manifest,
} from './format.ts';
import { writeSnapshot } from './snapshot.ts';

export interface DatabaseTarget {
  /** PostgreSQL when set, else the SQLite file. */
  databaseUrl: string | null;
  sqliteFile: string;
  /** The uploads' storage (createStorage of the configuration): the folder or the bucket. */
  uploads: Storage;
}

export interface BackupOptions extends DatabaseTarget {
  /** The archive to write; it appears under this name only once complete. */
  file: string;
  now?: Date;
  /** Stops the backup between steps (a server shutting down); leftovers are removed. */
  signal?: AbortSignal;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  dialect: Manifest['dialect'];
  schemaVersion: string;
  tables: Record<string, number>;
  files: number;
}

/** YYYYMMDD-HHMMSS in UTC: archive names sort by time. */
export function backupStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

/** BACKUP_DIR/conveyor-YYYYMMDD-HHMMSS.tar.gz: where `pnpm backup` writes by default. */
export function defaultBackupFile(backupDir: string, now = new Date()): string {
  return join(backupDir, `conveyor-${backupStamp(now)}.tar.gz`);
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `root`, by its path in the archive ('/'-separated), with size and sha256. */
async function describeFiles(root: string, skip: string): Promise<Record<string, FileEntry>> {
  const files: Record<string, FileEntry> = {};
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const name = relative(root, path).split(sep).join('/');
    if (name === skip) continue;
    files[name] = { size: (await stat(path)).size, sha256: await sha256(path) };
  }
  return files;
}

/** Makes a written file (or a folder's entry for it) survive a power loss before we go on. */
async function syncToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes one archive of the database and the uploads. The parts are staged in a folder beside
 * the archive, packed into a temporary file there, synced, and renamed into place: a backup
 * killed half way leaves a dot-file with `.partial` in its name, never a file that looks
 * complete.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const file = resolve(options.file);
  const folder = dirname(file);
  if (!options.databaseUrl && !existsSync(options.sqliteFile)) {
    throw new BackupError(`There is no database at ${options.sqliteFile}.`);
  }
  await mkdir(folder, { recursive: true });
  const stage = await mkdtemp(join(folder, '.conveyor-backup-'));
  const partial = join(folder, `.${basename(file)}.${process.pid}.partial`);
  const db = connect({ databaseUrl: options.databaseUrl, sqliteFile: options.sqliteFile });
  const { signal } = options;
  try {
    signal?.throwIfAborted();
    const snapshot = await writeSnapshot(db, stage, options.uploads, signal);
    await db.destroy();
    signal?.throwIfAborted();
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created_at: (options.now ?? new Date()).toISOString(),
      dialect: db.dialect,
      schema_version: snapshot.schemaVersion,
      tables: snapshot.tables,
      files: await describeFiles(stage, 'manifest.json'),
    };
    await writeFile(join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The manifest first, so `tar tzf` shows what the archive is at once.
    await tar.create({ gzip: true, file: partial, cwd: stage, portable: true }, [
      'manifest.json',
      'data',
      'uploads',
    ]);
    await syncToDisk(partial);
    signal?.throwIfAborted();
    await rename(partial, file);
    await syncToDisk(folder);
    const tables = Object.fromEntries(
      Object.entries(manifest.tables).map(([table, entry]) => [table, entry.rows]),
    );
    return {
      file,
      bytes: (await stat(file)).size,
      dialect: manifest.dialect,
      schemaVersion: manifest.schema_version,
      tables,
      files: snapshot.files,
    };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await db.destroy();
    await rm(stage, { recursive: true, force: true });
  }
}

export interface OpenedArchive {
  manifest: Manifest;
  /** The folder the archive was unpacked into. */
  dir: string;
}

/**
 * Unpacks an archive into `into` and checks it against its manifest: every file there with its
 * size and sha256, no file that the manifest does not list, every table's row count. Throws a
 * BackupError saying what is wrong; nothing outside `into` has been touched by then.
 */
export async function openArchive(file: string, into: string): Promise<OpenedArchive> {
  const damaged = (detail: string) =>
    new BackupError(`The archive ${file} is damaged: ${detail}. Nothing was changed.`);
  if (!existsSync(file)) throw new BackupError(`There is no archive at ${file}.`);

  const unexpected: string[] = [];
  try {
    // Read through once without writing anything (strict: a truncated or corrupt stream is an
    // error, not a warning to skip past). Unpacking a damaged stream would fail part way with
    // file writes still under way. Only files and folders count: an archive of ours holds no
    // links or devices.
    await tar.list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.type !== 'File' && entry.type !== 'Directory') unexpected.push(entry.path);
      },
    });
    if (!unexpected.length) await tar.extract({ file, cwd: into, strict: true });
  } catch (error) {
    throw damaged(`it cannot be read as a gzipped tar (${(error as Error).message})`);
  }
  if (unexpected.length) throw damaged(`it holds entries that are not files: ${unexpected[0]}`);

  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(into, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw damaged('manifest.json is missing or unreadable');
  }
  if (manifest.format !== FORMAT || typeof manifest.files !== 'object' || !manifest.tables) {
    throw damaged('manifest.json is not a conveyor backup manifest');
  }
  if (manifest.version > FORMAT_VERSION) {
    throw new BackupError(
      `The archive ${file} is of format ${manifest.version}; this version of conveyor reads up to ${FORMAT_VERSION}. Update conveyor first.`,
    );
  }

  const found = await describeFiles(into, 'manifest.json');
  for (const [name, expected] of Object.entries(manifest.files)) {
    const actual = found[name];
    if (!actual) throw damaged(`${name} is missing`);
    if (actual.size !== expected.size) {
      throw damaged(`${name} has ${actual.size} bytes, the manifest says ${expected.size}`);
    }
    if (actual.sha256 !== expected.sha256) {
      throw damaged(`${name} does not match its sha256 checksum in the manifest`);
    }
  }
  const unlisted = Object.keys(found).find((name) => !(name in manifest.files));
  if (unlisted) throw damaged(`${unlisted} is not listed in the manifest`);

  for (const [table, entry] of Object.entries(manifest.tables)) {
    const name = dataFile(table);
    if (!(name in manifest.files)) throw damaged(`${name} is missing`);
    let rows = 0;
    const columns = new Set(entry.columns);
    for await (const line of readLines(join(into, name))) {
      const row = parseRow(line);
      if (!row || Object.keys(row).some((column) => !columns.has(column))) {
        throw damaged(`row ${rows + 1} of ${name} is not a row of ${table}`);
      }
      rows++;
    }
    if (rows !== entry.rows) {
      throw damaged(`${name} holds ${rows} rows, the manifest says ${entry.rows}`);
    }
  }
  const extraData = Object.keys(manifest.files).find(
    (name) =>
      name.startsWith('data/') &&
      !(name.slice('data/'.length, -'.jsonl'.length) in manifest.tables),
  );
  if (extraData) throw damaged(`${extraData} belongs to no table of the manifest`);
  return { manifest, dir: into };
}

/**
 * The lines of a JSON-lines file, streamed. Split on \n alone: readline would also break at
 * U+2028 and U+2029, which JSON text may hold raw (a lead's message pasted from a web page).
 */
export async function* readLines(file: string): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    const lines = (rest + (chunk as string)).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  if (rest) yield rest;
}

function parseRow(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The rows of one table in an opened archive, parsed. */
export async function* archiveRows(
  archive: OpenedArchive,
  table: BackedUpTable,
): AsyncGenerator<Record<string, unknown>> {
  for await (const line of readLines(join(archive.dir, dataFile(table)))) {
    yield parseRow(line)!;
  }
}
