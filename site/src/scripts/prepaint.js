/* global document, location, matchMedia */
// Before paint: the stored theme (or the system's), and a visitor whose stored language is not
// this page's default is sent to their language (DESIGN section 5).
//
// Plain JavaScript, not bundled: astro.config.mjs inlines this file (without its comment lines)
// at the top of every page's <head> with Astro's injectScript('head-inline'), and Astro lists
// its hash in the page's Content Security Policy, which allows no other inline script.
(() => {
  let theme = null;
  let stored = null;
  try {
    theme = localStorage.getItem('theme');
    stored = localStorage.getItem('lang');
  } catch {
    // storage blocked: the system's theme, no redirect
  }
  const dark = theme ? theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  // only from an unprefixed address: the 404 page (lang ru) also answers /uz/… and /en/…
  const prefixed = /^\/(uz|en)(\/|$)/.test(location.pathname);
  if (document.documentElement.lang === 'ru' && !prefixed && (stored === 'uz' || stored === 'en')) {
    const path = location.pathname === '/' ? '' : location.pathname;
    location.replace(`/${stored}${path}${location.search}${location.hash}`);
  }
})();
