import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** What the kept releases take on disk, as the publishing screen shows it. */
export interface DiskUse {
  /**
   * Bytes on disk, a file that several releases share (a hard link) counted once; their folders
   * are each release's own.
   */
  bytes: number;
  /** What the same releases would take as copies of each other. */
  copies: number;
  releases: number;
  /** When it was counted (the releases change only with a build or a pruning). */
  countedAt: string;
}

/**
 * Counts the releases under `releasesDir` on a thread of its own: at tens of thousands of pages a
 * release, their hundreds of thousands of file lookups would otherwise queue on libuv's four
 * threads, which also serve the site's files (as deleteFolders' unlinks would). Sizes are the
 * blocks a file or folder takes, as `du` counts them; a file is known by its device and inode.
 */
function count(releasesDir: string): Promise<Omit<DiskUse, 'countedAt'>> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(
      `const { readdirSync, lstatSync } = require('node:fs');
       const { join } = require('node:path');
       const { workerData, parentPort } = require('node:worker_threads');
       const seen = new Set();
       let bytes = 0, copies = 0, releases = 0;
       for (const name of readdirSync(workerData)) {
         releases++;
         const folders = [join(workerData, name)];
         while (folders.length) {
           const folder = folders.pop();
           // a folder is each release's own (a page's folder holds its index.html)
           const own = lstatSync(folder).blocks * 512;
           bytes += own;
           copies += own;
           for (const entry of readdirSync(folder, { withFileTypes: true })) {
             const path = join(folder, entry.name);
             if (entry.isDirectory()) { folders.push(path); continue; }
             const file = lstatSync(path);
             const size = file.blocks * 512;
             copies += size;
             const key = file.dev + ':' + file.ino;
             if (!seen.has(key)) { seen.add(key); bytes += size; }
           }
         }
       }
       parentPort.postMessage({ bytes, copies, releases });`,
      { eval: true, workerData: releasesDir },
    );
    thread.unref();
    thread.once('message', resolve);
    thread.once('error', reject);
    thread.once('exit', (code) => {
      if (code !== 0) reject(new Error(`counting ${releasesDir}: exit ${code}`));
    });
  });
}

/**
 * The kept releases' disk use, counted again whenever the releases changed: `read`
 * answers at once with the last count (null before the first), and starts a count when the
 * releases are not those it counted. Null too where this instance keeps no releases (it does
 * not build the site).
 */
export class ReleasesDiskUse {
  readonly #dir: string;
  #counted: { key: string; use: DiskUse } | null = null;
  #counting: Promise<void> | null = null;

  constructor(siteRoot: string) {
    this.#dir = join(siteRoot, 'releases');
  }

  async read(): Promise<DiskUse | null> {
    const names = await readdir(this.#dir).catch(() => null);
    if (!names?.length) return null;
    // the releases by name and by when their folder last changed: a release is written under
    // its name while it builds, and made from the worker's copy of the live one at its end
    // (site/src/integrations/nextRelease.ts), both after a count may have seen it
    const changed = await Promise.all(
      names.map((name) =>
        stat(join(this.#dir, name)).then(
          (folder) => folder.mtimeMs,
          () => 0,
        ),
      ),
    );
    const key = names
      .map((name, i) => `${name}@${changed[i]}`)
      .sort()
      .join('/');
    if (this.#counted?.key !== key && !this.#counting) {
      this.#counting = count(this.#dir)
        .then((use) => {
          this.#counted = { key, use: { ...use, countedAt: new Date().toISOString() } };
        })
        // a release pruned while it was counted: the next read counts again
        .catch(() => undefined)
        .finally(() => {
          this.#counting = null;
        });
    }
    return this.#counted?.use ?? null;
  }

  /** The count under way, if any (for tests: the thread is not waited for at shutdown). */
  settled(): Promise<void> {
    return this.#counting ?? Promise.resolve();
  }
}
