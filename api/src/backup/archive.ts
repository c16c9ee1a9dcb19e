import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { connect } from '../db/connect.ts';
import type { Storage } from '../lib/storage.ts';
import {
  backupStamp,
  BackupError,
  type FileEntry,
  FORMAT,
  FORMAT_VERSION,
  type Manifest,
} from './format.ts';
import { backupStagePrefix, holdWork } from './leftovers.ts';
import { writeSnapshot } from './snapshot.ts';

// Writing an archive: the database's rows and the uploads, staged, described by a manifest,
// packed, and renamed into place once complete. Reading one back is unpack.ts.

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
  // 0700 and 0600: archives hold every lead and the password hashes
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const stage = await mkdtemp(join(folder, backupStagePrefix()));
  const partial = join(folder, `.${basename(file)}.${process.pid}.partial`);
  const releaseStage = holdWork(stage);
  const releasePartial = holdWork(partial);
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
    await writeFile(join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    // The manifest first, so `tar tzf` shows what the archive is at once.
    await pipeline(
      tar.create({ gzip: true, cwd: stage, portable: true }, ['manifest.json', 'data', 'uploads']),
      createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
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
    releaseStage();
    releasePartial();
  }
}
