import { type Language, LEAD_ITEMS_MAX } from '@conveyor/shared';
import type { DutyInput } from '@conveyor/shared/conveyor';
import { formParameters, parameterField, type QuoteParameter } from './quote.ts';

// The quote basket: the products a visitor collects for one quote request, kept in the
// browser's storage (across pages, visits and tabs; the site stays static: nothing reaches the
// API until the request is sent, as one lead with `items`).

const KEY = 'conveyor.quote';

/** A product in the basket: what the /quote page lists and the request sends. */
export interface BasketItem {
  id: number;
  /** Its name and page where it was added (the basket is the same in every language). */
  name: string;
  path: string;
  quantity: number;
  note: string;
  /** The calculator's duty it was chosen for (src/scripts/calculator.ts). */
  duty?: DutyInput;
  /**
   * What a quote of it asks (its attributes marked `quote`), prefilled with the product's
   * values where it was added, as the visitor edits them on /quote (in that page's language).
   */
  parameters?: QuoteParameter[];
}

/** Where the basket is kept: the browser's localStorage, or a stand-in in tests. */
export type BasketStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The browser's storage, or none (a private window that refuses it: the basket is empty). */
export function basketStorage(): BasketStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isItem = (value: unknown): value is BasketItem => {
  const item = value as BasketItem;
  return (
    typeof item === 'object' &&
    item !== null &&
    Number.isInteger(item.id) &&
    item.id > 0 &&
    typeof item.name === 'string' &&
    typeof item.path === 'string' &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0 &&
    typeof item.note === 'string' &&
    (item.duty === undefined || (typeof item.duty === 'object' && item.duty !== null)) &&
    (item.parameters === undefined || Array.isArray(item.parameters))
  );
};

/** The basket's items; what is not an item (an older format, a hand edit) is left out. */
export function readBasket(storage: BasketStorage | null): BasketItem[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem).slice(0, LEAD_ITEMS_MAX) : [];
  } catch {
    return [];
  }
}

function write(storage: BasketStorage | null, items: BasketItem[]): BasketItem[] {
  try {
    storage?.setItem(KEY, JSON.stringify(items));
  } catch {
    // full or refused: the page still shows the change
  }
  return items;
}

/**
 * Puts a product in the basket (one of it), or takes it out when it is there: the Add to quote
 * toggle. A full basket (LEAD_ITEMS_MAX) takes no more.
 */
export function toggleItem(
  storage: BasketStorage | null,
  product: Pick<BasketItem, 'id' | 'name' | 'path' | 'duty' | 'parameters'>,
): BasketItem[] {
  const items = readBasket(storage);
  if (items.some((item) => item.id === product.id)) {
    return write(
      storage,
      items.filter((item) => item.id !== product.id),
    );
  }
  if (items.length >= LEAD_ITEMS_MAX) return items;
  const { duty, parameters, ...named } = product;
  return write(storage, [
    ...items,
    {
      ...named,
      quantity: 1,
      note: '',
      ...(duty && { duty }),
      ...(parameters?.length && { parameters }),
    },
  ]);
}

/** Changes an item's quantity or note. */
export function updateItem(
  storage: BasketStorage | null,
  id: number,
  change: Partial<Pick<BasketItem, 'quantity' | 'note' | 'parameters'>>,
): BasketItem[] {
  return write(
    storage,
    readBasket(storage).map((item) => (item.id === id ? { ...item, ...change } : item)),
  );
}

/** Takes an item out. */
export const removeItem = (storage: BasketStorage | null, id: number): BasketItem[] =>
  write(
    storage,
    readBasket(storage).filter((item) => item.id !== id),
  );

/** Empties the basket (a request sent). */
export const clearBasket = (storage: BasketStorage | null): BasketItem[] => write(storage, []);

/**
 * The items as POST /api/leads takes them, their parameters read as the page's language writes
 * figures, and the parameters' fields (`items[0]` → `param-12`) holding a figure that is not one.
 */
export function basketLeadItems(
  items: readonly BasketItem[],
  lang: Language,
): { items: Record<string, unknown>[]; invalid: { item: number; field: string }[] } {
  const invalid: { item: number; field: string }[] = [];
  const sent = items.map((item) => {
    const asked = item.parameters ?? [];
    const values: Record<string, string> = {};
    for (const parameter of asked) {
      const id = parameter.attribute_id;
      values[parameterField(id)] = parameter.value;
      values[parameterField(id, 'min')] = parameter.min;
      values[parameterField(id, 'max')] = parameter.max;
    }
    const { parameters, invalid: wrong } = formParameters(asked, values, lang);
    for (const field of wrong) invalid.push({ item: item.id, field });
    return {
      product_id: item.id,
      quantity: item.quantity,
      ...(parameters.length ? { parameters } : {}),
      ...(item.note.trim() ? { note: item.note.trim() } : {}),
      ...(item.duty ? { duty: item.duty } : {}),
    };
  });
  return { items: sent, invalid };
}
