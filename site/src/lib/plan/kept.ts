import { type Language, pickLocalized, type SiteData } from '@conveyor/shared';
import type { RelatedCard, RelatedSection, SiteProduct } from '../cards.ts';
import { productSource, type ProductSourceOf, type SearchSource } from '../search.ts';
import { hash, type PageList, type PlannedPage } from './pages.ts';

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
export type CardDigests = Partial<
  Record<'card' | `filter-${Language}` | `related-${Language}`, string>
>;
interface KeptSources {
  context: string;
  sources: Partial<Record<Language, { source: SearchSource | null; digest: string }>>;
}

/**
 * What one plan makes of each product that another plan can use: its record as text, the
 * digests of its cards, its search records; taken from the last plan of the same code (`kept`)
 * while the product's record (and, for its records, its category and the attributes) are what
 * they were.
 */
export class ProductWork {
  /** The last plan's, or undefined (a plan made afresh). */
  readonly kept: Map<number, ProductPlan> | undefined;
  /** The attributes' hash, where a plan keeps products' search records. */
  readonly attributesHash: string;
  private readonly list: PageList;
  private readonly texts = new Map<number, string>();
  private readonly cards = new Map<number, CardDigests>();
  private readonly sources = new Map<number, KeptSources>();
  private readonly byId: Map<number, SiteProduct>;

  constructor(data: SiteData, list: PageList, kept: Map<number, ProductPlan> | undefined) {
    this.kept = kept;
    this.list = list;
    this.attributesHash = kept ? hash(data.attributes) : '';
    this.byId = new Map(data.products.map((product) => [product.id, product]));
  }

  /** The product's record as text, once per plan: whether a kept product's work still holds. */
  textOf(product: SiteProduct): string {
    let text = this.texts.get(product.id);
    if (text === undefined) this.texts.set(product.id, (text = JSON.stringify(product)));
    return text;
  }

  /** The digests of its cards made in this plan, or kept. */
  cardsOf(id: number): CardDigests {
    return this.cards.get(id) ?? {};
  }

  /** Its search records made (or kept) in this plan, if any. */
  searchOf(id: number): KeptSources | undefined {
    return this.sources.get(id);
  }

  /**
   * The digest of one of its cards (CardDigests): a kept product's, while its record is what it
   * was; so a category's pages are keyed without writing out every card of it again.
   */
  cardDigest(product: SiteProduct, kind: keyof CardDigests, card: () => object): string {
    let known = this.cards.get(product.id);
    if (!known) {
      const before = this.kept?.get(product.id);
      known = before && before.text === this.textOf(product) ? before.cards : {};
      this.cards.set(product.id, known);
    }
    return (known[kind] ??= hash(card()));
  }

  /** What a product page in each language shows of its related products' cards. */
  relatedShown(related: RelatedSection[], lang: Language): unknown[] {
    return related.map(({ items, ...section }) => [
      section,
      items.map((card) => this.relatedDigest(card, lang)),
    ]);
  }

  /**
   * A related card as a product page in `lang` shows it (components/sections/RelatedProducts
   * .astro): its name and text there, its picture and its page.
   */
  private relatedDigest(card: RelatedCard, lang: Language): string {
    return this.cardDigest(this.byId.get(card.id)!, `related-${lang}`, () => ({
      id: card.id,
      category_id: card.category_id,
      image: card.image,
      name: pickLocalized(card, 'name', lang),
      description: pickLocalized(card, 'description', lang),
    }));
  }

  /**
   * A product's search record in a language (searchSources' `sourceOf`): the kept one while its
   * record, its category and the attributes are what they were, else made (productSource).
   */
  readonly source: ProductSourceOf = (product, category, views, lang) => {
    let entry = this.sources.get(product.id);
    if (!entry) {
      // besides its record (the kept plan's text)
      const context = `${this.list.digest(category)}\0${this.attributesHash}`;
      const before = this.kept?.get(product.id);
      entry =
        before?.search?.context === context && before.text === this.textOf(product)
          ? before.search
          : { context, sources: {} };
      this.sources.set(product.id, entry);
    }
    let made = entry.sources[lang];
    if (!made) {
      const source = productSource(product, category, views, lang);
      made = entry.sources[lang] = { source, digest: source ? this.list.digest(source) : '' };
    }
    // its digest known to this plan's keys (a record is not changed once made)
    if (made.source) this.list.know(made.source, made.digest);
    return made.source;
  };
}
