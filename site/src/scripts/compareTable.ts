import {
  browserStorage,
  type CompareProduct,
  compareRows,
  idsOf,
  MIN_COMPARE,
  readCollected,
  toggleCollected,
} from '../lib/compare.ts';

interface Texts {
  empty: string;
  remove: string;
  differs: string;
  product: string;
  add: string;
  added: string;
}

type Loaded = CompareProduct | { id: number; failed: true };

/** An element with its text (never markup: names and values are the editors' words). */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** Whether a data file holds what the comparison reads of a product (src/lib/compareData.ts). */
function isCompareProduct(data: unknown, id: number): data is CompareProduct {
  const product = data as Partial<CompareProduct> | null;
  return (
    typeof product === 'object' &&
    product !== null &&
    product.id === id &&
    typeof product.name === 'string' &&
    typeof product.url === 'string' &&
    Array.isArray(product.rows)
  );
}

/** Reads a product's data file (`/compare/{id}.json` in the page's language). */
async function load(id: number, address: string): Promise<Loaded> {
  try {
    const reply = await fetch(address);
    if (!reply.ok) return { id, failed: true };
    const data: unknown = await reply.json();
    return isCompareProduct(data, id) ? data : { id, failed: true };
  } catch {
    return { id, failed: true };
  }
}

/**
 * The comparison: the products of the address (`?ids=12,15,18`, or else the ones the visitor
 * collected) side by side on their comparable attributes, lines that differ marked, the first
 * column kept in view on a phone; printable as one clean page. Removing a product takes it out
 * of the collection too, and the address follows.
 */
export function initCompareTable(): void {
  const box = document.querySelector<HTMLElement>('[data-compare-table]');
  if (!box) return;
  const texts = JSON.parse(box.dataset.texts ?? '{}') as Texts;
  const dataPath = box.dataset.productData ?? '';
  const controls = box.querySelector<HTMLElement>('.compare-controls')!;
  const onlyDiff = box.querySelector<HTMLInputElement>('[data-compare-diff]')!;
  const failed = box.querySelector<HTMLElement>('[data-compare-failed]')!;
  const empty = box.querySelector<HTMLElement>('[data-compare-empty]')!;
  const scroll = box.querySelector<HTMLElement>('.compare-scroll')!;

  const fromAddress = idsOf(window.location.search);
  let ids = fromAddress.length ? fromAddress : readCollected(browserStorage());
  let products: Loaded[] = [];

  const render = () => {
    const query = ids.length ? `?ids=${ids.join(',')}` : '';
    if (query !== window.location.search) {
      window.history.replaceState(null, '', `${window.location.pathname}${query}`);
    }
    scroll.replaceChildren();
    const enough = ids.length >= MIN_COMPARE;
    empty.hidden = enough;
    controls.hidden = !enough;
    box.dataset.state = enough ? 'ready' : 'empty';
    if (!enough) {
      failed.hidden = true;
      return;
    }
    const shown = products.filter(
      (product): product is CompareProduct => ids.includes(product.id) && !('failed' in product),
    );
    failed.hidden = !products.some((product) => ids.includes(product.id) && 'failed' in product);
    const rows = compareRows(shown).filter((row) => !onlyDiff.checked || row.differs);

    const table = element('table');
    const head = element('tr');
    head.append(element('th', texts.product, { scope: 'col' }));
    for (const product of shown) {
      const cell = element('th', undefined, { scope: 'col', 'data-product': String(product.id) });
      const remove = element('button', '×', {
        type: 'button',
        class: 'compare-remove',
        'aria-label': `${texts.remove}: ${product.name}`,
      });
      remove.addEventListener('click', () => {
        if (readCollected(browserStorage()).includes(product.id))
          toggleCollected(browserStorage(), product.id);
        ids = ids.filter((id) => id !== product.id);
        render();
      });
      // into the quote basket (src/scripts/basket.ts, which every page's header loads)
      const add = element('button', undefined, {
        type: 'button',
        class: 'button button-ghost quote-toggle',
        'data-quote-add': String(product.id),
        'data-name': product.name,
        'data-path': product.url,
        'data-label-off': texts.add,
        'data-label-on': texts.added,
        'aria-pressed': 'false',
      });
      add.append(
        element('span', texts.add, { 'data-label': '' }),
        element('span', `: ${product.name}`, { class: 'sr-only' }),
      );
      cell.append(element('a', product.name, { href: product.url }), remove, add);
      head.append(cell);
    }
    const body = element('tbody');
    for (const row of rows) {
      const line = element('tr', undefined, { 'data-attribute': row.code });
      const name = element('th', row.name, { scope: 'row' });
      if (row.differs) {
        line.className = 'differs';
        line.dataset.differs = 'true';
        name.append(element('span', ` (${texts.differs})`, { class: 'sr-only' }));
      }
      line.append(name, ...row.values.map((value) => element('td', value || '—')));
      body.append(line);
    }
    table.append(element('thead'), body);
    table.tHead!.append(head);
    scroll.append(table);
    // the Add to quote toggles say whether their product is in the basket
    document.dispatchEvent(new Event('quote:sync'));
  };

  onlyDiff.addEventListener('change', render);
  box.querySelector('[data-compare-print]')?.addEventListener('click', () => window.print());

  if (ids.length < MIN_COMPARE) {
    render();
    return;
  }
  box.setAttribute('aria-busy', 'true');
  void Promise.all(ids.map((id) => load(id, dataPath.replace('{p}', String(id))))).then((list) => {
    products = list;
    box.removeAttribute('aria-busy');
    render();
  });
}
