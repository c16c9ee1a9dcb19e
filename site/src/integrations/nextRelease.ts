import { mkdir, readdir, rename, rm, rmdir, unlink, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import { lowerThreadPriority } from '@conveyor/shared';

/**
 * The next release, prepared: the warm build worker (site/scripts/worker.mjs) links the release
 * it has just built, file by file, into a copy (`prepareCopy`, on a thread of its own) while it
 * waits for the next edit; the next build, from that release as the live one, links nothing
 * (each page or file it would carry over is only noted, src/integrations/links.ts), and its own
 * files are moved into the copy, which then becomes the new release (`composeRelease`).
 *
 * Why: a release is a folder of its own, every unchanged file a hard link to the live release's
 * (the server serves one folder; a rollback switches to another; old ones are deleted whole).
 * At ten thousand products that is some 90,000 links and 30,000 folders per release, over ten
 * seconds of an edit on a 2-core machine's disk whatever the edit, where the edit itself writes
 * a few dozen files. Made beforehand, the links leave the edit's path; the release is the same
 * folder of the same files (api/test/publishing/incremental.test.ts compares each build with a
 * full one, file by file, and a carried file's inode with the live release's).
 */

/** A copy of a release, in the making or made: its folder, and its files once all are linked. */
export interface ReleaseCopy {
  /** The release it copies, resolved. */
  source: string;
  folder: string;
  /** Its files, relative to it; rejects if copying failed or was stopped. */
  ready: Promise<string[]>;
  /** Stops copying (if still running) and deletes the folder in the background. */
  discard(): void;
}

/**
 * A copy's folder under `parent`, `next-<pid>-<n>`; `<folder>.ready` once it is made, and
 * `<folder>.gone`, what is left of a build's own folder, while it is deleted.
 */
const COPY_NAME = /^next-(\d+)-\d+(?:\.ready|\.gone)?$/;
let made = 0;

/**
 * Links every file of `source` (a release) into a new copy folder under `parent` (on the same
 * disk: the site root's work folder), on a thread of its own (LINK_THREAD). Once all are,
 * writes `<folder>.ready` holding the source's path (what `pnpm bench:scale` waits for before an
 * edit). Copies left by workers that are gone are deleted first.
 */
export function prepareCopy(source: string, parent: string): ReleaseCopy {
  const top = resolve(source);
  const folder = join(parent, `next-${process.pid}-${++made}`);
  let thread: Worker | null = null;
  let cancelled = false;
  const ready = (async () => {
    await mkdir(parent, { recursive: true });
    removeInBackground(await leftBehind(parent));
    if (cancelled) throw new Error('the copy was discarded');
    const linking = new Worker(LINK_THREAD, { eval: true, workerData: { top, folder } });
    thread = linking;
    const files = await new Promise<string[]>((resolve, reject) => {
      linking.once('message', resolve);
      linking.once('error', reject);
      linking.once('exit', () => reject(new Error('the copy was discarded')));
    });
    if (cancelled) throw new Error('the copy was discarded');
    await writeFile(`${folder}.ready`, top);
    return files;
  })();
  ready.catch(() => undefined); // its user awaits it; a discarded one is not awaited
  return {
    source: top,
    folder,
    ready,
    discard() {
      cancelled = true;
      void thread?.terminate();
      void ready.catch(() => undefined).then(() => removeInBackground([folder, `${folder}.ready`]));
    },
  };
}

/**
 * The copy's thread: walks the release and links each file into the copy, each folder made
 * once, with the synchronous calls, and answers the files' paths. On the build's own thread, a
 * promise per file (90,000 at ten thousand products) took seconds of the worker's time, which an
 * edit arriving meanwhile waited for; on libuv's four threads, the links queued before the
 * build's own reads and writes. Below the build's priority: an edit may come while it links.
 */
const LINK_THREAD = `${lowerThreadPriority(10)}
const { linkSync, mkdirSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { parentPort, workerData: { top, folder } } = require('node:worker_threads');
const files = [];
mkdirSync(folder, { recursive: true });
const walk = (path) => {
  let made = !path;
  for (const entry of readdirSync(join(top, path), { withFileTypes: true })) {
    const at = path ? join(path, entry.name) : entry.name;
    if (entry.isDirectory()) walk(at);
    else if (entry.isFile()) {
      if (!made) {
        mkdirSync(join(folder, path), { recursive: true });
        made = true;
      }
      linkSync(join(top, at), join(folder, at));
      files.push(at);
    }
  }
};
walk('');
parentPort.postMessage(files);
`;

/** Copies (and their marks) of worker processes no longer running. */
async function leftBehind(parent: string): Promise<string[]> {
  const gone: string[] = [];
  for (const name of await readdir(parent)) {
    const pid = COPY_NAME.exec(name)?.[1];
    if (!pid || Number(pid) === process.pid) continue;
    try {
      process.kill(Number(pid), 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') gone.push(join(parent, name));
    }
  }
  return gone;
}

/**
 * Deletes folders and files on a thread of its own, one unlink at a time: a copy's tens of
 * thousands of links removed with fs.promises would queue them all on libuv's four threads,
 * which the build's own reads and writes share. At the lowest priority, beside an edit's build.
 */
export function removeInBackground(paths: string[]): void {
  if (!paths.length) return;
  const thread = new Worker(
    `${lowerThreadPriority(19)}
     const { rmSync } = require('node:fs');
     for (const path of require('node:worker_threads').workerData)
       rmSync(path, { recursive: true, force: true });`,
    { eval: true, workerData: paths },
  );
  thread.unref();
  thread.on('error', () => undefined); // what it leaves, the next copy's sweep or a restart takes
}

/**
 * Makes the release in `out` from the copy: the files this build wrote are moved into the copy
 * (each renamed over what the copy holds at its place, so the live release's file behind the
 * copy's link is never written to), the copy's files the build neither wrote nor carried are
 * removed (with the folders they leave empty), and the copy takes `out`'s place. Answers how
 * many files moved in and how many went; or null, having changed nothing, when that would take
 * more steps than linking what the build carried over into `out` (a build that wrote most of the
 * release anew), unless it takes fewer than `floor` (either way is quick then).
 */
export async function composeRelease(
  out: string,
  copy: { folder: string; files: string[] },
  carried: Set<string>,
  floor: number,
): Promise<{ written: number; removed: number } | null> {
  const written = new Set<string>();
  for (const entry of await readdir(out, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() || entry.isSymbolicLink()) {
      written.add(relative(out, join(entry.parentPath, entry.name)));
    }
  }
  const gone = copy.files.filter((path) => !carried.has(path) && !written.has(path));
  if (written.size + gone.length > Math.max(carried.size, floor)) return null;
  const folders = new Set<string>();
  for (const path of written) {
    const folder = dirname(path);
    if (!folders.has(folder)) {
      await mkdir(join(copy.folder, folder), { recursive: true });
      folders.add(folder);
    }
    await rename(join(out, path), join(copy.folder, path));
  }
  const emptied = new Set<string>();
  for (const path of gone) {
    await unlink(join(copy.folder, path));
    for (let folder = dirname(path); folder !== '.'; folder = dirname(folder)) emptied.add(folder);
  }
  // deepest first: a folder is removed only once it is empty
  for (const folder of [...emptied].sort((a, b) => b.split(sep).length - a.split(sep).length)) {
    await rmdir(join(copy.folder, folder)).catch(() => undefined);
  }
  // what is left of the build's own folder goes beside the copy (the work folder), out of the
  // releases' folder
  const left = `${copy.folder}.gone`;
  await rename(out, left);
  await rename(copy.folder, out);
  await rm(`${copy.folder}.ready`, { force: true });
  // a release's folder is dated by its build (api/src/publish/releases.ts keeps the newest)
  const now = new Date();
  await utimes(out, now, now);
  await rm(left, { recursive: true, force: true });
  return { written: written.size, removed: gone.length };
}
