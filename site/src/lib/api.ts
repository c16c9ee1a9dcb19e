import type {
  Category,
  Client,
  Product,
  ProductDetail,
  Project,
  Settings,
  Testimonial,
} from '@conveyor/shared';
import { SETTINGS_DEFAULTS } from '@conveyor/shared';

/** The API the site is built from (API_URL at build time). */
export const API_URL = (process.env.API_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');

/**
 * Where the browser sends the public forms (PUBLIC_API_URL at build time). Empty means the
 * site's own origin, which is how the one-port product serves it.
 */
export const PUBLIC_API_URL = (process.env.PUBLIC_API_URL ?? '').replace(/\/+$/, '');

const uploadPath = (path: string) =>
  `/uploads/${path.replace(/^\/+/, '').replace(/^uploads\//, '')}`;

/** The address of an uploaded image as the build reads it (pages show re-encoded copies). */
export function fileUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^https?:/.test(path)) return path;
  return `${API_URL}${uploadPath(path)}`;
}

/**
 * The address of an uploaded image as visitors and crawlers reach it (Open Graph, JSON-LD): on
 * the public API's origin, or on the site's own when one server answers both.
 */
export function publicFileUrl(path: string | null | undefined, site: string): string | undefined {
  if (!path) return undefined;
  if (/^https?:/.test(path)) return path;
  return `${PUBLIC_API_URL || site}${uploadPath(path)}`;
}

/** An answer of the API other than 2xx. */
export class ApiError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`GET ${path}: ${status} from ${API_URL}`);
  }
}

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${API_URL}/api${path}`);
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

// One build reads each list once, however many pages use it.
const memo = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!memo.has(key)) memo.set(key, load());
  return memo.get(key) as Promise<T>;
}

export const categories = () => once('categories', () => listAll<Category>('categories'));
export const products = () => once('products', () => listAll<Product>('products'));
export const product = (id: number) =>
  once(`product:${id}`, async () => (await get<{ data: ProductDetail }>(`/products/${id}`)).data);
export const projects = () => once('projects', () => listAll<Project>('project'));
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
export const clients = () => once('clients', () => listAll<Client>('clients'));
export const testimonials = () => once('testimonials', () => listAll<Testimonial>('testimonials'));
/**
 * The company data. An API without a settings record (404) gives the spec's defaults; any other
 * failure (the API down, an error) fails the build: a site published with placeholder phones
 * and e-mail would replace the live one.
 */
export const settings = () =>
  once('settings', async () => {
    try {
      return (await get<{ data: Settings }>('/settings')).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        return { ...SETTINGS_DEFAULTS, created_at: null, updated_at: null };
      }
      throw error;
    }
  });
