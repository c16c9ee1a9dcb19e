// Side-by-side comparison: the products a visitor collects (2 to 4, kept in the browser's
// storage), and the comparison page's table, built in the browser from each product's data file
// (`/compare/{id}.json`: the values as the page's language writes them; src/lib/compareData.ts).
// Nothing is asked of the API: the site stays static.

/** At most this many products are compared at once. */
export const MAX_COMPARE = 4;
/** The comparison needs at least this many. */
export const MIN_COMPARE = 2;
const KEY = 'conveyor.compare';

/** What the comparison reads of a product: its data file (src/lib/compareData.ts). */
export interface CompareProduct {
  id: number;
  name: string;
  /** Its page, in the language of the page that embeds this. */
  url: string;
  rows: { code: string; name: string; group: string; text: string }[];
}

/** A line of the comparison: an attribute, each product's value ('' when it has none). */
export interface CompareRow {
  code: string;
  name: string;
  group: string;
  values: string[];
  /** Whether the products' values differ (the line is marked). */
  differs: boolean;
}

/** The ids of a comparison's address (`?ids=12,15,18`): distinct, at most MAX_COMPARE. */
export function idsOf(search: string): number[] {
  const raw = new URLSearchParams(search).get('ids') ?? '';
  const ids = raw
    .split(',')
    .map((part) => Number(part))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)].slice(0, MAX_COMPARE);
}

/** The comparison's lines: every attribute any product has, in the order they first appear. */
export function compareRows(products: readonly CompareProduct[]): CompareRow[] {
  const rows = new Map<string, CompareRow>();
  products.forEach((product, index) => {
    for (const row of product.rows) {
      const line = rows.get(row.code) ?? {
        code: row.code,
        name: row.name,
        group: row.group,
        values: products.map(() => ''),
        differs: false,
      };
      line.values[index] = row.text;
      rows.set(row.code, line);
    }
  });
  return [...rows.values()].map((row) => ({
    ...row,
    differs: new Set(row.values).size > 1,
  }));
}

/** The browser's storage, or nothing where it is refused (some private windows). */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The products the visitor collected, oldest first. */
export function readCollected(storage: Pick<Storage, 'getItem'> | undefined): number[] {
  try {
    const list = JSON.parse(storage?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list)
      ? list.filter((id): id is number => Number.isInteger(id)).slice(-MAX_COMPARE)
      : [];
  } catch {
    return [];
  }
}

/**
 * Adds a product to the collection or takes it out; a fifth one pushes out the oldest. Answers
 * the new collection.
 */
export function toggleCollected(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  id: number,
): number[] {
  const list = readCollected(storage);
  const next = list.includes(id)
    ? list.filter((other) => other !== id)
    : [...list, id].slice(-MAX_COMPARE);
  try {
    storage?.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage full or refused (a private window): the collection lasts for this page only
  }
  return next;
}
