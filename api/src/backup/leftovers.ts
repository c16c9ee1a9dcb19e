import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

// What a killed backup or restore leaves behind, and the sweep that removes it. Each holds
// personal data (every lead, the users' password hashes), so none may stay for long:
//   BACKUP_DIR/.conveyor-backup-<pid>-XXXXXX/   a backup's staging folder;
//   BACKUP_DIR/.<archive name>.<pid>.partial    an archive being written;
//   DATA_DIR/.conveyor-restore-<pid>-XXXXXX/    a restore's unpacked archive.
// The pid in the name says which process is at work on it.

/** The staging folder's prefix in the backup folder; mkdtemp adds six random characters. */
export const backupStagePrefix = () => `.conveyor-backup-${process.pid}-`;
/** The unpacking folder's prefix under DATA_DIR. */
export const restoreWorkPrefix = () => `.conveyor-restore-${process.pid}-`;

const STAGE = /^\.conveyor-backup-(?:(\d+)-)?[^/]+$/;
const PARTIAL = /^\..+\.(\d+)\.partial$/;
const WORK = /^\.conveyor-restore-(?:(\d+)-)?[^/]+$/;

/** The folders and files this process is working in now: never swept. */
const active = new Set<string>();

/** Marks `path` as in use by this process until `release` is called. */
export function holdWork(path: string): () => void {
  active.add(path);
  return () => active.delete(path);
}

/** Whether another process of that id runs on this machine (ours counts only by `active`). */
function otherProcessAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The newest modification time of a file or folder and of everything in it. */
async function newestChange(path: string): Promise<number> {
  const info = await lstat(path);
  let newest = info.mtimeMs;
  if (!info.isDirectory()) return newest;
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const inner = await lstat(join(entry.parentPath, entry.name)).catch(() => null);
    if (inner) newest = Math.max(newest, inner.mtimeMs);
  }
  return newest;
}

async function sweepFolder(
  dir: string,
  patterns: { pattern: RegExp; folder: boolean }[],
  graceMs: number,
  now: number,
): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const removed: string[] = [];
  for (const entry of entries) {
    const kind = patterns.find(({ pattern }) => pattern.test(entry.name));
    if (!kind || (kind.folder ? !entry.isDirectory() : !entry.isFile())) continue;
    const path = join(dir, entry.name);
    if (active.has(path)) continue;
    const pid = Number(kind.pattern.exec(entry.name)![1] ?? 0);
    if (pid && otherProcessAlive(pid)) continue;
    const changed = await newestChange(path).catch(() => null);
    if (changed === null || now - changed < graceMs) continue;
    await rm(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

/**
 * Removes the leftovers of killed backups (in `backupDir`) and restores (in `dataDir`) once
 * nothing in them has changed for `graceMs`, unless this process or another live process of
 * the pid in its name still works in it. Answers the paths removed.
 */
export async function sweepBackupLeftovers(
  backupDir: string,
  dataDir: string,
  graceMs: number,
  now = Date.now(),
): Promise<string[]> {
  return [
    ...(await sweepFolder(
      backupDir,
      [
        { pattern: STAGE, folder: true },
        { pattern: PARTIAL, folder: false },
      ],
      graceMs,
      now,
    )),
    ...(await sweepFolder(dataDir, [{ pattern: WORK, folder: true }], graceMs, now)),
  ];
}
