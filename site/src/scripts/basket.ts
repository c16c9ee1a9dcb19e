import { basketStorage, readBasket, toggleItem } from '../lib/basket.ts';

/**
 * The quote basket on every page: the header's badge counts its products (hidden while it is
 * empty), and each "Add to quote" toggle (src/components/ui/QuoteToggle.astro) puts its product
 * in or takes it out. Clicks are taken at the document (the filters' results add cards after
 * the page has loaded, and send `compare:sync`, as they do for the Compare toggles); another
 * tab's change arrives as a `storage` event, the /quote page's own as `quote:sync`.
 */
export function initBasket(root: Document = document): void {
  if (root.documentElement.dataset.basket) return;
  root.documentElement.dataset.basket = 'on';
  const show = () => {
    const items = readBasket(basketStorage());
    const ids = new Set(items.map((item) => item.id));
    for (const badge of root.querySelectorAll<HTMLElement>('[data-quote-badge]')) {
      badge.hidden = items.length === 0;
      const count = badge.querySelector('[data-count]');
      if (count) count.textContent = String(items.length);
    }
    for (const toggle of root.querySelectorAll<HTMLButtonElement>('button[data-quote-add]')) {
      const on = ids.has(Number(toggle.dataset.quoteAdd));
      toggle.setAttribute('aria-pressed', String(on));
      const label = toggle.querySelector('[data-label]');
      if (label) label.textContent = (on ? toggle.dataset.labelOn : toggle.dataset.labelOff) ?? '';
    }
  };
  root.addEventListener('click', (event) => {
    const toggle = (event.target as Element | null)?.closest?.('button[data-quote-add]');
    if (!(toggle instanceof HTMLButtonElement)) return;
    toggleItem(basketStorage(), {
      id: Number(toggle.dataset.quoteAdd),
      name: toggle.dataset.name ?? '',
      path: toggle.dataset.path ?? '',
      // a calculator's model carries the duty it was chosen for; a product page, what its
      // quote asks, prefilled with the product's values
      ...(toggle.dataset.duty && { duty: JSON.parse(toggle.dataset.duty) }),
      ...(toggle.dataset.parameters && { parameters: JSON.parse(toggle.dataset.parameters) }),
    });
    show();
  });
  for (const name of ['compare:sync', 'quote:sync']) root.addEventListener(name, show);
  (root.defaultView ?? window).addEventListener('storage', show);
  show();
}
