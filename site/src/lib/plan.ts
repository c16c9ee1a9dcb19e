import { hash as digestOf } from 'node:crypto';
import {
  type Category,
  type Client,
  compareDocuments,
  type DocumentOwnerColumn,
  documentOwners,
  type DocumentRecord,
  DEFAULT_LANGUAGE,
  type Language,
  LANGUAGES,
  ownText,
  pickLocalized,
  type Project,
  type Settings,
  SETTINGS_DEFAULTS,
  type SiteData,
  type Testimonial,
} from '@conveyor/shared';
import { localePath } from '../i18n/index.ts';
import { siteData } from './api.ts';
import {
  beltCategoryIds,
  type CalculatorModel,
  calculatorModels,
  productDutyQuery,
} from './calculator.ts';
import type { CompareProduct } from './compare.ts';
import { compareProduct } from './compareData.ts';
import { categoryFilters, type FilterData, type FilterSpec } from './filters.ts';
import { type QuoteSource, quoteSources } from './quote.ts';
import { productSource, type ProductSourceOf, type SearchSource, searchSources } from './search.ts';
import {
  cardOf,
  type FilterCard,
  filterCard,
  type ProductCard,
  type RelatedCard,
  relatedSections,
  type RelatedSection,
  type SiteProduct,
} from './cards.ts';
import { attributeView, type SpecRow, specRows } from './specs.ts';
import { langParam } from './staticPaths.ts';

/**
 * The site's pages, planned from the data before anything is rendered (rebuilding only what
 * changed). The plan is the one reader of the data (src/lib/api.ts): each page gets everything
 * it shows as its props, the company data (header, footer, contact details) included, and
 * hands them down to its layout and components; pages, layouts and components may not read the
 * data themselves (a lint rule in eslint.config.js). Each page has a key: a hash of its route,
 * its language and its props. A page whose key is the one the live release built it with is
 * not rendered again; its files are carried over (src/integrations/incremental.ts). So a page
 * is rendered again exactly when what it is given changes; the equality test
 * (api/test/publishing/incremental.test.ts) builds incrementally after each of a sequence of
 * edits, every kind at least once, and compares each release with a full build of the same
 * data, file by file.
 *
 * Every page is given the company data, so a change to them rebuilds everything; they are
 * hashed once per plan, and each key takes that hash in their place (thousands of pages would
 * otherwise each hash the same privacy texts again). What is not data (the site's code,
 * SITE_URL, PUBLIC_API_URL: src/lib/urls.ts) is the release's `code` hash: a change to it
 * rebuilds everything too.
 */

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

const hash = (value: unknown): string =>
  digestOf('sha256', JSON.stringify(value), 'base64url').slice(0, 22);

/**
 * The documents of each record, by the column naming it and its id: in the order staff put
 * them, the others after by kind (datasheets first), then as staff added them
 * (`compareDocuments`).
 */
function ownedDocuments(documents: readonly DocumentRecord[]) {
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

/**
 * What a plan made of a product (its page and its comparison data, in every language) and what
 * from: its record's text, and the rest its pages show (see planSite's `kept`).
 */
export interface ProductPlan {
  text: string;
  context: string;
  pages: PlannedPage[];
  /**
   * Its search records, by language, with their digests, and what besides its record they were
   * made from (its category and the attributes, by their hashes).
   */
  search?: KeptSources;
  /**
   * The digests of the cards other pages show of it (its category's pages, its category's
   * filters, related products): made of its record alone, they hold while its text does.
   */
  cards: CardDigests;
}
type CardDigests = Partial<Record<'card' | `filter-${Language}` | `related-${Language}`, string>>;
interface KeptSources {
  context: string;
  sources: Partial<Record<Language, { source: SearchSource | null; digest: string }>>;
}

/** A page's keyed props that differ by language (planSite's `add`). */
class InLanguage {
  /** What the page's languages share, hashed once, and what each language adds. */
  readonly common: unknown;
  readonly of: (lang: Language) => unknown;
  constructor(common: unknown, of: (lang: Language) => unknown) {
    this.common = common;
    this.of = of;
  }
}

/**
 * Every page of the site for these data.
 *
 * `kept`: what the last plan of the same code made of each product, by id. A product whose
 * record and whose context (the company data, its category, the attributes, its documents, its
 * related products' cards, its chat) are what they were has its pages taken from it rather than
 * made and hashed again: at ten thousand products, most of the plan, while an edit changes a
 * few. The map is left holding this plan's products. Rebuild now plans without it.
 */
export function planSite(data: SiteData, kept?: Map<number, ProductPlan>): PlannedPage[] {
  const pages: PlannedPage[] = [];
  const plans = new Map<number, ProductPlan>();
  const company = companyOf(data.settings);
  const companyHash = hash(company);
  // The hash of an object many pages show (a category, an attribute, a search record), made
  // once per plan and hashed into each of their keys in its place (a product's cards have
  // digests of their own, cardDigest): a product's page would otherwise write out its category
  // and its attributes again, and writing the props out is most of what a key costs. Objects
  // are not changed once planned.
  const digests = new WeakMap<object, string>();
  const digest = (value: object) => {
    let known = digests.get(value);
    if (known === undefined) digests.set(value, (known = hash(value)));
    return known;
  };
  const add = <R extends Route>(
    route: R,
    path: string,
    params: Record<string, string>,
    props: RouteProps[R],
    languages: readonly Language[] = LANGUAGES,
    showsCompany = true,
    // what the key hashes of the props, where it is not the props themselves: the same props
    // with shared objects as their digests; or, for a page that shows some of them in its own
    // language only, what it hashes in each language
    keyed: unknown = props,
  ) => {
    // The page's props are { lang, company, ...props }: hashed here with the company data's own
    // hash in their place, once for the page's languages (a page that shows nothing of the
    // company's, the search records, without it).
    const perLanguage = keyed instanceof InLanguage;
    const common = perLanguage ? keyed.common : keyed;
    const shownAll = hash(showsCompany ? [companyHash, common] : [common]);
    const versions = (props as { versions?: Language[] }).versions;
    for (const lang of languages) {
      const shown = perLanguage ? hash([shownAll, keyed.of(lang)]) : shownAll;
      pages.push({
        route,
        lang,
        params: { lang: langParam(lang), ...params },
        props: { lang, company, ...props },
        pathname: localePath(lang, path),
        key: hash([route, lang, shown]),
        duplicate: versions !== undefined && !versions.includes(lang),
      } as PlannedPage);
    }
  };
  add('home', '/', {}, { categories: data.categories, clients: data.clients });
  add('catalog', '/catalog', {}, { categories: data.categories });
  add('about', '/about', {}, { testimonials: data.testimonials });
  add('clients', '/clients', {}, { clients: data.clients });
  for (const route of [
    'contacts',
    'privacy',
    'services',
    'suppliers',
    'suppliers-inner',
  ] as const) {
    add(route, `/${route}`, {}, {});
  }
  // the Russian 404 is src/pages/404.astro (404.html), rendered in every build (notFoundProps)
  add(
    'not-found',
    '/404',
    {},
    {},
    LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE),
  );
  const documentsOf = ownedDocuments(data.documents);
  add('projects', '/projects', {}, { projects: data.projects });
  for (const project of data.projects) {
    add(
      'project',
      `/projects/${project.id}`,
      { id: String(project.id) },
      {
        project,
        documents: documentsOf('project_id', project.id),
        versions: versionsOf(project, 'title'),
      },
    );
  }
  const shownCategories = new Set(data.categories.map((category) => category.id));
  add('compare', '/compare', {}, {});
  add('quote', '/quote', {}, {});
  add('search', '/search', {}, {});
  // A product's search records are kept too (most of a plan's work but its pages' keys),
  // while its record, its category and the attributes are what they were
  const attributesHash = kept ? hash(data.attributes) : '';
  // each product's record as text, once per plan: what tells whether a kept product's pages and
  // records still hold
  const texts = new Map<number, string>();
  const textOf = (product: SiteProduct) => {
    let text = texts.get(product.id);
    if (text === undefined) texts.set(product.id, (text = JSON.stringify(product)));
    return text;
  };
  // The digests of each product's cards (CardDigests): a kept product's, while its record is
  // what it was; so a category's pages are keyed without writing out every card of it again.
  const cardDigests = new Map<number, CardDigests>();
  const digestsOf = (product: SiteProduct) => {
    let known = cardDigests.get(product.id);
    if (!known) {
      const before = kept?.get(product.id);
      known = before && before.text === textOf(product) ? before.cards : {};
      cardDigests.set(product.id, known);
    }
    return known;
  };
  const cardDigest = (product: SiteProduct, kind: keyof CardDigests, card: () => object) =>
    (digestsOf(product)[kind] ??= hash(card()));
  // A related card as a product page in `lang` shows it (components/sections/RelatedProducts
  // .astro): its name and text there, its picture and its page
  const productById = new Map(data.products.map((product) => [product.id, product]));
  const relatedDigest = (card: RelatedCard, lang: Language) =>
    cardDigest(productById.get(card.id)!, `related-${lang}`, () => ({
      id: card.id,
      category_id: card.category_id,
      image: card.image,
      name: pickLocalized(card, 'name', lang),
      description: pickLocalized(card, 'description', lang),
    }));
  /** What a product page in each language shows of its related products' cards. */
  const relatedShown = (related: RelatedSection[], lang: Language) =>
    related.map(({ items, ...section }) => [
      section,
      items.map((card) => relatedDigest(card, lang)),
    ]);
  const keptSources = new Map<number, KeptSources>();
  const keptSource: ProductSourceOf = (product, category, views, lang) => {
    let entry = keptSources.get(product.id);
    if (!entry) {
      // besides its record (the kept plan's text)
      const context = `${digest(category)}\0${attributesHash}`;
      const before = kept!.get(product.id);
      entry =
        before?.search?.context === context && before.text === textOf(product)
          ? before.search
          : { context, sources: {} };
      keptSources.set(product.id, entry);
    }
    let made = entry.sources[lang];
    if (!made) {
      const source = productSource(product, category, views, lang);
      made = entry.sources[lang] = { source, digest: source ? digest(source) : '' };
    }
    // its digest known to this plan's keys (a record is not changed once made)
    if (made.source) digests.set(made.source, made.digest);
    return made.source;
  };
  for (const lang of LANGUAGES) {
    const sources = searchSources(data, lang, kept ? keptSource : undefined);
    add('search-records', '/search/records', {}, { sources }, [lang], false, {
      sources: sources.map(digest),
    });
  }
  const byCategory = new Map<number, SiteProduct[]>();
  for (const product of data.products) {
    const items = byCategory.get(product.category_id);
    if (items) items.push(product);
    else byCategory.set(product.category_id, [product]);
  }
  const attributes = new Map(
    data.attributes.map((attribute) => [attribute.id, attributeView(attribute)]),
  );
  const filtersOf = (category: SiteData['categories'][number], items: SiteProduct[]) => {
    const { filters, data: filterData } = categoryFilters(category.attributes, attributes, items);
    return { filters, filterData };
  };
  const pageSize = categoryPageSize();
  const beltCategories = beltCategoryIds(data, attributes);
  const telegramOf = (id: number) => {
    const starts = data.telegram?.products[String(id)];
    return data.telegram && starts ? { bot: data.telegram.bot, starts } : null;
  };
  add(
    'calculator',
    '/calculator',
    {},
    {
      models: calculatorModels(data.products, beltCategories, attributes),
    },
  );
  // the products shown: those of the categories shown
  const relatedOf = relatedSections(
    data.products.filter((product) => shownCategories.has(product.category_id)),
  );
  for (const category of data.categories) {
    const items = byCategory.get(category.id) ?? [];
    // Past a page's worth, the products go on pages of their own, each self-canonical; every
    // page has the whole category's filters (and its products, for them)
    const cards = items.map(cardOf);
    const shownCards = cards.map((card, index) => cardDigest(items[index]!, 'card', () => card));
    const count = Math.max(1, Math.ceil(cards.length / pageSize));
    const { filters, filterData } = filtersOf(category, items);
    if (count > 1 && filters.length) {
      // a file per language, of that language's cards: a rename changes its language's alone
      for (const lang of LANGUAGES) {
        const filterCards = items.map((item) => filterCard(item, lang));
        add(
          'category-filters',
          `/catalog/${category.id}/filters.json`,
          { id: String(category.id) },
          { data: filterData, items: filterCards },
          [lang],
          false,
          {
            data: digest(filterData),
            items: filterCards.map((card, index) =>
              cardDigest(items[index]!, `filter-${lang}`, () => card),
            ),
          },
        );
      }
    }
    for (let number = 1; number <= count; number++) {
      const shown = [(number - 1) * pageSize, number * pageSize] as const;
      const props = {
        category,
        items: cards.slice(...shown),
        page: { number, count },
        total: cards.length,
        filters,
        filterData: count > 1 ? null : filterData,
        calculator: beltCategories.has(category.id),
        documents: number === 1 ? documentsOf('category_id', category.id) : [],
        versions: versionsOf(category, 'name'),
      };
      // keyed by its cards' digests, and the objects its pages share by theirs
      const keyed = {
        ...props,
        category: digest(category),
        items: shownCards.slice(...shown),
        filters: digest(filters),
      } satisfies Record<keyof typeof props, unknown>;
      if (number === 1) {
        add(
          'category',
          `/catalog/${category.id}`,
          { id: String(category.id) },
          props,
          LANGUAGES,
          true,
          keyed,
        );
      } else {
        add(
          'category-page',
          `/catalog/${category.id}/page/${number}`,
          { id: String(category.id), page: String(number) },
          props,
          LANGUAGES,
          true,
          keyed,
        );
      }
    }
    // a product is published only with its category: an inactive category hides its products
    for (const item of items) {
      const documents = documentsOf('product_id', item.id);
      const related = relatedOf(item);
      // what its page shows of the related cards in each language, once for the kept plan's
      // context and the page's key
      const relatedIn = new Map(LANGUAGES.map((lang) => [lang, relatedShown(related, lang)]));
      const telegram = telegramOf(item.id);
      let plan: ProductPlan | undefined;
      if (kept) {
        plan = {
          text: textOf(item),
          // the digests of its cards made in this plan, or kept (cardDigest)
          cards: cardDigests.get(item.id) ?? {},
          context: JSON.stringify([
            companyHash,
            digest(category),
            attributesHash,
            beltCategories.has(category.id),
            documents,
            [...relatedIn.values()],
            telegram,
          ]),
          pages: [],
        };
        const before = kept.get(item.id);
        plan.search = keptSources.get(item.id);
        if (before && before.text === plan.text && before.context === plan.context) {
          pages.push(...before.pages);
          before.search = plan.search;
          before.cards = plan.cards;
          plans.set(item.id, before);
          continue;
        }
      }
      const first = pages.length;
      const specs = specRows(item.specs, category.attributes, attributes);
      const props: RouteProps['product'] = {
        item,
        category,
        specs,
        quote: quoteSources(category.attributes, item.specs, attributes),
        documents,
        related,
        versions: versionsOf(item, 'name'),
        duty: beltCategories.has(category.id)
          ? productDutyQuery(item.id, item.specs, attributes)
          : null,
        telegram,
      };
      add(
        'product',
        `/catalog/${category.id}/products/${item.id}`,
        { id: String(category.id), product_id: String(item.id) },
        props,
        LANGUAGES,
        true,
        // a related product's card shows its name and text in the page's language: its rename
        // in one language changes that language's pages of the products that show it
        new InLanguage(
          {
            ...props,
            category: digest(category),
            specs: specs.map(({ attribute, ...row }) => [digest(attribute), row]),
            related: null,
          } satisfies Record<keyof RouteProps['product'], unknown>,
          (lang) => relatedIn.get(lang),
        ),
      );
      // what the comparison shows of it, in each language: no company data
      for (const lang of LANGUAGES) {
        const product = compareProduct(item, category, specs, lang);
        add(
          'compare-data',
          `/compare/${item.id}.json`,
          { id: String(item.id) },
          { product },
          [lang],
          false,
        );
      }
      if (plan) {
        plan.pages = pages.slice(first);
        plans.set(item.id, plan);
      }
    }
  }
  if (kept) {
    kept.clear();
    for (const [id, plan] of plans) kept.set(id, plan);
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
