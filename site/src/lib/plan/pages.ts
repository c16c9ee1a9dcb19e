import { hash as digestOf } from 'node:crypto';
import {
  type Category,
  type Client,
  compareDocuments,
  type DocumentOwnerColumn,
  documentOwners,
  type DocumentRecord,
  type Language,
  LANGUAGES,
  ownText,
  type Project,
  type Settings,
  SETTINGS_DEFAULTS,
  type Testimonial,
} from '@conveyor/shared';
import { localePath } from '../../i18n/index.ts';
import type { CalculatorModel } from '../calculator.ts';
import type { ProductCard, RelatedSection, SiteProduct, FilterCard } from '../cards.ts';
import type { CompareProduct } from '../compare.ts';
import type { FilterData, FilterSpec } from '../filters.ts';
import type { QuoteSource } from '../quote.ts';
import type { SearchSource } from '../search.ts';
import type { SpecRow } from '../specs.ts';
import { langParam } from '../staticPaths.ts';

// What a planned page is (its route, props, address and key) and the list a plan adds its
// pages to, each keyed as it is added (src/lib/plan/site.ts plans the site's).

/** The props every page gets besides its own: the company data, or the spec's defaults. */
export interface PageProps {
  lang: Language;
  company: Settings;
}

/** The props of each route's pages, besides `lang` and `company` (PageProps). */
export interface RouteProps {
  home: { categories: Category[]; clients: Client[] };
  /** The catalogue: every category shown (`/catalog`), each leading to its products. */
  catalog: { categories: Category[] };
  about: { testimonials: Testimonial[] };
  clients: { clients: Client[] };
  contacts: object;
  privacy: object;
  services: object;
  suppliers: object;
  'suppliers-inner': object;
  'not-found': object;
  projects: { projects: Project[] };
  project: { project: Project; documents: DocumentRecord[]; versions: Language[] };
  category: {
    category: Category;
    /** The products of this page of the category. */
    items: ProductCard[];
    /** Which page of the category's products this is, of how many (CATEGORY_PAGE_SIZE each). */
    page: { number: number; count: number };
    /** How many products the category has, on all its pages. */
    total: number;
    filters: FilterSpec[];
    /**
     * The values the filters match, of this page's products, when the category fits one page;
     * null on a category of several pages, whose filters read every product's values and cards
     * from its data file (`category-filters`) when first used: so each page holds its own
     * products only, and a product's rename changes its own page of the category, not all of
     * them (src/components/islands/CategoryFilters.tsx).
     */
    filterData: FilterData | null;
    /** Whether its template has a belt width and a capacity: it links to the calculator. */
    calculator: boolean;
    /** The category's documents (its first page shows them). */
    documents: DocumentRecord[];
    versions: Language[];
  };
  /** The second and later pages of a category's products (`/catalog/{id}/page/{n}`). */
  'category-page': RouteProps['category'];
  product: {
    item: SiteProduct;
    category: Category;
    specs: SpecRow[];
    quote: QuoteSource[];
    documents: DocumentRecord[];
    related: RelatedSection[];
    versions: Language[];
    /** The query of the calculator's address for its own figures ("Check it for your duty"),
     *  where its category's template has a belt width and a capacity. */
    duty: string | null;
    /** "Ask in Telegram": the bot and the product's start payload in each language, while
     *  buyers' chats are on (SiteData.telegram). */
    telegram: { bot: string; starts: Record<Language, string> } | null;
  };
  /** The comparison: it reads each product's data file (`compare-data`). */
  compare: object;
  /** The quote basket's page: its products are the visitor's, kept in the browser. */
  quote: object;
  /** The conveyor calculator: the products it may recommend (src/lib/calculator.ts). */
  calculator: { models: CalculatorModel[] };
  /** A product's data for the comparison, in a language (`/compare/{id}.json`). */
  'compare-data': { product: CompareProduct };
  /**
   * What a category of several pages filters, in a language (`/catalog/{id}/filters.json`):
   * every product's values, and its card for the results. Planned only where there are filters.
   */
  'category-filters': { data: FilterData; items: FilterCard[] };
  /** The search page: the index is the release's (src/integrations/search.ts). */
  search: object;
  /** What the index of the page's language holds (written out for the index, not a page to read). */
  'search-records': { sources: SearchSource[] };
}
export type Route = keyof RouteProps;

export interface PlannedPage<R extends Route = Route> {
  route: R;
  lang: Language;
  params: Record<string, string | undefined>;
  props: PageProps & RouteProps[R];
  /** The page's address, as Astro names it: `/`, `/en/catalog/3/products/12`. */
  pathname: string;
  /** A hash of the page's route, language and props. */
  key: string;
  /**
   * A record's page in a language it has no text of its own in (it shows another's): kept out
   * of search engines, with a canonical link to a language that has the text, and out of the
   * sitemap and the other pages' language alternates.
   */
  duplicate: boolean;
}

/**
 * The file a page is written to (build.format 'directory'); a data file (a pathname with an
 * extension: `/compare/12.json`) is written as it is named.
 */
export const pageFile = (pathname: string): string =>
  pathname === '/'
    ? 'index.html'
    : /\.\w+$/.test(pathname)
      ? pathname.replace(/^\/+/, '')
      : `${pathname.replace(/^\/+/, '')}/index.html`;

/** A short hash of a value as JSON: what a page's key, and the digests it is made of, are. */
export const hash = (value: unknown): string =>
  digestOf('sha256', JSON.stringify(value), 'base64url').slice(0, 22);

/** A record's documents, by the column naming it and its id. */
export type DocumentsOf = (column: DocumentOwnerColumn, id: number) => DocumentRecord[];

/**
 * The documents of each record, by the column naming it and its id: in the order staff put
 * them, the others after by kind (datasheets first), then as staff added them
 * (`compareDocuments`).
 */
export function ownedDocuments(documents: readonly DocumentRecord[]): DocumentsOf {
  const groups = new Map<string, DocumentRecord[]>();
  const sorted = [...documents].sort(compareDocuments);
  for (const document of sorted) {
    for (const column of documentOwners(document)) {
      const key = `${column}:${String(document[column])}`;
      const group = groups.get(key);
      if (group) group.push(document);
      else groups.set(key, [document]);
    }
  }
  return (column: DocumentOwnerColumn, id: number) => groups.get(`${column}:${id}`) ?? [];
}

/** The company data, or the spec's defaults when there is no settings record. */
export const companyOf = (settings: Settings | null): Settings =>
  settings ?? { ...SETTINGS_DEFAULTS, created_at: null, updated_at: null };

/** Products on one page of a category (CATEGORY_PAGE_SIZE, 24 by default). */
export const DEFAULT_CATEGORY_PAGE_SIZE = 24;
export function categoryPageSize(): number {
  const size = Number(process.env.CATEGORY_PAGE_SIZE || DEFAULT_CATEGORY_PAGE_SIZE);
  return Number.isInteger(size) && size > 0 ? size : DEFAULT_CATEGORY_PAGE_SIZE;
}

/**
 * The languages a record has a text of its own in (its name or title): its real versions. A
 * record with none at all is shown in every language, as it is.
 */
export function versionsOf(record: object, field: 'name' | 'title'): Language[] {
  const own = LANGUAGES.filter((lang) => ownText(record, field, lang));
  return own.length ? own : [...LANGUAGES];
}

/** A page's keyed props that differ by language (PageList's `add`). */
export class InLanguage {
  /** What the page's languages share, hashed once, and what each language adds. */
  readonly common: unknown;
  readonly of: (lang: Language) => unknown;
  constructor(common: unknown, of: (lang: Language) => unknown) {
    this.common = common;
    this.of = of;
  }
}

/** A plan's pages, each keyed as it is added. */
export class PageList {
  readonly pages: PlannedPage[] = [];
  readonly company: Settings;
  /** The company data's hash: a key takes it in their place. */
  readonly companyHash: string;
  // The hash of an object many pages show (a category, an attribute, a search record), made
  // once per plan and hashed into each of their keys in its place (a product's cards have
  // digests of their own, src/lib/plan/kept.ts): a product's page would otherwise write out
  // its category and its attributes again, and writing the props out is most of what a key
  // costs. Objects are not changed once planned.
  private readonly digests = new WeakMap<object, string>();

  constructor(company: Settings) {
    this.company = company;
    this.companyHash = hash(company);
  }

  /** The object's hash, made once per plan. */
  digest(value: object): string {
    let known = this.digests.get(value);
    if (known === undefined) this.digests.set(value, (known = hash(value)));
    return known;
  }

  /** Tells the plan an object's hash, made by an earlier plan (a kept search record). */
  know(value: object, digest: string): void {
    this.digests.set(value, digest);
  }

  /**
   * Adds a route's page at `path` in each of `languages`. `keyed`: what the key hashes of the
   * props, where it is not the props themselves: the same props with shared objects as their
   * digests; or, for a page that shows some of them in its own language only, what it hashes in
   * each language (InLanguage).
   */
  add<R extends Route>(
    route: R,
    path: string,
    params: Record<string, string>,
    props: RouteProps[R],
    languages: readonly Language[] = LANGUAGES,
    showsCompany = true,
    keyed: unknown = props,
  ): void {
    // The page's props are { lang, company, ...props }: hashed here with the company data's own
    // hash in their place, once for the page's languages (a page that shows nothing of the
    // company's, the search records, without it).
    const perLanguage = keyed instanceof InLanguage;
    const common = perLanguage ? keyed.common : keyed;
    const shownAll = hash(showsCompany ? [this.companyHash, common] : [common]);
    const versions = (props as { versions?: Language[] }).versions;
    const company = this.company;
    for (const lang of languages) {
      const shown = perLanguage ? hash([shownAll, keyed.of(lang)]) : shownAll;
      this.pages.push({
        route,
        lang,
        params: { lang: langParam(lang), ...params },
        props: { lang, company, ...props },
        pathname: localePath(lang, path),
        key: hash([route, lang, shown]),
        duplicate: versions !== undefined && !versions.includes(lang),
      } as PlannedPage);
    }
  }
}
