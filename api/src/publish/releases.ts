import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readlink, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { lowerThreadPriority } from '@conveyor/shared';

// The release folders of the site root (DATA_DIR/site): `releases/<id>/`, the `current` link
// the server serves, and the work folder; what stays, and what goes.

/**
 * DATA_DIR/site/work: the data file of the build in progress, and old releases being deleted
 * (`gone-*`). Emptied when the API starts (clearLeftovers).
 */
export const WORK = 'work';

/**
 * Files a release must have before it goes live: the home page, the not-found page, and its
 * search index (the script the search page loads and the index's entry, which names the rest):
 * pages and index go live together, also when the pages go live before their pictures
 * (goLive.ts, firstPages), so the search page never finds no index.
 */
export const REQUIRED_FILES = [
  'index.html',
  '404.html',
  'pagefind/pagefind.js',
  'pagefind/pagefind-entry.json',
];

/** The release the `current` link points at, or null. */
export async function currentRelease(siteRoot: string): Promise<string | null> {
  try {
    return (await readlink(join(siteRoot, 'current'))).replace(/^releases\//, '');
  } catch {
    return null;
  }
}

/**
 * Clears what an interrupted build left in the site root: `current.next-*` links never renamed
 * into place, and release folders that no successful build names (`known`). The live release
 * is always kept. Returns what was removed.
 */
export async function clearLeftovers(siteRoot: string, known: Iterable<string>): Promise<string[]> {
  const removed: string[] = [];
  await rm(join(siteRoot, WORK), { recursive: true, force: true });
  let entries: string[];
  try {
    entries = await readdir(siteRoot);
  } catch {
    return removed; // no site root yet
  }
  for (const name of entries.filter((entry) => entry.startsWith('current.next-'))) {
    await rm(join(siteRoot, name), { force: true });
    removed.push(name);
  }
  const keep = new Set(known);
  const live = await currentRelease(siteRoot);
  if (live) keep.add(live);
  if (!entries.includes('releases')) return removed;
  for (const name of await readdir(join(siteRoot, 'releases'))) {
    if (keep.has(name)) continue;
    await rm(join(siteRoot, 'releases', name), { recursive: true, force: true });
    removed.push(`releases/${name}`);
  }
  return removed;
}

/**
 * Takes all but the newest `keep` releases (by the time they were built), never `live`, out of
 * `releases/` at once: each is renamed into the work folder, which a rename does in one step
 * whatever its size. Returns the folders to delete. Deleting a release's thousands of files
 * takes a while; the build is done without waiting for it.
 */
export async function retireReleases(
  siteRoot: string,
  live: string,
  keep: number,
): Promise<string[]> {
  const releases = join(siteRoot, 'releases');
  // Oldest first by the time they were built (names can repeat once pruned).
  const all = await Promise.all(
    (await readdir(releases)).map(async (name) => ({
      name,
      built: (await stat(join(releases, name))).mtimeMs,
    })),
  );
  const old = all
    .filter((entry) => entry.name !== live)
    .sort((a, b) => a.built - b.built)
    .slice(0, Math.max(0, all.length - keep));
  const gone: string[] = [];
  if (old.length) await mkdir(join(siteRoot, WORK), { recursive: true });
  for (const entry of old) {
    const folder = join(siteRoot, WORK, `gone-${entry.name}-${randomUUID()}`);
    await rename(join(releases, entry.name), folder);
    gone.push(folder);
  }
  return gone;
}

/**
 * Deletes folders in the background, with rmSync on a thread of its own. fs.promises.rm queues
 * a folder's thousands of unlinks at once on libuv's four threads, which also serve the site's
 * files: while it deleted a release, reading a small file would wait behind the unlinks; on a
 * thread of its own they go one at a time and leave libuv's threads free. The thread does not
 * keep the API from shutting down: what it leaves, clearLeftovers removes at the next start.
 * It runs at the lowest priority: an edit's build may start while it runs (its kernel time, tens
 * of thousands of unlinks, is its own thread's).
 */
export function deleteFolders(folders: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(
      `${lowerThreadPriority(19)}
       const { rmSync } = require('node:fs');
       for (const folder of require('node:worker_threads').workerData)
         rmSync(folder, { recursive: true, force: true });`,
      { eval: true, workerData: folders },
    );
    thread.unref();
    thread.once('error', reject);
    thread.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`deleting ${folders.join(', ')}: exit ${code}`)),
    );
  });
}
