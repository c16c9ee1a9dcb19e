import type { Category, Client, ProductDetail, Project, Testimonial } from './schemas/catalogue.ts';
import type { Settings } from './schemas/settings.ts';

/**
 * Everything a site build shows: the public records, each product with its gallery and videos,
 * and the company data, in the shape of the public API's answers. The API writes it for each
 * build (api/src/publish/siteData.ts, SITE_DATA); the site reads that file, or the public API
 * page by page when it has none (site/src/lib/api.ts), and plans every page from it
 * (site/src/lib/plan.ts).
 */
export interface SiteData {
  /** Null when there is no settings record: the spec's defaults stand in. */
  settings: Settings | null;
  categories: Category[];
  products: ProductDetail[];
  projects: Project[];
  clients: Client[];
  testimonials: Testimonial[];
}
