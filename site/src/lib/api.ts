import type {
  Category,
  Client,
  Product,
  ProductDetail,
  Project,
  Settings,
  SiteData,
  Testimonial,
} from '@conveyor/shared';
import { SETTINGS_DEFAULTS } from '@conveyor/shared';
import { readFile } from 'node:fs/promises';

/**
 * The API the site is built from (API_URL at build time). Read when asked, not when this module
 * loads: the build worker (scripts/worker.mjs) loads the config's side of the site's modules
 * once, before the first build's variables are set, and keeps them from build to build.
 */
const apiUrl = () => (process.env.API_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');

/**
 * Where the browser sends the public forms (PUBLIC_API_URL at build time). Empty means the
 * site's own origin, which is how the one-port product serves it.
 */
export const publicApiUrl = () => (process.env.PUBLIC_API_URL ?? '').replace(/\/+$/, '');

const uploadPath = (path: string) =>
  `/uploads/${path.replace(/^\/+/, '').replace(/^uploads\//, '')}`;

/** Where the build reads the uploads from. */
export const uploadsUrl = () => `${apiUrl()}/uploads/`;

/** The address of an uploaded image as the build reads it (pages show re-encoded copies). */
export function fileUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^https?:/.test(path)) return path;
  return `${apiUrl()}${uploadPath(path)}`;
}

/**
 * The address of an uploaded image as visitors and crawlers reach it (Open Graph, JSON-LD): on
 * the public API's origin, or on the site's own when one server answers both.
 */
export function publicFileUrl(path: string | null | undefined, site: string): string | undefined {
  if (!path) return undefined;
  if (/^https?:/.test(path)) return path;
  return `${publicApiUrl() || site}${uploadPath(path)}`;
}

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
export async function listAll<T>(resource: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const reply = await get<{ data: T[]; totalPages: number }>(
      `/${resource}?page=${page}&limit=100`,
    );
    rows.push(...reply.data);
    if (page >= reply.totalPages || reply.data.length === 0) return rows;
  }
}

/** Everything a build shows (the API writes it for each build: SITE_DATA). */
export type { SiteData };

/**
 * Reads the data from the public API, page by page and product by product: what a build does
 * when nobody handed it a snapshot (`astro dev`, a build run by hand or by a webhook receiver).
 * The company data: an API without a settings record (404) gives the spec's defaults; any other
 * failure (the API down, an error) fails the build: a site published with placeholder phones
 * and e-mail would replace the live one.
 */
async function readApi(): Promise<SiteData> {
  const [settings, categories, list, projects, clients, testimonials] = await Promise.all([
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
  ]);
  const products: ProductDetail[] = [];
  // a few at a time: a catalogue of thousands must not open thousands of connections at once
  for (let at = 0; at < list.length; at += 8) {
    const details = list
      .slice(at, at + 8)
      .map(async (item) => (await get<{ data: ProductDetail }>(`/products/${item.id}`)).data);
    products.push(...(await Promise.all(details)));
  }
  return { settings, categories, products, projects, clients, testimonials };
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
  shared[DATA] ??= process.env.SITE_DATA
    ? readFile(process.env.SITE_DATA, 'utf8').then((text) => JSON.parse(text) as SiteData)
    : readApi();
  return shared[DATA];
}

export const categories = async () => (await siteData()).categories;
export const products = async () => (await siteData()).products;
export const projects = async () => (await siteData()).projects;
export const clients = async () => (await siteData()).clients;
export const testimonials = async () => (await siteData()).testimonials;
/** The products of one category. */
export const categoryProducts = async (categoryId: number) =>
  (await products()).filter((item) => item.category_id === categoryId);
/**
 * The products that get a page, each with its category: a product is published only with its
 * category, so an inactive category hides its products.
 */
export async function publishedProducts() {
  const byId = new Map((await categories()).map((category) => [category.id, category]));
  return (await products()).flatMap((item) => {
    const category = byId.get(item.category_id);
    return category ? [{ item, category }] : [];
  });
}
/** The company data, or the spec's defaults when the API has none. */
export const settings = async (): Promise<Settings> =>
  (await siteData()).settings ?? { ...SETTINGS_DEFAULTS, created_at: null, updated_at: null };
