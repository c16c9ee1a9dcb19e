import { LANGUAGES, type SiteData } from '@conveyor/shared';
import { beltCategoryIds, calculatorModels, productDutyQuery } from '../calculator.ts';
import { cardOf, filterCard, relatedSections, type SiteProduct } from '../cards.ts';
import { compareProduct } from '../compareData.ts';
import { categoryFilters } from '../filters.ts';
import { quoteSources } from '../quote.ts';
import { attributeView, specRows } from '../specs.ts';
import type { ProductPlan, ProductWork } from './kept.ts';
import {
  categoryPageSize,
  type DocumentsOf,
  InLanguage,
  type PageList,
  type RouteProps,
  versionsOf,
} from './pages.ts';

/**
 * The catalogue's pages, added to `list`: the calculator (which recommends its products), each
 * category's pages of 24 products (CATEGORY_PAGE_SIZE) and its filters' data, each product's
 * page and its comparison data. A product whose record and context (the company data, its
 * category, the attributes, its documents, its related products' cards, its chat) are what the
 * last plan's were (`work.kept`) has that plan's pages. Answers this plan's products' plans,
 * by id, where the plan keeps them.
 */
export function planCatalog(
  data: SiteData,
  list: PageList,
  work: ProductWork,
  documentsOf: DocumentsOf,
): Map<number, ProductPlan> {
  const { kept } = work;
  const plans = new Map<number, ProductPlan>();
  const shownCategories = new Set(data.categories.map((category) => category.id));
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
  list.add(
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
    const shownCards = cards.map((card, index) =>
      work.cardDigest(items[index]!, 'card', () => card),
    );
    const count = Math.max(1, Math.ceil(cards.length / pageSize));
    const { filters, filterData } = filtersOf(category, items);
    if (count > 1 && filters.length) {
      // a file per language, of that language's cards: a rename changes its language's alone
      for (const lang of LANGUAGES) {
        const filterCards = items.map((item) => filterCard(item, lang));
        list.add(
          'category-filters',
          `/catalog/${category.id}/filters.json`,
          { id: String(category.id) },
          { data: filterData, items: filterCards },
          [lang],
          false,
          {
            data: list.digest(filterData),
            items: filterCards.map((card, index) =>
              work.cardDigest(items[index]!, `filter-${lang}`, () => card),
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
        category: list.digest(category),
        items: shownCards.slice(...shown),
        filters: list.digest(filters),
      } satisfies Record<keyof typeof props, unknown>;
      if (number === 1) {
        list.add(
          'category',
          `/catalog/${category.id}`,
          { id: String(category.id) },
          props,
          LANGUAGES,
          true,
          keyed,
        );
      } else {
        list.add(
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
      const relatedIn = new Map(LANGUAGES.map((lang) => [lang, work.relatedShown(related, lang)]));
      const telegram = telegramOf(item.id);
      let plan: ProductPlan | undefined;
      if (kept) {
        plan = {
          text: work.textOf(item),
          // the digests of its cards made in this plan, or kept (cardDigest)
          cards: work.cardsOf(item.id),
          context: JSON.stringify([
            list.companyHash,
            list.digest(category),
            work.attributesHash,
            beltCategories.has(category.id),
            documents,
            [...relatedIn.values()],
            telegram,
          ]),
          pages: [],
        };
        const before = kept.get(item.id);
        plan.search = work.searchOf(item.id);
        if (before && before.text === plan.text && before.context === plan.context) {
          list.pages.push(...before.pages);
          before.search = plan.search;
          before.cards = plan.cards;
          plans.set(item.id, before);
          continue;
        }
      }
      const first = list.pages.length;
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
      list.add(
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
            category: list.digest(category),
            specs: specs.map(({ attribute, ...row }) => [list.digest(attribute), row]),
            related: null,
          } satisfies Record<keyof RouteProps['product'], unknown>,
          (lang) => relatedIn.get(lang),
        ),
      );
      // what the comparison shows of it, in each language: no company data
      for (const lang of LANGUAGES) {
        const product = compareProduct(item, category, specs, lang);
        list.add(
          'compare-data',
          `/compare/${item.id}.json`,
          { id: String(item.id) },
          { product },
          [lang],
          false,
        );
      }
      if (plan) {
        plan.pages = list.pages.slice(first);
        plans.set(item.id, plan);
      }
    }
  }
  return plans;
}
