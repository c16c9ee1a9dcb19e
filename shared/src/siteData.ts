import type {
  CategoryDetail,
  Client,
  DocumentRecord,
  ProductDetail,
  Project,
  Testimonial,
} from './schemas/catalogue.ts';
import type { Language } from './languages.ts';
import type { Settings } from './schemas/settings.ts';
import type { Attribute } from './specs.ts';

/**
 * Everything a site build shows: the public records, each category with its template and each
 * product with its gallery, videos and specifications, the attributes they name, and the
 * company data, in the shape of the public API's answers. The API writes it for each
 * build (api/src/publish/siteData.ts, SITE_DATA); the site reads that file, or the public API
 * page by page when it has none (site/src/lib/api.ts), and plans every page from it
 * (site/src/lib/plan.ts).
 */
/**
 * Buyers' chats with the company's Telegram bot, when staff turned them on: the bot's user name
 * and each shown product's start payload in each language (signed by the API, which alone holds
 * the key: a build from the public API has none).
 */
export interface SiteTelegram {
  bot: string;
  products: Record<string, Record<Language, string>>;
}

export interface SiteData {
  /** Null when there is no settings record: the spec's defaults stand in. */
  settings: Settings | null;
  categories: CategoryDetail[];
  /** The active attributes: what the templates and the products' values refer to. */
  attributes: Attribute[];
  /** Without the gallery's arrangement: its pictures carry their texts (`images`). */
  products: Omit<ProductDetail, 'gallery'>[];
  projects: Project[];
  /** The documents of the products, projects and categories shown, as anonymous readers get them. */
  documents: DocumentRecord[];
  clients: Client[];
  testimonials: Testimonial[];
  /** "Ask in Telegram" on product pages; absent or null: no link. */
  telegram?: SiteTelegram | null;
}
