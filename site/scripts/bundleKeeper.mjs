// The server bundle of the warm worker's last bundling build, kept for its next builds of the
// same code (site/scripts/worker.mjs installs it).
//
// Astro bundles the site's code with Vite at every build, data change or not: seconds of a
// one-product edit's build, growing with the worker's heap. With the same code the bundle is
// the same, so the worker keeps one: Astro, patched (patches/astro@7.3.5.patch, static-build.js),
// hands this keeper the bundle of each build that bundles, once its server assets are moved out
// and before its pages render (`keep`), and asks it at each build's start for a bundle to render
// with instead of bundling (`restore`). Astro has no setting for either; the patch calls the
// object at `Symbol.for('astro.build.bundleKeeper')`, and nothing when none is there (every
// process but the worker).
//
// What is kept: the prerender bundle's files, copied (each build imports its own copy from its
// own working folder, so its modules start as fresh as a bundling build's), Astro's build
// internals for it (what each page's scripts and styles are), and what the bundling wrote into
// the release besides the pages (the client's scripts and styles, the public folder, the server
// bundle's assets), as hard links, linked into each build that renders with it: such a build
// writes what a bundling build writes, byte for byte (api/test/publishing/incremental.test.ts
// compares them, file by file). Rebuild now (SITE_RENDER_ALL) bundles anew: the way out
// renders everything from scratch.
import { cp, readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linker } from '../src/integrations/links.ts';

/** The site's code hash, set by src/integrations/incremental.ts at each build's setup. */
const CODE = Symbol.for('conveyor.site.code');

/** Every file under `from` linked to the same place under `to`. */
async function linkTree(from, to) {
  const links = linker();
  for (const entry of await readdir(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const source = join(entry.parentPath, entry.name);
    await links.add(source, join(to, relative(from, source)));
  }
  await links.done();
}

/**
 * Installs the keeper in this process, its files in `folder` (removed when the process ends).
 * Answers what it holds, for the worker's log.
 */
export function installBundleKeeper(folder) {
  /** @type {{ code: string, internals: object } | null} */
  let kept = null;
  const bundleDir = join(folder, 'prerender');
  const outDir = join(folder, 'out');
  globalThis[Symbol.for('astro.build.bundleKeeper')] = {
    async keep({ outDir: releaseDir, prerenderOutputDir, internals }) {
      kept = null;
      await rm(folder, { recursive: true, force: true });
      const code = globalThis[CODE];
      // a preview (its own base path, one page) is never a release's bundle
      if (typeof code !== 'string' || process.env.SITE_ONLY) return;
      await cp(fileURLToPath(prerenderOutputDir), bundleDir, { recursive: true });
      await linkTree(fileURLToPath(releaseDir), outDir);
      // the chunks' code, kept by Astro for its manifest's injection, done by now
      delete internals.extractedChunks;
      kept = { code, internals };
    },
    async restore({ outDir: releaseDir, prerenderOutputDir }) {
      if (
        !kept ||
        kept.code !== globalThis[CODE] ||
        process.env.SITE_RENDER_ALL === '1' ||
        process.env.SITE_ONLY
      ) {
        return null;
      }
      try {
        await cp(bundleDir, fileURLToPath(prerenderOutputDir), { recursive: true });
        await linkTree(outDir, fileURLToPath(releaseDir));
      } catch (error) {
        // the folder was swept away meanwhile (site/scripts/buildSite.mjs removes day-old ones)
        kept = null;
        await rm(fileURLToPath(prerenderOutputDir), { recursive: true, force: true });
        console.warn(`the kept bundle is unusable, bundling anew: ${error}`);
        return null;
      }
      globalThis[Symbol.for('conveyor.site.bundleKept')] = true;
      return kept.internals;
    },
  };
  return { holds: () => kept !== null };
}
