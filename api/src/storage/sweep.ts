import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Executor } from '../db/repositories/table.ts';
import type { JobKindName } from '../jobs/kinds.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { orphans } from '../revisions/prune.ts';
import type { Storage } from '../lib/storage.ts';

/**
 * Removes stored files that no record and no revision names and that are older than the grace
 * period: what a server killed between storing an upload and committing its record leaves,
 * or a restore killed before its rows went in. The grace keeps an upload that another
 * instance is committing right now. Answers the files removed.
 */
export async function sweepOrphans(
  db: Executor,
  storage: Storage,
  graceMs: number,
  now = Date.now(),
): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  const removed: string[] = [];
  for (const key of await orphans(db, keys)) {
    const info = await storage.head(key);
    if (!info || now - info.lastModified.getTime() < graceMs) continue;
    await storage.delete(key);
    removed.push(key);
  }
  return removed;
}

/**
 * Removes an instance's temporary upload files (multipart bodies streamed to disk) older than
 * the grace period: a request ends by removing its own, so only a killed server leaves any.
 */
export async function sweepTemporary(
  dir: string,
  graceMs: number,
  now = Date.now(),
): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < graceMs) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}

/**
 * Removes the dot-named partial files of the local driver (a file is written under one and
 * renamed) older than the grace period: a server killed mid-write leaves one, never listed.
 */
export async function sweepPartials(
  root: string,
  graceMs: number,
  now = Date.now(),
): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !/^\..+\.partial$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path).catch(() => null);
    if (!info || now - info.mtimeMs < graceMs) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}

export const UPLOADS_SWEEP_JOB = 'uploads.sweep' satisfies JobKindName;

const HOUR_MS = 60 * 60 * 1000;

/** The hourly sweep, on one instance of several: `sweep` does the walking (plugins/sweep.ts). */
export function defineUploadsSweep(runner: JobRunner, sweep: () => Promise<void>): void {
  runner.define(UPLOADS_SWEEP_JOB, { everyMs: HOUR_MS, run: sweep });
}
