import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildEnvironment, LogTail, runBuild } from './buildProcess.ts';
import { PENDING_PICTURES } from '@conveyor/shared';
import { firstPages, goLive } from './goLive.ts';
import { pruneImageCache } from './imageCache.ts';
import { currentRelease, deleteFolders, REQUIRED_FILES, retireReleases, WORK } from './releases.ts';
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
 * The pages (HTML files) of a release, counted on disk: for a build that does not say how many
 * it made (a build command's process; the warm worker answers the count).
 */
async function countPages(dir: string): Promise<number> {
  let pages = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) pages++;
  }
  return pages;
}

/**
 * Builds the site into a fresh release folder, checks it (the command succeeded, and the home
 * and not-found pages exist), and swaps the `current` link to it atomically (a new link renamed
 * over the old one: a request sees the old release or the new one, never a half-written
 * folder). A failed or timed-out build removes its folder and leaves `current` alone. Only the
 * last few releases are kept. The build runs without the API's secrets in its environment.
 */
export function siteBuilder(options: SiteBuilderOptions) {
  return async (
    signal?: AbortSignal,
    build: { full?: boolean; newer?: AbortSignal } = {},
  ): Promise<BuildResult> => {
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
    // the loaded worker like any other build (a fresh worker's first build is slower: its Vite,
    // Rolldown and Astro code not yet compiled by V8)
    if (live && build.full) extra.SITE_RENDER_ALL = '1';
    // where the warm worker prepares the next release, a copy of the one it built, on the
    // releases' disk (site/src/integrations/nextRelease.ts); removed at each start with the rest
    // of the work folder
    if (options.warm) extra.SITE_COPY_DIR = join(options.siteRoot, WORK);
    // A site's first release goes live with its pages, before its pictures (see firstPages):
    // the only case where a visitor would otherwise see no site at all while they encode. So
    // does the build after one that gave way to a newer change with pictures still to encode
    // (the live release lacks them): that change is not kept waiting behind them either.
    const incomplete = live !== null && existsSync(join(releases, live, PENDING_PICTURES));
    const picturesLater = !live || incomplete;
    if (picturesLater) extra.SITE_PICTURES_LATER = '1';
    const dataFile = join(options.siteRoot, WORK, `${release}.json`);
    // where a build's time goes, at the end of its log with the build's own timings
    // (src/integrations/timings.ts; pnpm bench:publish reads both)
    let dataNote = '';
    let dataHash: string | null = null;
    /** Aborted when the data could not be read: the build waiting for them stops. */
    const noData = new AbortController();
    let dataWritten: Promise<void> = Promise.resolve();
    if (options.data) {
      const read = options.data;
      const reading = performance.now();
      await mkdir(join(options.siteRoot, WORK), { recursive: true });
      extra.SITE_DATA = dataFile;
      dataWritten = (async () => {
        const data = JSON.stringify(await read());
        // put in place whole: the warm worker's build reads the file once it is there
        // (site/src/lib/api.ts)
        await writeFile(`${dataFile}.part`, data);
        await rename(`${dataFile}.part`, dataFile);
        dataHash = siteDataHash(data);
        const seconds = ((performance.now() - reading) / 1000).toFixed(2);
        dataNote = `site data: ${Math.round(Buffer.byteLength(data) / 1024)} KB in ${seconds} s\n`;
      })();
      dataWritten.catch(() => noData.abort());
      // The warm worker starts the build meanwhile: its start (the configuration, the kept
      // bundle) runs beside the database's read, on the other core. A build process of the
      // command's is started once the file is there.
      if (!options.warm) await dataWritten;
    }
    const tail = new LogTail();
    const limits = {
      timeoutMs: options.timeoutMs ?? 10 * 60_000,
      killGraceMs: options.killGraceMs ?? 5000,
    };
    const started = performance.now();
    // Once live with its pages, such a build gives way to a newer change (Builder's `newer`):
    // it stops, its release stays live (the server answers a picture not encoded yet with its
    // original), and the next build encodes what is left, its pages live first again.
    const giveWay = new AbortController();
    const early = picturesLater
      ? firstPages(options.siteRoot, release, outDir, options.log, () => {
          if (build.newer?.aborted) giveWay.abort();
          else build.newer?.addEventListener('abort', () => giveWay.abort(), { once: true });
        })
      : null;
    const stop = AbortSignal.any([...(signal ? [signal] : []), giveWay.signal, noData.signal]);
    const run = await (
      options.warm
        ? options.warm.run(outDir, { ...options.env(), ...extra }, limits, tail, stop)
        : runBuild(
            options.command.replaceAll('{outDir}', JSON.stringify(outDir)),
            { cwd: options.cwd, env: buildEnvironment({ ...options.env(), ...extra }), ...limits },
            tail,
            stop,
          )
    ).finally(async () => {
      await early?.stop();
      await dataWritten.catch(() => undefined);
      await rm(dataFile, { force: true });
      await rm(`${dataFile}.part`, { force: true });
    });
    // the data could not be read (the build, stopped for it, says only that it was stopped)
    await dataWritten;
    const yielded =
      giveWay.signal.aborted &&
      run.stopped !== null &&
      !signal?.aborted &&
      (await currentRelease(options.siteRoot)) === release;
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
    const warn = (err: unknown) =>
      // the new release is live: a folder that would not go is no reason to call it failed
      options.log?.warn({ err }, 'could not remove old site releases or cached pictures');
    if (yielded) {
      note('runner: live with its pages; gave way to a newer change before its pictures were in\n');
      // builds that always give way (edits in quick succession) prune the cache all the same
      if (options.imageCache) await pruneImageCache(options.imageCache, releases).catch(warn);
      const pages = run.pages ?? (await countPages(outDir));
      return { pages, release, logTail: tail.text(), dataHash, yielded };
    }
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
    const pages = run.pages ?? (await countPages(outDir));
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
