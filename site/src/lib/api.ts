import type {
  Attribute,
  Category,
  CategoryDetail,
  Client,
  DocumentRecord,
  Product,
  ProductDetail,
  Project,
  SiteData,
  Settings,
  Testimonial,
} from '@conveyor/shared';
import { readFile } from 'node:fs/promises';
import { apiUrl } from './urls.ts';

/**
 * The data a build shows, read once per build: only the plan (src/lib/plan.ts) reads them, and
 * hands each page what it shows as its props (pages, layouts and components may not import this
 * module: eslint.config.js). The API is read when asked, not when this module loads: the build
 * worker (scripts/worker.mjs) loads the config's side of the site's modules once, before the
 * first build's variables are set, and keeps them from build to build.
 */

/** An answer of the API other than 2xx. */
export class ApiError extends Error {
  readonly path: string;
  readonly status: number;
  // no parameter properties: Node loads this module as the config's (type stripping only)
  constructor(path: string, status: number) {
    super(`GET ${path}: ${status} from ${apiUrl()}`);
    this.path = path;
    this.status = status;
  }
}

async function get<T>(path: string): Promise<T> {
  // The API logs reads with this agent (api/src/config.ts SITE_BUILD_AGENT) at debug only.
  const response = await fetch(`${apiUrl()}/api${path}`, {
    headers: { 'user-agent': 'conveyor-site-build' },
  });
  if (!response.ok) throw new ApiError(path, response.status);
  return (await response.json()) as T;
}

/** Every active record of a resource, all pages of it (anonymous reads are active only). */
async function listAll<T>(resource: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const reply = await get<{ data: T[]; totalPages: number }>(
      `/${resource}?page=${page}&limit=100`,
    );
    rows.push(...reply.data);
    if (page >= reply.totalPages || reply.data.length === 0) return rows;
  }
}

/**
 * Reads the data from the public API, page by page and product by product: what a build does
 * when nobody handed it a snapshot (`astro dev`, a build run by hand or by a webhook receiver).
 * The company data: an API without a settings record (404) gives none (the plan puts the spec's
 * defaults in their place, src/lib/plan.ts); any other failure (the API down, an error) fails
 * the build: a site published with placeholder phones and e-mail would replace the live one.
 */
async function readApi(): Promise<SiteData> {
  const [settings, categoryList, list, projects, clients, testimonials, attributes, documents] =
    await Promise.all([
      get<{ data: Settings }>('/settings').then(
        (reply) => reply.data,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
      listAll<Category>('categories'),
      listAll<Product>('products'),
      listAll<Project>('project'),
      listAll<Client>('clients'),
      listAll<Testimonial>('testimonials'),
      listAll<Attribute>('attributes'),
      listAll<DocumentRecord>('documents'),
    ]);
  // each category's template is in its detail (there are few categories)
  const categories = await Promise.all(
    categoryList.map(
      async (item) => (await get<{ data: CategoryDetail }>(`/categories/${item.id}`)).data,
    ),
  );
  const products: ProductDetail[] = [];
  // a few at a time: a catalogue of thousands must not open thousands of connections at once
  for (let at = 0; at < list.length; at += 8) {
    const details = list
      .slice(at, at + 8)
      .map(async (item) => (await get<{ data: ProductDetail }>(`/products/${item.id}`)).data);
    products.push(...(await Promise.all(details)));
  }
  return {
    settings,
    categories,
    attributes,
    products,
    projects,
    documents,
    clients,
    testimonials,
  };
}

// Shared by the module instances of one build process (the config's integration and the pages'
// bundle each load this file): the data are read once, and both see the same.
const DATA = Symbol.for('conveyor.site.data');
const shared = globalThis as { [DATA]?: Promise<SiteData> };

/**
 * The data of this build, read once: the snapshot file the publishing runner wrote (SITE_DATA:
 * one consistent read of the database, so a record deleted during the build cannot fail it),
 * or else the public API.
 */
export function siteData(): Promise<SiteData> {
  shared[DATA] ??= process.env.SITE_DATA ? readSnapshot(process.env.SITE_DATA) : readApi();
  return shared[DATA];
}

/** How long a build waits for its snapshot file to be there. */
const SNAPSHOT_WAIT_MS = 5 * 60_000;

/**
 * The snapshot file, once it is there: the warm build worker is handed its build while the
 * runner still reads the database (api/src/publish/siteBuilder.ts), which puts the file in place
 * whole when written, and stops the build if it cannot. Polled: a file's appearance, a few
 * tenths of a second at most, is all there is to wait for.
 */
async function readSnapshot(file: string): Promise<SiteData> {
  for (const until = Date.now() + SNAPSHOT_WAIT_MS; ;) {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as SiteData;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || Date.now() > until) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
