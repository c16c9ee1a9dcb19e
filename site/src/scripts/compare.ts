import { MIN_COMPARE, readCollected, toggleCollected } from '../lib/compare.ts';

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/**
 * The Compare toggles of a page (product cards, a product page): each shows whether its product
 * is collected; the bar at the bottom links to the comparison once there are two. The texts
 * come from the toggles' data attributes, in the page's language.
 */
export function initCompare(): void {
  const toggles = [...document.querySelectorAll<HTMLButtonElement>('button[data-compare]')];
  if (!toggles.length || document.documentElement.dataset.compare) return;
  document.documentElement.dataset.compare = 'on';
  const first = toggles[0]!;
  const bar = document.createElement('a');
  bar.className = 'compare-bar button';
  bar.dataset.compareBar = '';
  document.body.append(bar);

  const show = (list: number[]) => {
    for (const toggle of toggles) {
      const on = list.includes(Number(toggle.dataset.compare));
      toggle.setAttribute('aria-pressed', String(on));
      const label = toggle.querySelector('[data-label]');
      if (label) label.textContent = (on ? toggle.dataset.labelOn : toggle.dataset.labelOff) ?? '';
    }
    bar.hidden = list.length < MIN_COMPARE;
    bar.href = `${first.dataset.href ?? '/compare'}?ids=${list.join(',')}`;
    bar.textContent = (first.dataset.labelGo ?? '{n}').replace('{n}', String(list.length));
  };
  for (const toggle of toggles) {
    toggle.addEventListener('click', () => {
      show(toggleCollected(storage(), Number(toggle.dataset.compare)));
    });
  }
  // another tab's change
  window.addEventListener('storage', () => show(readCollected(storage())));
  show(readCollected(storage()));
}
