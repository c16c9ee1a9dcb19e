import { browserStorage, MIN_COMPARE, readCollected, toggleCollected } from '../lib/compare.ts';

/**
 * The Compare toggles of a page (product cards, a product page): each shows whether its product
 * is collected; a strip along the bottom links to the comparison once there are two. While it
 * shows, the page keeps room for it below its end and scrolls what it brings into view clear of
 * it (`html[data-compare-bar]` in global.css): it never stays over the page's text. The texts
 * come from the toggles' data attributes, in the page's language. Clicks are taken at the
 * document, and a `compare:sync` event shows the collection again: the filters' results of a
 * category of several pages add toggles of their own after the page has loaded.
 */
export function initCompare(): void {
  const first = document.querySelector<HTMLButtonElement>('button[data-compare]');
  if (!first || document.documentElement.dataset.compare) return;
  document.documentElement.dataset.compare = 'on';
  const strip = document.createElement('div');
  strip.className = 'compare-bar';
  const inner = document.createElement('div');
  inner.className = 'container';
  const bar = document.createElement('a');
  bar.className = 'button';
  bar.dataset.compareBar = '';
  inner.append(bar);
  strip.append(inner);
  document.body.append(strip);

  const show = (list: number[]) => {
    for (const toggle of document.querySelectorAll<HTMLButtonElement>('button[data-compare]')) {
      const on = list.includes(Number(toggle.dataset.compare));
      toggle.setAttribute('aria-pressed', String(on));
      const label = toggle.querySelector('[data-label]');
      if (label) label.textContent = (on ? toggle.dataset.labelOn : toggle.dataset.labelOff) ?? '';
    }
    strip.hidden = list.length < MIN_COMPARE;
    document.documentElement.toggleAttribute('data-compare-bar', !strip.hidden);
    bar.href = `${first.dataset.href ?? '/compare'}?ids=${list.join(',')}`;
    bar.textContent = (first.dataset.labelGo ?? '{n}').replace('{n}', String(list.length));
  };
  document.addEventListener('click', (event) => {
    const toggle = (event.target as Element | null)?.closest?.('button[data-compare]');
    if (toggle instanceof HTMLButtonElement) {
      show(toggleCollected(browserStorage(), Number(toggle.dataset.compare)));
    }
  });
  document.addEventListener('compare:sync', () => show(readCollected(browserStorage())));
  // another tab's change
  window.addEventListener('storage', () => show(readCollected(browserStorage())));
  show(readCollected(browserStorage()));
}
