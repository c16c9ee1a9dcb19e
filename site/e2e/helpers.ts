import { type APIRequestContext, expect } from '@playwright/test';

export const LANGS = [
  ['ru', ''],
  ['uz', '/uz'],
  ['en', '/en'],
] as const;

/** The public forms' name and phone fields and their send button, as a visitor reads them. */
export const FORM_LABELS = {
  ru: { name: 'Ваше имя', phone: 'Телефон', send: 'Отправить' },
  uz: { name: 'Ismingiz', phone: 'Telefon', send: 'Yuborish' },
  en: { name: 'Your name', phone: 'Phone', send: 'Send' },
} as const;

/** A few real ids from the API the site was built from. */
export async function sample(request: APIRequestContext) {
  const get = async (path: string) => (await (await request.get(path)).json()).data;
  const [category] = await get('/api/categories?limit=1&sort=id&order=asc');
  const products = await get(`/api/products?limit=50&category_id=${category.id}`);
  const [project] = await get('/api/project?limit=1&sort=id&order=asc');
  return { category, product: products[0], other: products[1], project };
}

/** A comparison of two products of one category (its table is built in the browser). */
export async function comparePath(request: APIRequestContext): Promise<string> {
  const { product, other } = await sample(request);
  return `/compare?ids=${product.id},${other.id}`;
}

/** The site's page types (pageTypes gives each an address). */
export const PAGE_TYPES = [
  'home',
  'about',
  'clients',
  'services',
  'suppliers',
  'suppliers-inner',
  'projects',
  'project',
  'contacts',
  'catalog',
  'calculator',
  'quote',
  'category',
  'product',
] as const;

/** The paths of every page type, without the language prefix. */
export async function pageTypes(
  request: APIRequestContext,
): Promise<Record<(typeof PAGE_TYPES)[number], string>> {
  const { category, product, project } = await sample(request);
  return {
    home: '/',
    about: '/about',
    clients: '/clients',
    services: '/services',
    suppliers: '/suppliers',
    'suppliers-inner': '/suppliers-inner',
    projects: '/projects',
    project: `/projects/${project.id}`,
    contacts: '/contacts',
    catalog: '/catalog',
    calculator: '/calculator',
    quote: '/quote',
    category: `/catalog/${category.id}`,
    product: `/catalog/${category.id}/products/${product.id}`,
  };
}

export const localized = (prefix: string, path: string) =>
  prefix ? `${prefix}${path === '/' ? '' : path}` : path;

/** A staff token, to look at what the forms stored. */
export async function staffToken(request: APIRequestContext): Promise<string> {
  const reply = await request.post('/api/signin', {
    data: { user_name: 'admin', password: 'admin-password-1' },
  });
  return (await reply.json()).data as string;
}

/** The one lead a visitor of that name left, as staff read it. */
export async function storedLead(request: APIRequestContext, name: string) {
  const token = await staffToken(request);
  const reply = await request.get(`/api/leads?q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const leads = (await reply.json()).data;
  expect(leads).toHaveLength(1);
  return leads[0];
}
