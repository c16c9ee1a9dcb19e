import {
  type Language,
  LANGUAGES,
  type LocalizedKeys,
  pickLocalized,
  type RelationKind,
  type SiteData,
} from '@conveyor/shared';

// What a page shows of the products it does not belong to: a category page's cards, a filter's
// results, a product page's related products. Each carries only the fields it shows, so that a
// page's key (src/lib/plan/) changes only when what it shows of another product does.

/** A product as the site has it (its detail, without the gallery's arrangement). */
export type SiteProduct = SiteData['products'][number];

/** A product as its category page's card shows it: without its gallery and videos. */
export type ProductCard = Omit<SiteProduct, 'images' | 'media' | 'related'>;

/**
 * A product as a filter's result shows it in a language: its name there (as a page picks it,
 * another language's when it has none), picture and page.
 */
export type FilterCard = Pick<SiteProduct, 'id' | 'category_id' | 'image'> & { name: string };

/** A product as a related product's card shows it: its name, text, picture and page. */
export type RelatedCard = Pick<
  SiteProduct,
  'id' | 'category_id' | 'image' | LocalizedKeys<'name'> | LocalizedKeys<'description'>
>;

/**
 * The related products a product page shows, a section each: those staff picked, by kind; the
 * products that picked it both ways as an accessory or spare part ("used with"); or, with none
 * of these, others of its category.
 */
export interface RelatedSection {
  kind: RelationKind | 'used_with' | 'category';
  items: RelatedCard[];
}

/** A product as its category page's card shows it. */
export function cardOf(product: SiteProduct): ProductCard {
  const { images: _images, media: _media, related: _related, ...card } = product;
  return card;
}

/**
 * A product as a filter's result shows it in `lang`: a language's filters' file holds only what
 * it shows, so that a rename in one language changes that language's file alone.
 */
export function filterCard(product: SiteProduct, lang: Language): FilterCard {
  return {
    id: product.id,
    category_id: product.category_id,
    image: product.image,
    name: pickLocalized(product, 'name', lang),
  };
}

/** How many products of its category a product page offers when none are related to it. */
const CATEGORY_NEIGHBOURS = 4;

function relatedCard(product: SiteProduct): RelatedCard {
  const card: Record<string, unknown> = {
    id: product.id,
    category_id: product.category_id,
    image: product.image,
  };
  for (const lang of LANGUAGES) {
    card[`name_${lang}`] = product[`name_${lang}`];
    card[`description_${lang}`] = product[`description_${lang}`];
  }
  return card as RelatedCard;
}

/**
 * Each shown product's related sections (RelatedSection): its own picks by kind, then the
 * products that picked it both ways, or its category's next products when it has none. The
 * neighbours are the ones after it in its category (round), so that a renamed product changes
 * the pages of the few before it, not of its whole category.
 */
export function relatedSections(products: readonly SiteProduct[]) {
  const byId = new Map(products.map((product) => [product.id, product]));
  const back = new Map<number, { from: number; kind: RelationKind }[]>();
  for (const product of products) {
    for (const item of product.related) {
      if (!item.two_way) continue;
      const list = back.get(item.product_id) ?? [];
      list.push({ from: product.id, kind: item.kind });
      back.set(item.product_id, list);
    }
  }
  const byCategory = new Map<number, SiteProduct[]>();
  // each product's place among its category's: looked up, not searched for (a category of
  // thousands would be searched thousands of times)
  const place = new Map<number, number>();
  for (const product of products) {
    const siblings = byCategory.get(product.category_id);
    place.set(product.id, siblings?.length ?? 0);
    if (siblings) siblings.push(product);
    else byCategory.set(product.category_id, [product]);
  }
  // each product's card made once, shared by the pages that show it
  const cardsById = new Map<number, RelatedCard>();
  const cardOfId = (other: SiteProduct) => {
    let card = cardsById.get(other.id);
    if (!card) cardsById.set(other.id, (card = relatedCard(other)));
    return card;
  };
  return (product: SiteProduct): RelatedSection[] => {
    const cards = (ids: number[]) =>
      [...new Set(ids)].flatMap((id) => {
        const other = byId.get(id);
        return other && id !== product.id ? [cardOfId(other)] : [];
      });
    const own = (kind: RelationKind) =>
      product.related.filter((item) => item.kind === kind).map((item) => item.product_id);
    const pickedBack = back.get(product.id) ?? [];
    const sections: RelatedSection[] = [
      { kind: 'accessory', items: cards(own('accessory')) },
      { kind: 'spare_part', items: cards(own('spare_part')) },
      {
        kind: 'similar',
        items: cards([
          ...own('similar'),
          ...pickedBack.filter((item) => item.kind === 'similar').map((item) => item.from),
        ]),
      },
      {
        kind: 'used_with',
        items: cards(pickedBack.filter((item) => item.kind !== 'similar').map((item) => item.from)),
      },
    ].filter((section) => section.items.length > 0) as RelatedSection[];
    if (sections.length) return sections;
    const siblings = byCategory.get(product.category_id) ?? [];
    const at = place.get(product.id) ?? -1;
    const next = Array.from(
      { length: Math.min(CATEGORY_NEIGHBOURS, siblings.length - 1) },
      (_, step) => siblings[(at + 1 + step) % siblings.length]!.id,
    );
    return next.length ? [{ kind: 'category', items: cards(next) }] : [];
  };
}
