import { existsSync } from 'node:fs';
import { mkdir, readdir, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PENDING_PICTURES } from '@conveyor/shared';
import type { FastifyBaseLogger } from 'fastify';
import { buildEnvironment, LogTail, runBuild } from './buildProcess.ts';
import { siteDataHash } from './siteData.ts';
import { BuildError, type BuildResult } from './types.ts';
import type { WarmBuilds } from './warmBuilds.ts';

export interface SiteBuilderOptions {
  /** DATA_DIR/site: holds releases/<id>/ and the `current` link the server serves. */
  siteRoot: string;
  /** Shell command; `{outDir}` is replaced by the fresh release folder. */
  command: string;
  /**
   * The bundled build kept loaded (PUBLISH_BUILD_WARM): builds run in its worker instead of a
   * process of the command's each.
   */
  warm?: WarmBuilds | null;
  cwd: string;
  /** Extra environment of the build (read at each build: the API's address is known late). */
  env: () => Record<string, string>;
  keepReleases: number;
  /** A build running longer is stopped and fails (default 10 minutes). */
  timeoutMs?: number;
  /** Between SIGTERM and SIGKILL to the build's process group when it is stopped (default 5 s). */
  killGraceMs?: number;
  /**
   * The data the build shows, read at the start of each build (publish/siteData.ts): written to
   * a file the build reads (SITE_DATA) instead of asking the API page by page. Without it the
   * build reads the API.
   */
  data?: () => Promise<unknown>;
  /**
   * Astro's cache of encoded pictures (`cacheDir/assets`), kept between builds and restarts so a
   * picture is encoded once: after each build, entries no kept release uses go (see
   * pruneImageCache).
   */
  imageCache?: string;
  /**
   * Told about old releases that could not be removed (the build still succeeds), and, for a
   * first release, when it goes live with its pages and when its pictures are in.
   */
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * DATA_DIR/site/work: the data file of the build in progress, and old releases being deleted
 * (`gone-*`). Emptied when the API starts (clearLeftovers).
 */
const WORK = 'work';

/** Files a release must have before it goes live: the home page and the not-found page. */
const REQUIRED_FILES = ['index.html', '404.html'];

async function countPages(dir: string): Promise<number> {
  let pages = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) pages++;
  }
  return pages;
}

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
 * took one to two seconds at 1,000 products; the build is done without waiting for it.
 */
async function retireReleases(siteRoot: string, live: string, keep: number): Promise<string[]> {
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
 * files: while it deleted a release of 8,300 files, reading a small file waited 150 ms (median)
 * and up to 650 ms; with this, 0.3 ms. The thread does not keep the API from shutting down:
 * what it leaves, clearLeftovers removes at the next start.
 */
function deleteFolders(folders: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(
      `const { rmSync } = require('node:fs');
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

/**
 * Points the `current` link at a release atomically: a new link renamed over the old one, so a
 * request sees the old release or the new one, never a half-written folder or no site.
 */
async function goLive(siteRoot: string, release: string): Promise<void> {
  const next = join(siteRoot, `current.next-${release}`);
  await rm(next, { force: true });
  await symlink(join('releases', release), next);
  await rename(next, join(siteRoot, 'current'));
}

/** A release's name as builds make it (`20261124T201500123`, `…-2`): nothing that leaves the folder. */
const RELEASE_NAME = /^[0-9A-Za-z][0-9A-Za-z-]*$/;

/** Cache entries younger than this stay: a preview or another build may be using them now. */
const CACHE_GRACE_MS = 24 * 3600_000;

/**
 * Removes the encoded pictures (and their `.json` notes) no kept release holds under `_astro/`
 * from Astro's image cache: a deleted product's or a replaced picture's encodings would
 * otherwise stay for ever. An entry names the file it makes (`<upload>_<hash>.webp`). Returns
 * how many files went.
 */
export async function pruneImageCache(
  cache: string,
  releases: string,
  now = Date.now(),
): Promise<number> {
  const used = new Set<string>();
  for (const release of await readdir(releases).catch(() => [] as string[])) {
    for (const name of await readdir(join(releases, release, '_astro')).catch(() => [])) {
      used.add(name);
    }
  }
  let removed = 0;
  for (const name of await readdir(cache).catch(() => [] as string[])) {
    if (used.has(name.replace(/\.json$/, ''))) continue;
    const path = join(cache, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs < CACHE_GRACE_MS) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}

/** The job kind that switches the live release, run by the instance that builds. */
export const ROLLBACK_JOB = 'site.rollback';

/**
 * Makes a kept release live again (rollback): refused, with `current` left alone,
 * when the release is not on disk or lacks the pages a release must have.
 */
export async function switchRelease(siteRoot: string, release: string): Promise<void> {
  const folder = join(siteRoot, 'releases', release);
  if (!RELEASE_NAME.test(release) || !existsSync(folder)) {
    throw new BuildError(`release ${release} is not kept`);
  }
  const missing = REQUIRED_FILES.find((file) => !existsSync(join(folder, file)));
  if (missing) throw new BuildError(`release ${release} has no ${missing}`);
  // a newer release stays on disk (the newest few are kept), to switch forward to again
  await goLive(siteRoot, release);
}

/** How often a first build is looked at for its pages being written (firstPages). */
const PAGES_POLL_MS = 100;

/**
 * Watches a site's first build (no release live yet) for the list of pictures it writes once
 * its pages are written (PENDING_PICTURES, site/src/integrations/pictures.ts), and makes the
 * release live then, if it has the pages a release must have: at 100 products the site is
 * served about 10 s after the server starts rather than after the minute its pictures take to
 * encode on an empty image cache. Every later build swaps in whole, pictures and all.
 */
function firstPages(
  siteRoot: string,
  release: string,
  outDir: string,
  log?: Pick<FastifyBaseLogger, 'info'>,
) {
  const since = performance.now();
  const watch: { liveAfterMs?: number; stop: () => Promise<void> } = {
    stop: async () => {
      clearInterval(timer);
      await busy;
    },
  };
  let busy: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    busy = busy
      .then(async () => {
        if (watch.liveAfterMs !== undefined || !existsSync(join(outDir, PENDING_PICTURES))) return;
        if (REQUIRED_FILES.some((file) => !existsSync(join(outDir, file)))) return;
        clearInterval(timer);
        await goLive(siteRoot, release);
        watch.liveAfterMs = performance.now() - since;
        log?.info?.({ release }, 'the site is live; its pictures are being encoded');
      })
      // not live early after all: the release swaps in when the build is done, as any other
      .catch(() => clearInterval(timer));
  }, PAGES_POLL_MS);
  return watch;
}

/**
 * Builds the site into a fresh release folder, checks it (the command succeeded, and the home
 * and not-found pages exist), and swaps the `current` link to it atomically (a new link renamed
 * over the old one: a request sees the old release or the new one, never a half-written
 * folder). A failed or timed-out build removes its folder and leaves `current` alone. Only the
 * last few releases are kept. The build runs without the API's secrets in its environment.
 */
export function siteBuilder(options: SiteBuilderOptions) {
  return async (signal?: AbortSignal, build: { full?: boolean } = {}): Promise<BuildResult> => {
    const releases = join(options.siteRoot, 'releases');
    await mkdir(releases, { recursive: true });
    const id = new Date().toISOString().replace(/[-:.]/g, '').replace(/Z$/, '');
    let release = id;
    for (let n = 2; existsSync(join(releases, release)); n++) release = `${id}-${n}`;
    const outDir = join(releases, release);
    const extra: Record<string, string> = {};
    // the live release: pages whose data did not change are carried over from it
    const live = await currentRelease(options.siteRoot);
    if (live) extra.SITE_PREVIOUS = join(releases, live);
    // Rebuild now renders every page; the live release only lends the built files that a build
    // which is not its process's first leaves out (site/scripts/worker.mjs), so that it runs in
    // the loaded worker like any other build (a fresh worker's first build takes half as long
    // again: its Vite, Rolldown and Astro code not yet compiled by V8)
    if (live && build.full) extra.SITE_RENDER_ALL = '1';
    // A site's first release goes live with its pages, before its pictures (see firstPages):
    // the only case where a visitor would otherwise see no site at all while they encode.
    if (!live) extra.SITE_PICTURES_LATER = '1';
    const dataFile = join(options.siteRoot, WORK, `${release}.json`);
    // where a build's time goes, at the end of its log with the build's own timings
    // (src/integrations/timings.ts; pnpm bench:publish reads both)
    let dataNote = '';
    let dataHash: string | null = null;
    if (options.data) {
      const reading = performance.now();
      await mkdir(join(options.siteRoot, WORK), { recursive: true });
      const data = JSON.stringify(await options.data());
      await writeFile(dataFile, data);
      dataHash = siteDataHash(data);
      extra.SITE_DATA = dataFile;
      const seconds = ((performance.now() - reading) / 1000).toFixed(2);
      dataNote = `site data: ${Math.round(Buffer.byteLength(data) / 1024)} KB in ${seconds} s\n`;
    }
    const tail = new LogTail();
    const limits = {
      timeoutMs: options.timeoutMs ?? 10 * 60_000,
      killGraceMs: options.killGraceMs ?? 5000,
    };
    const started = performance.now();
    const early = live ? null : firstPages(options.siteRoot, release, outDir, options.log);
    const run = await (
      options.warm
        ? options.warm.run(outDir, { ...options.env(), ...extra }, limits, tail, signal)
        : runBuild(
            options.command.replaceAll('{outDir}', JSON.stringify(outDir)),
            { cwd: options.cwd, env: buildEnvironment({ ...options.env(), ...extra }), ...limits },
            tail,
            signal,
          )
    ).finally(async () => {
      await early?.stop();
      await rm(dataFile, { force: true });
    });
    const built = performance.now();
    const note = (text: string) => {
      const stream = tail.stream();
      stream.write(text);
      stream.end();
    };
    if (dataNote) note(dataNote);
    if (early?.liveAfterMs !== undefined) {
      note(`runner: live with its pages after ${(early.liveAfterMs / 1000).toFixed(2)} s\n`);
    }
    const missing = REQUIRED_FILES.find((file) => !existsSync(join(outDir, file)));
    const problem = run.stopped
      ? `the site build ${run.stopped}`
      : run.code !== 0
        ? `the site build failed (${run.code === null ? `killed by ${run.signal}` : `exit ${run.code}`})`
        : missing
          ? `the build made no ${missing}`
          : null;
    if (problem) {
      // A first release already live with its pages stays (it is the only site there is; the
      // server answers its missing pictures with their originals, and the next build, finding
      // no manifest in it, renders everything); any other failed build's folder goes.
      if ((await currentRelease(options.siteRoot)) !== release) {
        await rm(outDir, { recursive: true, force: true });
      }
      throw new BuildError(problem, tail.text());
    }
    await goLive(options.siteRoot, release);
    if (early?.liveAfterMs !== undefined) {
      options.log?.info?.({ release }, 'the pictures are in: the site is complete');
    }
    const swapped = performance.now();
    const pages = await countPages(outDir);
    const warn = (err: unknown) =>
      // the new release is live: a folder that would not go is no reason to call it failed
      options.log?.warn({ err }, 'could not remove old site releases or cached pictures');
    try {
      const gone = await retireReleases(options.siteRoot, release, options.keepReleases);
      if (options.imageCache) await pruneImageCache(options.imageCache, releases);
      if (gone.length) void deleteFolders(gone).catch(warn);
    } catch (err) {
      warn(err);
    }
    // the runner's share of the build's time, beside the build's own (pnpm bench:publish)
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    note(
      `runner: build ${seconds(built - started)}, check and swap ${seconds(swapped - built)}, ` +
        `tidying ${seconds(performance.now() - swapped)}\n`,
    );
    return { pages, release, logTail: tail.text(), dataHash };
  };
}
