import type { Language, Settings } from '@conveyor/shared';
import { localePath, pick, t } from '../i18n/index.ts';

// Schema.org JSON-LD for search engines: the company on every page, products and breadcrumbs
// where they apply.

export function organization(company: Settings, site: string, lang: Language) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.legal_name || t(lang, 'site_name'),
    url: `${site}${localePath(lang, '/')}`,
    logo: `${site}/favicon.svg`,
    email: company.email,
    telephone: company.phone_primary,
    ...(pick(company, 'address', lang)
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: pick(company, 'address', lang),
            addressCountry: 'UZ',
          },
        }
      : {}),
    sameAs: [company.telegram_url, company.instagram_url, company.facebook_url].filter(Boolean),
  };
}

/** A breadcrumb trail: its pages' paths without the language prefix, from the home page down. */
export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(site: string, lang: Language, items: readonly Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: `${site}${localePath(lang, item.path)}`,
    })),
  };
}

export function productData(options: {
  name: string;
  description: string;
  url: string;
  images: string[];
  category: string;
  brand: string;
  /** Its specifications as schema.org PropertyValues (src/lib/specs.ts). */
  properties?: object[];
}) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: options.name,
    description: options.description,
    url: options.url,
    image: options.images,
    category: options.category,
    brand: { '@type': 'Brand', name: options.brand },
    ...(options.properties?.length ? { additionalProperty: options.properties } : {}),
  };
}

/** JSON for a <script> element: `<` escaped so no text can close the element early. */
export const jsonForScript = (data: unknown): string =>
  JSON.stringify(data).replace(/</g, '\\u003c');
