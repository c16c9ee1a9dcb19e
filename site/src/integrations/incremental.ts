import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { plannedPages, renderOnly } from '../lib/plan.ts';
import { pageFile, type PlannedPage } from '../lib/plan/pages.ts';
import { carrier, linker } from './links.ts';
import { assetsOf, codeHash, type Manifest, readManifest, writeManifest } from './manifest.ts';

/**
 * Rebuilding only what changed. Given the live release (SITE_PREVIOUS), a build renders only
 * the pages whose key (src/lib/plan/pages.ts) differs from the one that release built them with,
 * or that are new, and carries every other page over from it as a hard link, with the pictures
 * those pages use (or, when the warm worker prepared a copy of the live release, only notes
 * them: src/integrations/links.ts, nextRelease.ts); pages no longer planned are simply not
 * carried over. What every build writes anyway (the scripts and styles, robots.txt, the Russian
 * 404, the sitemap) is written as usual. Without a previous release, or when the code or the
 * build settings differ from its (`code`), everything is rendered; so it is with SITE_RENDER_ALL
 * (Rebuild now), where the live release only lends the built files this build did not write: a
 * build that is not its process's first leaves out a file the server bundle emits (the hero
 * video; site/scripts/worker.mjs), which its pages still refer to.
 *
 * Written here rather than taken from Astro's experimental `incrementalBuild`: that one skips
 * the rendering but still writes every page into the new folder from a cache of its own, while
 * a release carried over from the live one costs only a link per file; and it has no way to
 * keep the pictures of pages it did not render, which our releases must hold.
 *
 * Each release holds its manifest (src/integrations/manifest.ts): the code hash, and each
 * page's key and the built files under /_astro/ it refers to.
 */

/** Where a build that renders only a few pages says so (site/scripts/buildSite.mjs). */
const UNPACED = Symbol.for('conveyor.site.unpaced');
/** How many pages a build renders at most to be an edit's, with no paced collections. */
const FEW_PAGES = 500;
const shared = globalThis as Record<symbol, unknown>;

/** Where this build's code hash is left for site/scripts/bundleKeeper.mjs. */
const CODE = Symbol.for('conveyor.site.code');
/**
 * Where a release's build leaves how many pages (HTML files) the release holds, rendered and
 * carried over: the warm worker answers it (site/scripts/worker.mjs), and the runner need not
 * walk the release's tens of thousands of folders to count them.
 */
const PAGES = Symbol.for('conveyor.site.pages');

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The sitemap's files at a release's top: `sitemap-index.xml`, `sitemap-0.xml`, … */
const SITEMAP = /^sitemap-[\w-]*\.xml$/;

export interface IncrementalState {
  /** The pages carried over, as Astro names built pages (`en/catalog/3`). */
  carried: string[];
  /**
   * Whether the pages carried over are the live release's by the same code (not Rebuild now):
   * its search index's base can be kept (src/integrations/searchDelta.ts).
   */
  sameCode: boolean;
  /**
   * The live release's folder when its pages are this release's pages, by the same code, and
   * the same of them are duplicates (PlannedPage): its sitemap (a function of these alone) is
   * this release's too, and is linked.
   */
  sameSitemap: string | null;
}

/**
 * The incremental build, the state the sitemap and the search index need from it (see
 * `withCarriedPages`), and `forget`, which lets go of what it held of the build (the plan, the
 * live release's manifest, the pages carried over): called once every integration is done with
 * it (astro.config.mjs). Each build of the warm worker imports the configuration anew, and Node
 * never unloads a module, nor what Astro's own modules of that build keep of its integrations:
 * unless let go, each build's manifest and page lists would stay for the life of the worker.
 */
export function incremental(): {
  integration: AstroIntegration;
  state: IncrementalState;
  forget: () => void;
} {
  const state: IncrementalState = { carried: [], sameCode: false, sameSitemap: null };
  let code = '';
  let planned: PlannedPage[] = [];
  let previous: Manifest | null = null;
  let rendered = new Set<string>();
  /** How long the plan and the live manifest took, said again at the end (a log's tail keeps it). */
  let took = '';
  const previousDir = process.env.SITE_PREVIOUS || undefined;
  const renderAll = process.env.SITE_RENDER_ALL === '1';
  // a preview (SITE_ONLY): just these pages, of data with a draft applied; no release
  const only = process.env.SITE_ONLY ? (JSON.parse(process.env.SITE_ONLY) as string[]) : null;
  const integration: AstroIntegration = {
    name: 'conveyor:incremental',
    hooks: {
      'astro:config:setup': async ({ config }) => {
        code = await codeHash(join(fileURLToPath(config.root), '..'));
        // for the warm worker's kept bundle: one bundled by other code is not used
        // (site/scripts/bundleKeeper.mjs)
        shared[CODE] = code;
      },
      'astro:build:start': async ({ logger }) => {
        if (only) {
          renderOnly(new Set(only));
          logger.info(`a preview of ${only.length} pages`);
          return;
        }
        // An edit's build renders a few pages: the build's paced collections (site/scripts/
        // buildSite.mjs) stand down from the plan on, unless it turns out to render many
        if (previousDir && !renderAll) shared[UNPACED] = true;
        // the plan the pages' bundle renders from (one per build, src/lib/plan.ts)
        const started = performance.now();
        planned = await plannedPages();
        const planning = performance.now() - started;
        const live = renderAll ? null : await readManifest(previousDir);
        previous = live?.manifest ?? null;
        const reading = performance.now() - started - planning;
        took =
          `planned in ${seconds(planning)}, the live release's manifest ` +
          `${live?.kept ? 'kept from the last build' : 'read'} in ${seconds(reading)}`;
        if (previous?.code !== code) previous = null;
        state.sameCode = previous !== null;
        // one pass over the plan (tens of thousands of pages): what to render, what is carried
        // over, and whether the live release has the same pages, duplicates the same
        const before = previous?.pages ?? {};
        rendered = new Set();
        state.carried = [];
        let samePages = previous !== null;
        for (const page of planned) {
          const was = before[page.pathname];
          if (was !== undefined && was.key === page.key) state.carried.push(page.pathname.slice(1));
          else rendered.add(page.pathname);
          if (samePages && (was === undefined || (was.duplicate ?? false) !== page.duplicate)) {
            samePages = false;
          }
        }
        // every planned page was in it: with as many pages, it had no others
        state.sameSitemap =
          samePages && Object.keys(before).length === planned.length ? previousDir! : null;
        shared[UNPACED] = previous !== null && rendered.size <= FEW_PAGES;
        if (previous) {
          renderOnly(rendered);
          logger.info(
            `${rendered.size} of ${planned.length} pages to render, the rest carried over (${took})`,
          );
        } else {
          logger.info(
            `all ${planned.length} pages to render${renderAll ? ' (Rebuild now)' : ''} (${took})`,
          );
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (only) return; // a preview is not a release
        const started = performance.now();
        const out = fileURLToPath(dir);
        const pages: Manifest['pages'] = {};
        // the lists of built files, each once (Manifest's `assets`): a list by its names, and
        // the live manifest's lists by their index there
        const lists: string[][] = [];
        const listOf = new Map<string, number>();
        const fromLive = new Map<number, number>();
        const listed = (assets: string[]) => {
          const names = assets.join('\n');
          let index = listOf.get(names);
          if (index === undefined) listOf.set(names, (index = lists.push(assets) - 1));
          return index;
        };
        const links = linker();
        const carry = previousDir ? carrier(previousDir, out, links) : null;
        // the built files each rendered page refers to, read a few dozen pages at a time: one
        // after another, each read would wait for the last, thousands of them in a large build
        const assetsOfRendered = new Map<string, string[]>();
        const names = new Map<string, string>();
        const toRead = planned.filter((page) => rendered.has(page.pathname));
        await Promise.all(
          Array.from({ length: 32 }, async () => {
            for (let page = toRead.pop(); page; page = toRead.pop()) {
              const html = await readFile(join(out, pageFile(page.pathname)), 'utf8');
              assetsOfRendered.set(page.pathname, assetsOf(html, names));
            }
          }),
        );
        // the release's pages: the planned pages' HTML files, and the one page outside the
        // plan, the Russian 404 (src/pages/404.astro), rendered in every build
        // (api/test/publishing/incremental.test.ts compares the count with the release's files)
        let htmlPages = existsSync(join(out, '404.html')) ? 1 : 0;
        for (const page of planned) {
          const file = pageFile(page.pathname);
          if (file.endsWith('.html')) htmlPages++;
          const own = assetsOfRendered.get(page.pathname);
          let assets: number;
          if (own) assets = listed(own);
          else {
            // carried over: the live release's file, and the pictures it shows
            const linking = carry!(file);
            if (linking) await linking;
            const before = previous!.pages[page.pathname]!.assets;
            let index = fromLive.get(before);
            if (index === undefined)
              fromLive.set(before, (index = listed(previous!.assets[before]!)));
            assets = index;
          }
          pages[page.pathname] = {
            key: page.key,
            assets,
            ...(page.duplicate ? { duplicate: true } : {}),
          };
        }
        const needed = new Set(lists.flat());
        let linked = 0;
        for (const asset of needed) {
          const target = join(out, '_astro', asset);
          if (existsSync(target)) continue; // written by this build
          const source = previousDir && join(previousDir, '_astro', asset);
          // a build that is not its process's first, with a live release by other code (the
          // site's code changed under a running server): the worker ends after the failure,
          // and the retry runs in a fresh one, whose first build writes every file
          if (!source || !existsSync(source)) {
            throw new Error(
              `${asset}: a page refers to it, this build did not write it, and the live ` +
                'release does not hold it',
            );
          }
          await links.add(source, target);
          linked++;
        }
        if (state.sameSitemap) {
          for (const name of (await readdir(state.sameSitemap)).filter((n) => SITEMAP.test(n))) {
            await links.add(join(state.sameSitemap, name), join(out, name));
          }
        }
        await links.done();
        const manifest: Manifest = { version: 2, code, assets: lists, pages };
        await writeManifest(out, manifest);
        shared[PAGES] = htmlPages;
        if (previous || linked) {
          logger.info(
            `carried over ${state.carried.length} pages and ${linked} built files from the live ` +
              `release in ${seconds(performance.now() - started)} (${took})`,
          );
        }
      },
    },
  };
  const forget = () => {
    planned = [];
    previous = null;
    rendered = new Set();
    state.carried = [];
    state.sameSitemap = null;
  };
  return { integration, state, forget };
}

/**
 * An integration whose build-done hook also sees the carried-over pages: the sitemap must list
 * every page of the release, not only those this build rendered.
 */
export function withCarriedPages(
  integration: AstroIntegration,
  state: IncrementalState,
): AstroIntegration {
  const done = integration.hooks['astro:build:done'];
  if (!done) return integration;
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:build:done': async (params) => {
        // the same pages as the live release: its sitemap is linked (see IncrementalState)
        if (state.sameSitemap) return;
        await done({
          ...params,
          pages: [...params.pages, ...state.carried.map((pathname) => ({ pathname }))],
        });
      },
    },
  };
}
