import { siteData } from './api.ts';
import type { ProductPlan } from './plan/kept.ts';
import { companyOf, type PageProps, type PlannedPage, type Route } from './plan/pages.ts';
import { planSite } from './plan/site.ts';

// The build's plan (src/lib/plan/site.ts makes it): made once per build from the build's data,
// shared by the integrations and the pages' bundle in the build's process, and what the pages'
// routes are given (routePaths).

// What the build renders, told by the integration (src/integrations/incremental.ts) to the
// pages' bundle, a module instance of its own in the same process: the pathnames, or nothing
// for every page.
const RENDER = Symbol.for('conveyor.site.render');
// The pages of this build's data, planned once per build: by the integration, which the pages'
// bundle (another module instance) then reads. On globalThis, not in a module variable: the
// warm build worker (site/scripts/worker.mjs) clears it after each build, while a module
// variable would keep every build's plan, and the data it holds, for the life of the process
// (each build's bundle is a module instance of its own, never unloaded).
const PLAN = Symbol.for('conveyor.site.plan');
// When this build first asked for its pages (getStaticPaths): where rendering starts, for the
// build's timings (src/integrations/timings.ts).
const PATHS_ASKED = Symbol.for('conveyor.site.pathsAsked');
// What the last plan made of each product (planSite's `kept`), for the code it was made by: kept
// from one build of a warm worker to the next (not cleared after a build, as the plan is).
const KEPT = Symbol.for('conveyor.site.keptProducts');
// The hash of the build's code and settings (src/integrations/incremental.ts)
const CODE = Symbol.for('conveyor.site.code');
const shared = globalThis as {
  [RENDER]?: ReadonlySet<string>;
  [PATHS_ASKED]?: number;
  [PLAN]?: Promise<PlannedPage[]>;
  [KEPT]?: { code: string; products: Map<number, ProductPlan> };
  [CODE]?: string;
};

/**
 * What the last plan of this code made of each product, for this build's plan to start from:
 * not for Rebuild now (everything planned afresh: the way out if a page ever looks wrong, and
 * what the equality test compares with), nor a preview (a draft's data), nor a build with no
 * code hash (outside the incremental build).
 */
function keptProducts(): Map<number, ProductPlan> | undefined {
  const code = shared[CODE];
  if (!code || process.env.SITE_RENDER_ALL === '1' || process.env.SITE_ONLY) return undefined;
  if (shared[KEPT]?.code !== code) shared[KEPT] = { code, products: new Map() };
  return shared[KEPT].products;
}

/** When this build first asked for its pages, or undefined; `reset` forgets it (a new build). */
export function pathsAskedAt(reset = false): number | undefined {
  const at = shared[PATHS_ASKED];
  if (reset) delete shared[PATHS_ASKED];
  return at;
}

/** Limits the pages rendered by this build process to these pathnames. */
export function renderOnly(pathnames: ReadonlySet<string>): void {
  shared[RENDER] = pathnames;
}

/** The pages of this build's data, planned once per build. */
export const plannedPages = () =>
  (shared[PLAN] ??= siteData().then((data) => planSite(data, keptProducts())));

/**
 * The props of the site's single 404.html (src/pages/404.astro): not a planned page, since every
 * build renders it; in Russian, with the other languages' texts (components/NotFoundPage.astro).
 */
export async function notFoundProps(): Promise<Pick<PageProps, 'company'>> {
  return { company: companyOf((await siteData()).settings) };
}

/**
 * getStaticPaths of a route: its planned pages that this build renders (all of them, unless
 * the build carries unchanged pages over from the live release).
 */
export async function routePaths<R extends Route>(route: R) {
  shared[PATHS_ASKED] ??= performance.now();
  const only = shared[RENDER];
  return (await plannedPages()).flatMap((page) =>
    page.route === route && (!only || only.has(page.pathname))
      ? [{ params: page.params, props: (page as PlannedPage<R>).props }]
      : [],
  );
}
