// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { initHeader } from '../src/scripts/header.ts';
import { isCurrent } from '../src/lib/navigation.ts';

const markup = `
  <header data-navbar>
    <nav id="main-menu" class="menu"><a href="/about">About</a></nav>
    <a href="/en" data-lang="en">EN</a>
    <button data-theme-toggle data-label-dark="to dark" data-label-light="to light"></button>
    <button data-menu-toggle aria-expanded="false" aria-controls="main-menu"></button>
  </header>`;

const scrollTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
};

describe('the navigation bar', () => {
  beforeEach(() => {
    document.body.innerHTML = markup;
    document.documentElement.dataset.theme = 'light';
    localStorage.clear();
    scrollTo(0);
    initHeader(document);
  });
  const navbar = () => document.querySelector<HTMLElement>('[data-navbar]')!;
  const toggle = () => document.querySelector<HTMLButtonElement>('[data-menu-toggle]')!;
  const menu = () => document.getElementById('main-menu')!;

  it('shrinks past 70 px of scroll while the menu is closed', () => {
    scrollTo(70);
    expect(navbar().classList.contains('shrunk')).toBe(false);
    scrollTo(71);
    expect(navbar().classList.contains('shrunk')).toBe(true);
    toggle().click();
    expect(navbar().classList.contains('shrunk')).toBe(false);
  });

  it('keeps the page where it is when the bar shrinks, so it cannot flicker', () => {
    // the bar is 120.5 px tall, 60.25 px shrunk: the difference stays below it as a margin
    const height = () => (navbar().classList.contains('shrunk') ? 60.25 : 120.5);
    navbar().getBoundingClientRect = () => ({ height: height() }) as DOMRect;
    const flow = () => height() + (parseFloat(navbar().style.marginBottom) || 0);
    scrollTo(100);
    expect(navbar().classList.contains('shrunk')).toBe(true);
    expect(flow()).toBe(120.5);
    scrollTo(0);
    expect(navbar().classList.contains('shrunk')).toBe(false);
    expect(flow()).toBe(120.5);
  });

  it('opens the mobile menu and closes it on navigation or Escape', () => {
    toggle().click();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(menu().classList.contains('open')).toBe(true);
    menu()
      .querySelector('a')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(menu().classList.contains('open')).toBe(false);
    toggle().click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('switches the theme, stores it under "theme" and names the next action', () => {
    const button = document.querySelector<HTMLButtonElement>('[data-theme-toggle]')!;
    expect(button.getAttribute('aria-label')).toBe('to dark');
    button.click();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(button.getAttribute('aria-label')).toBe('to light');
  });

  it('remembers the language chosen under "lang"', () => {
    const link = document.querySelector<HTMLAnchorElement>('[data-lang]')!;
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(localStorage.getItem('lang')).toBe('en');
  });
});

describe('the current menu item', () => {
  it('covers the pages below it', () => {
    expect(isCurrent('/', '/catalog/3/products/9')).toBe(true);
    expect(isCurrent('/', '/catalog')).toBe(true);
    expect(isCurrent('/projects', '/projects/2')).toBe(true);
    expect(isCurrent('/suppliers', '/suppliers-inner')).toBe(true);
    expect(isCurrent('/about', '/')).toBe(false);
    expect(isCurrent('/', '/about')).toBe(false);
  });
});
