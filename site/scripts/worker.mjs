// The site build kept loaded (PUBLISH_BUILD_WARM): a process the publishing runner starts once
// and sends builds to, so that a one-product change does not wait each time for Node to start
// and Astro and Vite to load (about two of the five seconds of an incremental build).
//
// Messages (Node's IPC channel, `fork`): { id, outDir, env } asks for a build, with the
// variables it adds to this process's environment for that build only; the answer is
// { id, ok, pages?, error?, peakRssKb, recycle, endingSoon } (`pages`: how many the release holds,
// when the build wrote a release's manifest). Builds are one at a time: the runner never
// sends the next before the answer. Astro's logs go to this process's stdout and stderr as a build's
// would, each stream ending a build's output with an END_OF_BUILD line.
//
// While it waits, the worker makes a copy of the release it built last: the next build, from
// that release, is made from the copy instead of linking every file it did not write
// (src/integrations/nextRelease.ts).
//
// A build of the same code as the worker's last bundling build renders with that build's kept
// bundle instead of bundling again (site/scripts/bundleKeeper.mjs); Rebuild now, a build of
// other code and a worker's first bundle. Astro and Vite are not made to bundle twice in one
// process: from the second bundling on, a file the server bundle emits (the hero video) is left
// out of the output. An incremental build links every file its pages need and it did not write
// from the live release, so it is whole (api/test/publishing/incremental.test.ts compares such
// builds, one after another in one worker, with full builds in processes of their own); so does
// Rebuild now, which renders every page (SITE_RENDER_ALL) and links just those files. A build
// with no live release to link from (a site's first) is therefore always a worker's first (the
// runner sees to it).
//
// The worker ends itself (after answering) after a build with no live release, which leaves
// the largest heap behind, after a failed build, after RECYCLE_AFTER builds, or when it has
// grown past RECYCLE_RSS_MB (its size once the last build's garbage is collected): the runner
// starts a fresh one (for a site's first build, while it runs; otherwise once an answer says
// `endingSoon`, at three quarters of that size or one build before RECYCLE_AFTER). It ends when
// the runner goes (its channel closes).
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COPY, linker } from '../src/integrations/links.ts';
import { composeRelease, prepareCopy } from '../src/integrations/nextRelease.ts';
import { buildOnce, collectGarbage, site } from './buildSite.mjs';
import { installBundleKeeper } from './bundleKeeper.mjs';

const RECYCLE_AFTER = 50;
const END_OF_BUILD = '\u001econveyor-build-end ';
const RECYCLE_RSS_MB = 1024;

// Loaded before the first build asks: Astro, native parts its build loads only when it needs
// them, and the config with every module it imports (the integrations: @astrojs/react, the
// sitemap, ours in TypeScript, which Node's type stripping loads and warms up on the first: most
// of a second of a build that would be its worker's first, as every full rebuild is). Node keeps
// a module once loaded, so each build's config (imported afresh) finds these; they read the
// build's variables when called, never when loaded (src/lib/urls.ts). NODE_ENV first, as
// `astro build` sets it when unset: React picks its development or production build when it
// loads, and must pick the one react-dom/server will.
process.env.NODE_ENV ??= 'production';
await import('astro');
const fromSite = createRequire(join(site, 'package.json'));
const fromAstro = createRequire(fromSite.resolve('astro/package.json'));
for (const [name, from] of [
  ['@astrojs/compiler-rs', fromAstro],
  ['sharp', fromAstro],
  ['esbuild', fromAstro],
]) {
  try {
    const module = await import(pathToFileURL(from.resolve(name)).href);
    // esbuild answers from a process of its own, started on the first call (Astro bundles the
    // site's client directive with it at every build's setup)
    if (name === 'esbuild') await module.transform('');
  } catch {
    // only a head start: the build loads it itself
  }
}
await import(`${pathToFileURL(join(site, 'astro.config.mjs')).href}?t=preload`);

// Set by the site's own modules for one build (src/lib/api.ts, plan.ts, pictureSizes.ts); a
// process that builds again must start without them.
const BUILD_GLOBALS = [
  'conveyor.site.data',
  'conveyor.site.render',
  'conveyor.site.plan',
  'conveyor.site.sizes',
  'conveyor.site.images',
  'conveyor.site.code',
  'conveyor.site.bundleKept',
  'conveyor.site.nextRelease',
  'conveyor.site.pages',
].map((key) => Symbol.for(key));
const PAGES = Symbol.for('conveyor.site.pages');

// The bundle of this worker's last bundling build, for its next builds of the same code
const keptBundle = join(site, '.builds', `bundle-${process.pid}`);
installBundleKeeper(keptBundle);
process.on('exit', () => rmSync(keptBundle, { recursive: true, force: true }));

// A copy of the release this worker built last, made while it waits for the next build
// (src/integrations/nextRelease.ts): that build, from this release as the live one, moves its
// own files into it rather than linking every other file from the live release. Rebuild now
// (every page rendered) and a release whose pages go live before their pictures make theirs
// as before, and the copy is deleted.
let nextRelease = null;

/**
 * Below this many files to move into the copy or take out of it, the copy is used whatever the
 * build kept: either way takes a fraction of a second. SITE_COPY_FLOOR sets it for a build (the
 * equality test makes small sites' releases both ways).
 */
const COPY_FLOOR = 2000;

/**
 * Makes the release in `outDir` from the prepared copy, the files the build carried over staying
 * in it. When the build wrote most of the release anew (an edit of what every page shows, an
 * import), or copying failed, the copy goes and what the build carried over is linked from the
 * live release instead: a file moved into the copy, or taken out of it, costs what a link costs.
 */
async function fromCopy(copy, use) {
  const started = performance.now();
  const files = await copy.ready.catch(() => null);
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(2)} s`;
  const floor = Number(process.env.SITE_COPY_FLOOR || COPY_FLOOR);
  const made =
    files && (await composeRelease(use.out, { folder: copy.folder, files }, use.carried, floor));
  if (made) {
    console.log(
      `worker: the release made from the live release's copy (${use.carried.size} files kept, ` +
        `${made.written} written, ${made.removed} gone) in ${seconds()}`,
    );
    return;
  }
  copy.discard();
  delete globalThis[COPY];
  const links = linker();
  for (const path of use.carried) await links.add(join(use.previous, path), join(use.out, path));
  await links.done();
  console.log(
    files
      ? `worker: most of the release written anew: the ${use.carried.size} files it kept ` +
          `linked from the live release in ${seconds()}`
      : `worker: the live release could not be copied beforehand: its files linked in ${seconds()}`,
  );
}

let builds = 0;
/** The worker's resident size once its last build's garbage was collected, in MB. */
let settledMb = 0;
process.on('message', async ({ id, outDir, env }) => {
  const before = { ...process.env };
  Object.assign(process.env, env);
  for (const key of BUILD_GLOBALS) delete globalThis[key];
  const previous = env.SITE_PREVIOUS ? resolve(env.SITE_PREVIOUS) : null;
  let copy = nextRelease;
  nextRelease = null;
  if (
    copy &&
    (copy.source !== previous || env.SITE_RENDER_ALL === '1' || env.SITE_PICTURES_LATER === '1')
  ) {
    copy.discard();
    copy = null;
  }
  let answer;
  try {
    const started = performance.now();
    const use = copy && { previous, out: resolve(outDir), carried: new Set() };
    if (use) globalThis[COPY] = use;
    await buildOnce(outDir);
    if (use) {
      await fromCopy(copy, use);
      copy = null;
    }
    // the whole build, Astro's setup before and clean-up after its timings line included
    // (pnpm bench:publish)
    console.log(`worker: astro build ${((performance.now() - started) / 1000).toFixed(2)} s`);
    answer = { id, ok: true, pages: globalThis[PAGES] };
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    answer = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    // the build failed: the copy goes too (if it was being made into the release, half made)
    copy?.discard();
    for (const key of Object.keys(env)) {
      if (key in before) process.env[key] = before[key];
      else delete process.env[key];
    }
    for (const key of BUILD_GLOBALS) delete globalThis[key];
  }
  // the end of this build's output on each stream, before the answer (api/src/publish/warmBuilds.ts)
  for (const stream of [process.stdout, process.stderr]) {
    await new Promise((resolve) => stream.write(`\n${END_OF_BUILD}${id}\n`, resolve));
  }
  builds++;
  // judged by its size as the last build left it, its garbage collected (not this build's)
  const recycle =
    !answer.ok || !env.SITE_PREVIOUS || builds >= RECYCLE_AFTER || settledMb > RECYCLE_RSS_MB;
  // close to its end: the runner loads the successor now, so that no build waits for it
  const endingSoon = builds >= RECYCLE_AFTER - 1 || settledMb > RECYCLE_RSS_MB * 0.75;
  const peakRssKb = process.resourceUsage().maxRSS;
  process.send({ ...answer, peakRssKb, recycle, endingSoon: !recycle && endingSoon }, () => {
    if (recycle) process.exit(0);
  });
  // the next build's release, prepared from this one (in the site root's work folder, on the
  // releases' disk), which is live by the time the next build asks
  if (answer.ok && !recycle && env.SITE_COPY_DIR) {
    nextRelease = prepareCopy(outDir, env.SITE_COPY_DIR);
  }
  // The build's garbage collected once it is answered, while the worker waits: an edit's build
  // is not paced (buildSite.mjs), so V8 leaves the heap several times what is alive; left so,
  // a large catalogue's worker collects it during the next edit's build instead, and looks
  // grown too large (RECYCLE_RSS_MB), its successor loaded beside it.
  if (!recycle) {
    setImmediate(() => {
      collectGarbage();
      settledMb = process.memoryUsage.rss() / (1024 * 1024);
    });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
