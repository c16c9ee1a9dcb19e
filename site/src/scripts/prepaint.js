/* global document, location, matchMedia */
// Before paint: the stored theme (or the system's); the language of a /uz or /en address is
// stored, and a visitor whose stored language is not this page's default is sent to their
// language (DESIGN section 5). On the comparison page, whether there is something to compare:
// its box then holds a screen's height from the first paint, so the footer does not move when the
// table arrives (src/components/sections/CompareTable.css); so on the search page with a query.
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
  if (/\/compare\/?$/.test(location.pathname)) {
    let count = (new URLSearchParams(location.search).get('ids') ?? '')
      .split(',')
      .filter(Boolean).length;
    try {
      if (!count) count = JSON.parse(localStorage.getItem('conveyor.compare') ?? '[]').length;
    } catch {
      // storage blocked or not a list: nothing collected
    }
    if (count >= 2) document.documentElement.dataset.comparing = '';
  }
  // the search page with a query: its results' box is held the same way (src/pages/[...lang]/search.css)
  if (/\/search\/?$/.test(location.pathname) && new URLSearchParams(location.search).get('q')) {
    document.documentElement.dataset.searching = '';
  }
  // A /uz/… or /en/… (or /ru/…) address opened directly (a shared link, a search result) is a choice of
  // language too: remembered, so the next unprefixed address does not send the visitor back to
  // an older choice. An unprefixed address says nothing (it is also where a choice redirects).
  const prefix = /^\/(ru|uz|en)(\/|$)/.exec(location.pathname);
  if (location.pathname.startsWith('/preview/')) {
    // a draft's preview (served under its link) shows the language it was opened in
  } else if (prefix) {
    if (stored !== prefix[1]) {
      try {
        localStorage.setItem('lang', prefix[1]);
      } catch {
        // storage blocked or full: the choice lasts for this page only
      }
    }
    // /ru/…: Russian has no prefix, the server redirects it; a static host answers it with the
    // 404 page, which sends it to the unprefixed page here (never to /uz/ru/…)
    if (prefix[1] === 'ru') {
      const path = location.pathname.slice(3).replace(/^[/\\]+/, '');
      location.replace(`/${path}${location.search}${location.hash}`);
    }
  } else if (document.documentElement.lang === 'ru' && (stored === 'uz' || stored === 'en')) {
    // only from an unprefixed address: the 404 page (lang ru) also answers /uz/… and /en/…
    const path = location.pathname === '/' ? '' : location.pathname;
    location.replace(`/${stored}${path}${location.search}${location.hash}`);
  }
})();
