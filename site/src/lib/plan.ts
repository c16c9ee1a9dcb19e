import { createHash } from 'node:crypto';
import {
  type Category,
  DEFAULT_LANGUAGE,
  type Language,
  LANGUAGES,
  type ProductDetail,
  type Project,
} from '@conveyor/shared';
import { localePath } from '../i18n/index.ts';
import { type SiteData, siteData } from './api.ts';
import { langParam } from './staticPaths.ts';

/**
 * The site's pages, planned from the data before anything is rendered (rebuilding
 * only what changed). Each page has a key: a hash of everything it shows. A page whose key is
 * the one the live release built it with is not rendered again; its files are carried over
 * (src/integrations/incremental.ts). So each page's `inputs` must name every piece of data it
 * shows, and nothing here may differ from what the page reads: the equality test
 * (api/test/publishing.incremental.test.ts) builds incrementally after each of a sequence of
 * edits, every kind at least once, and compares each release with a full build of the same
 * data, file by file.
 *
 * Every page shows the company data (header, footer, contact block), so settings are in every
 * key: a change to them rebuilds everything. What is not data (the site's code, SITE_URL) is
 * the release's `code` hash: a change to it rebuilds everything too.
 */

/** The props of each route's pages, besides `lang`. */
export interface RouteProps {
  home: object;
  about: object;
  clients: object;
  contacts: object;
  privacy: object;
  services: object;
  suppliers: object;
  'suppliers-inner': object;
  'not-found': object;
  projects: object;
  project: { project: Project };
  category: { category: Category };
  product: { item: ProductDetail; category: Category };
}
export type Route = keyof RouteProps;

export interface PlannedPage<R extends Route = Route> {
  route: R;
  lang: Language;
  params: Record<string, string | undefined>;
  props: { lang: Language } & RouteProps[R];
  /** The page's address, as Astro names it: `/`, `/en/catalog/3/products/12`. */
  pathname: string;
  /** A hash of what the page shows. */
  key: string;
}

/** The file a page is written to (build.format 'directory'). */
export const pageFile = (pathname: string): string =>
  pathname === '/' ? 'index.html' : `${pathname.replace(/^\/+/, '')}/index.html`;

const hash = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

/** A product as its category page's card shows it: without its gallery and videos. */
function cardOf(product: ProductDetail) {
  const { images: _images, media: _media, ...card } = product;
  return card;
}

/** Every page of the site for these data. */
export function planSite(data: SiteData): PlannedPage[] {
  const pages: PlannedPage[] = [];
  const settings = hash(data.settings);
  const add = <R extends Route>(
    route: R,
    path: string,
    params: Record<string, string>,
    props: RouteProps[R],
    inputs: unknown,
    languages: readonly Language[] = LANGUAGES,
  ) => {
    // hashed once for the page's languages, with the company data's own hash (thousands of
    // pages would otherwise each hash the same privacy texts again)
    const shown = hash([settings, inputs]);
    for (const lang of languages) {
      pages.push({
        route,
        lang,
        params: { lang: langParam(lang), ...params },
        props: { lang, ...props },
        pathname: localePath(lang, path),
        key: hash([route, lang, shown]),
      } as PlannedPage);
    }
  };
  add('home', '/', {}, {}, [data.categories, data.clients]);
  add('about', '/about', {}, {}, data.testimonials);
  add('clients', '/clients', {}, {}, data.clients);
  for (const route of [
    'contacts',
    'privacy',
    'services',
    'suppliers',
    'suppliers-inner',
  ] as const) {
    add(route, `/${route}`, {}, {}, null);
  }
  // the Russian 404 is src/pages/404.astro (404.html), rendered in every build
  add(
    'not-found',
    '/404',
    {},
    {},
    null,
    LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE),
  );
  add('projects', '/projects', {}, {}, data.projects);
  for (const project of data.projects) {
    add('project', `/projects/${project.id}`, { id: String(project.id) }, { project }, project);
  }
  const byCategory = new Map<number, ProductDetail[]>();
  for (const product of data.products) {
    const items = byCategory.get(product.category_id);
    if (items) items.push(product);
    else byCategory.set(product.category_id, [product]);
  }
  for (const category of data.categories) {
    const items = byCategory.get(category.id) ?? [];
    add('category', `/catalog/${category.id}`, { id: String(category.id) }, { category }, [
      category,
      items.map(cardOf),
    ]);
    // a product is published only with its category: an inactive category hides its products
    for (const item of items) {
      add(
        'product',
        `/catalog/${category.id}/products/${item.id}`,
        { id: String(category.id), product_id: String(item.id) },
        { item, category },
        [category, item],
      );
    }
  }
  return pages;
}

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
const shared = globalThis as {
  [RENDER]?: ReadonlySet<string>;
  [PATHS_ASKED]?: number;
  [PLAN]?: Promise<PlannedPage[]>;
};

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
export const plannedPages = () => (shared[PLAN] ??= siteData().then(planSite));

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
