import type { Language } from '@conveyor/shared';
import { localePath, splitPath } from '../i18n/index.ts';

type Address = Pick<Location, 'pathname' | 'search' | 'hash'>;

/**
 * What a 404 page does with the address it answers, whichever language it was built in:
 * - the single 404.html (three texts) shows the text of the address's language;
 * - the language switcher leads to the same, unknown, address in each language;
 * - the spec's rule (section 2.2): from a /dashboard address the link leads to the back office.
 *   The address is read without its language prefix, since a visitor who chose uz or en is sent
 *   from /dashboard/x to /uz/dashboard/x before the page paints.
 */
export function showNotFound(doc: Document = document, address: Address = location): void {
  const { lang, path } = splitPath(address.pathname);
  const texts = [...doc.querySelectorAll<HTMLElement>('[data-not-found]')];
  if (texts.length > 1) {
    for (const text of texts) {
      text.hidden = text.dataset.notFound !== lang;
      if (!text.hidden && text.dataset.title) doc.title = text.dataset.title;
    }
    doc.documentElement.lang = lang;
  }
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-lang]')) {
    const other = link.dataset.lang as Language;
    link.setAttribute('href', `${localePath(other, path)}${address.search}${address.hash}`);
    if (other === lang) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
  }
  if (path.startsWith('/dashboard')) {
    for (const link of doc.querySelectorAll('[data-main-page]'))
      link.setAttribute('href', '/admin');
  }
}
