import {
  documentOwners,
  foldApostrophes,
  type Language,
  ownText,
  pickLocalized,
  type SiteData,
} from '@conveyor/shared';
import { localePath } from '../i18n/index.ts';
import { type AttributeView, attributeView, specRows, specText } from './specs.ts';

/** What the search finds. */
export type SearchKind = 'product' | 'category' | 'project' | 'document';

/**
 * A record of a language's search index, before its picture is worked out: what the page
 * `/search/records` (src/pages/[...lang]/search/records.astro) writes out for the index
 * (src/integrations/search.ts), one per product, category and project that has a text of its
 * own in this language.
 */
export interface SearchSource {
  kind: SearchKind;
  url: string;
  title: string;
  /** A product's category, in this language (or its fallback: it only labels the result). */
  category: string;
  /** The upload shown as its thumbnail. */
  picture: string | null;
  /**
   * The element of the page the result leads to (`document-12`: a document's line on the page
   * that lists it). Each document is a record of its own: Pagefind keeps one record per
   * address, so a record's documents must not share its page's.
   */
  anchor?: string;
  /** What is searched: the words of the record in this language, folded (foldApostrophes). */
  content: string;
}

/** The id of a document's line on the page that lists it (components/sections/DocumentList). */
export const documentAnchor = (id: number): string => `document-${id}`;

/**
 * A product's values as words: the page's text ("1 200 мм") and the bare figure ("1200"),
 * so that a visitor finds it by either.
 */
function specWords(
  product: SiteData['products'][number],
  template: SiteData['categories'][number]['attributes'],
  attributes: ReadonlyMap<number, AttributeView>,
  lang: Language,
): string[] {
  return specRows(product.specs, template, attributes).flatMap((row) => {
    const words = [ownText(row.attribute, 'name', lang), specText(row, lang)];
    const { spec } = row;
    for (const figure of [spec.value, spec.min, spec.max]) {
      if (typeof figure === 'number') words.push(String(figure));
    }
    if (spec.option) {
      const option = row.attribute.options?.find((choice) => choice.code === spec.option);
      if (option) words.push(ownText(option, 'name', lang));
    }
    if (row.attribute.type === 'text') words.push(ownText(spec, 'text', lang));
    return words.filter(Boolean);
  });
}

/** A record with these words, or none without a title. */
function sourceOf(source: Omit<SearchSource, 'content'>, words: string[]): SearchSource | null {
  if (!source.title) return null;
  return { ...source, content: foldApostrophes(words.filter(Boolean).join('\n')) };
}

/** What makes a product's record (productSource, or a plan's kept records: src/lib/plan/kept.ts). */
export type ProductSourceOf = (
  product: SiteData['products'][number],
  category: SiteData['categories'][number],
  attributes: ReadonlyMap<number, AttributeView>,
  lang: Language,
) => SearchSource | null;

/** A product's record in a language, or null without a name of its own in it. */
export const productSource: ProductSourceOf = (product, category, attributes, lang) => {
  const title = ownText(product, 'name', lang);
  return sourceOf(
    {
      kind: 'product',
      url: localePath(lang, `/catalog/${category.id}/products/${product.id}`),
      title,
      // only a label: the category's name as its page shows it
      category: pickLocalized(category, 'name', lang),
      picture: product.image ?? null,
    },
    [
      title,
      ownText(product, 'description', lang),
      ownText(category, 'name', lang),
      ...specWords(product, category.attributes, attributes, lang),
    ],
  );
};

/**
 * The search records of a language: products, categories and projects with a name (or title)
 * of their own in it. A record without one is left out rather than indexed with another
 * language's words (they would be found in the wrong language's search).
 */
export function searchSources(
  data: SiteData,
  lang: Language,
  productSourceOf: ProductSourceOf = productSource,
): SearchSource[] {
  const attributes = new Map(
    data.attributes.map((attribute) => [attribute.id, attributeView(attribute)]),
  );
  const categories = new Map(data.categories.map((category) => [category.id, category]));
  const sources: SearchSource[] = [];
  const add = (source: Omit<SearchSource, 'content'>, words: string[]) => {
    const made = sourceOf(source, words);
    if (made) sources.push(made);
  };
  for (const category of data.categories) {
    const title = ownText(category, 'name', lang);
    add(
      {
        kind: 'category',
        url: localePath(lang, `/catalog/${category.id}`),
        title,
        category: '',
        picture: category.image ?? null,
      },
      [title, ownText(category, 'description', lang)],
    );
  }
  for (const product of data.products) {
    const category = categories.get(product.category_id);
    if (!category) continue; // not published: its category is inactive
    const source = productSourceOf(product, category, attributes, lang);
    if (source) sources.push(source);
  }
  for (const project of data.projects) {
    const title = ownText(project, 'title', lang);
    add(
      {
        kind: 'project',
        url: localePath(lang, `/projects/${project.id}`),
        title,
        category: '',
        picture: null,
      },
      [title, ownText(project, 'description', lang)],
    );
  }
  // a document is found by its title (and revision), and leads to its line on the page that
  // lists it
  const owners = new Map<string, { url: string; name: string }>();
  for (const product of data.products) {
    const category = categories.get(product.category_id);
    if (!category) continue;
    owners.set(`product_id:${product.id}`, {
      url: localePath(lang, `/catalog/${category.id}/products/${product.id}`),
      name: pickLocalized(product, 'name', lang),
    });
  }
  for (const project of data.projects) {
    owners.set(`project_id:${project.id}`, {
      url: localePath(lang, `/projects/${project.id}`),
      name: pickLocalized(project, 'title', lang),
    });
  }
  for (const category of data.categories) {
    owners.set(`category_id:${category.id}`, {
      url: localePath(lang, `/catalog/${category.id}`),
      name: pickLocalized(category, 'name', lang),
    });
  }
  for (const document of data.documents) {
    const [column] = documentOwners(document);
    const owner = column && owners.get(`${column}:${String(document[column])}`);
    if (!owner) continue;
    const title = ownText(document, 'title', lang);
    add(
      {
        kind: 'document',
        url: owner.url,
        anchor: documentAnchor(document.id),
        title,
        category: owner.name,
        picture: null,
      },
      [title, document.revision],
    );
  }
  return sources;
}
