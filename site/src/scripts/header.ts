import { NAVBAR_SHRINK_PX, STORAGE_KEYS } from '@conveyor/shared';

/**
 * The navigation bar's behaviour (spec 2.1): it shrinks past 70 px of scroll while the menu is
 * closed; the mobile menu toggles and closes on navigation or Escape; the theme toggle and the
 * language switcher remember the visitor's choice. Plain DOM code: a framework island here would
 * cost every page tens of kilobytes for a few listeners.
 */
export function initHeader(root: Document = document): void {
  const navbar = root.querySelector<HTMLElement>('[data-navbar]');
  const toggle = root.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = root.getElementById('main-menu');
  if (!navbar || !toggle || !menu) return;
  const view = root.defaultView ?? window;

  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('open', open);
    shrink();
  };
  // The bar is sticky: shrinking it would pull the page up by the height it loses, the
  // browser's scroll anchoring would take that much off scrollY, and a page scrolled just past
  // the threshold would fall back under it, grow, and flicker for ever. So the shrunk bar keeps
  // the lost height as a margin below it: the page does not move and scrollY stays put.
  const shrink = () => {
    const next = view.scrollY > NAVBAR_SHRINK_PX && !isOpen();
    if (next === navbar.classList.contains('shrunk')) return;
    // fractional heights: a margin rounded to whole pixels would still move the page a little
    const height = () => navbar.getBoundingClientRect().height;
    const before = height();
    navbar.classList.toggle('shrunk', next);
    navbar.style.marginBottom = next ? `${Math.max(0, before - height())}px` : '';
  };
  // the bar's full height changes with the width (its top line wraps on a phone)
  view.addEventListener('resize', () => {
    navbar.classList.remove('shrunk');
    navbar.style.marginBottom = '';
    shrink();
  });

  toggle.addEventListener('click', () => setOpen(!isOpen()));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) {
      setOpen(false);
      toggle.focus();
    }
  });
  view.addEventListener('scroll', shrink, { passive: true });
  // a page restored from the back/forward cache is a new visit to it: menu closed
  view.addEventListener('pageshow', () => setOpen(false));
  shrink();

  // storage may be turned off (or full): the choice then lasts for the page only
  const remember = (key: string, value: string) => {
    try {
      view.localStorage.setItem(key, value);
    } catch {
      // nothing to keep it in
    }
  };

  const themeButton = root.querySelector<HTMLButtonElement>('[data-theme-toggle]');
  const html = root.documentElement;
  const labelTheme = () => {
    if (!themeButton) return;
    const dark = html.dataset.theme === 'dark';
    themeButton.setAttribute(
      'aria-label',
      (dark ? themeButton.dataset.labelLight : themeButton.dataset.labelDark) ?? '',
    );
  };
  themeButton?.addEventListener('click', () => {
    const next = html.dataset.theme === 'dark' ? 'light' : 'dark';
    html.dataset.theme = next;
    remember(STORAGE_KEYS.theme, next);
    labelTheme();
  });
  labelTheme();

  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-lang]')) {
    link.addEventListener('click', () => remember(STORAGE_KEYS.language, link.dataset.lang ?? ''));
  }
}
