// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { showNotFound } from '../src/scripts/notFound.ts';

// The switcher and the texts as the 404 pages are built: three texts in the single 404.html
// (Russian shown), one in /uz/404 and /en/404.
const page = (langs: string[]) => `
  <ul>
    <li><a href="/404" data-lang="ru" aria-current="true">RU</a></li>
    <li><a href="/uz/404" data-lang="uz">UZ</a></li>
    <li><a href="/en/404" data-lang="en">EN</a></li>
  </ul>
  ${langs
    .map(
      (lang, index) => `
    <div data-not-found="${lang}" data-title="404 ${lang}" ${index ? 'hidden' : ''}>
      <a data-main-page href="${lang === 'ru' ? '/' : `/${lang}`}">main</a>
    </div>`,
    )
    .join('')}`;

const address = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });
const hrefs = () =>
  Object.fromEntries(
    [...document.querySelectorAll<HTMLAnchorElement>('a[data-lang]')].map((link) => [
      link.dataset.lang,
      link.getAttribute('href'),
    ]),
  );
const current = () => document.querySelector('a[data-lang][aria-current]')?.textContent;
const visible = () =>
  [...document.querySelectorAll<HTMLElement>('[data-not-found]')]
    .filter((text) => !text.hidden)
    .map((text) => text.dataset.notFound);
const mainLinks = () =>
  [...document.querySelectorAll('[data-main-page]')].map((link) => link.getAttribute('href'));

describe('the 404 page', () => {
  beforeEach(() => {
    document.documentElement.lang = 'ru';
    document.title = '404';
  });

  it('in its single-file form shows the text of the address language', () => {
    document.body.innerHTML = page(['ru', 'uz', 'en']);
    showNotFound(document, address('/en/no/such/page'));
    expect(visible()).toEqual(['en']);
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('404 en');
    expect(mainLinks()).toEqual(['/', '/uz', '/en']);
  });

  it('sends the language switcher to the same unknown address in each language', () => {
    document.body.innerHTML = page(['uz']);
    showNotFound(document, address('/uz/no/such', '?q=1', '#top'));
    expect(hrefs()).toEqual({
      ru: '/no/such?q=1#top',
      uz: '/uz/no/such?q=1#top',
      en: '/en/no/such?q=1#top',
    });
    expect(current()).toBe('UZ');
    // a page built in one language keeps its text
    expect(visible()).toEqual(['uz']);
    expect(document.title).toBe('404');
  });

  it('never puts a prefix in front of a prefixed address: /ru/… is the unprefixed page', () => {
    document.body.innerHTML = page(['ru', 'uz', 'en']);
    showNotFound(document, address('/ru/no/such', '?q=1'));
    expect(hrefs()).toEqual({ ru: '/no/such?q=1', uz: '/uz/no/such?q=1', en: '/en/no/such?q=1' });
    expect(visible()).toEqual(['ru']);
    expect(current()).toBe('RU');
    for (const [path, expected] of [
      ['/ru', { ru: '/', uz: '/uz', en: '/en' }],
      ['/uz/ru/x', { ru: '/x', uz: '/uz/x', en: '/en/x' }],
      ['/uz/en/uz/x', { ru: '/x', uz: '/uz/x', en: '/en/x' }],
    ] as const) {
      document.body.innerHTML = page(['uz']);
      showNotFound(document, address(path));
      expect(hrefs(), path).toEqual(expected);
    }
  });

  it('leads to the back office from /dashboard, with or without a language prefix', () => {
    for (const path of ['/dashboard', '/dashboard/users', '/uz/dashboard/x', '/en/dashboard']) {
      document.body.innerHTML = page(['ru', 'uz', 'en']);
      showNotFound(document, address(path));
      expect(mainLinks(), path).toEqual(['/admin', '/admin', '/admin']);
    }
    for (const path of ['/no/dashboard', '/uz/about/dashboard']) {
      document.body.innerHTML = page(['ru', 'uz', 'en']);
      showNotFound(document, address(path));
      expect(mainLinks(), path).toEqual(['/', '/uz', '/en']);
    }
  });
});
