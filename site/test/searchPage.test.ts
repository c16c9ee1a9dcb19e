// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initSearch, type Pagefind, type ResultData } from '../src/scripts/search.ts';

// The search page's script against a stand-in for the release's Pagefind index (the built
// index is the system edge here; the browser tests search the real one): its pages of results,
// a page that cannot be loaded, and a page that arrives after a newer search was asked.

const texts = {
  found: '{n} found',
  none: 'nothing found',
  failed: 'search failed',
  product: 'Product',
  category: 'Category',
  project: 'Project',
  document: 'Document',
};
const markup = `
  <div data-search data-lang="en" data-texts='${JSON.stringify(texts)}'>
    <form><input name="q"><button>Find</button></form>
    <p data-search-status></p>
    <ol data-search-results></ol>
    <button type="button" data-search-more hidden>Show more</button>
  </div>`;

/** A result whose data() a test can hold back or fail. */
function result(name: string) {
  let release: (() => void) | null = null;
  let failing = false;
  const entry = {
    id: `en_${name}`,
    held: false,
    fail: () => (failing = true),
    heal: () => (failing = false),
    release: () => release?.(),
    data: async (): Promise<ResultData> => {
      if (entry.held) await new Promise<void>((resolve) => (release = resolve));
      if (failing) throw new Error('fragment not loaded');
      return {
        url: `/catalog/1/products/${name}#kind=product`,
        excerpt: name,
        meta: { title: name },
      };
    },
  };
  return entry;
}

const index = new Map<string, ReturnType<typeof result>[]>();
const pagefind: Pagefind = {
  search: async (query) => ({ results: index.get(query) ?? [] }),
};
const many = (word: string, n: number) =>
  Array.from({ length: n }, (_, i) => result(`${word}-${i + 1}`));

const status = () => document.querySelector('[data-search-status]')!.textContent;
const titles = () =>
  [...document.querySelectorAll('[data-search-results] h2 a')].map((a) => a.textContent);
const more = () => document.querySelector<HTMLButtonElement>('[data-search-more]')!;
function search(typed: string) {
  document.querySelector<HTMLInputElement>('input[name=q]')!.value = typed;
  document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
}

describe('the search page', () => {
  beforeEach(() => {
    index.clear();
    document.body.innerHTML = markup;
    history.replaceState(null, '', '/en/search');
    initSearch(async () => pagefind);
  });

  it('shows twenty results, then the rest on "Show more"', async () => {
    index.set('belt', many('belt', 25));
    search('belt');
    await vi.waitFor(() => expect(status()).toBe('25 found'));
    expect(titles()).toHaveLength(20);
    expect(more().hidden).toBe(false);
    more().click();
    await vi.waitFor(() => expect(titles()).toHaveLength(25));
    expect(titles()[20]).toBe('belt-21');
    expect(more().hidden).toBe(true);
  });

  it('says so when a page cannot be loaded, and loads it on the next click', async () => {
    const results = many('belt', 25);
    index.set('belt', results);
    search('belt');
    await vi.waitFor(() => expect(status()).toBe('25 found'));
    results[22]!.fail();
    more().click();
    await vi.waitFor(() => expect(status()).toBe('search failed'));
    expect(titles()).toHaveLength(20);
    expect(more().hidden).toBe(false);
    expect(more().disabled).toBe(false);
    results[22]!.heal();
    more().click();
    await vi.waitFor(() => expect(titles()).toHaveLength(25));
    expect(titles().slice(20)).toEqual(['belt-21', 'belt-22', 'belt-23', 'belt-24', 'belt-25']);
    expect(status()).toBe('25 found');
  });

  it('adds one page per click while it loads, and none of an older search to a newer one', async () => {
    const belts = many('belt', 45);
    index.set('belt', belts);
    index.set('roller', many('roller', 3));
    search('belt');
    await vi.waitFor(() => expect(status()).toBe('45 found'));
    belts[20]!.held = true;
    more().click();
    // a second click while the page loads asks for nothing more
    expect(more().disabled).toBe(true);
    more().click();
    search('roller');
    await vi.waitFor(() => expect(status()).toBe('3 found'));
    belts[20]!.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(titles()).toEqual(['roller-1', 'roller-2', 'roller-3']);
    expect(more().hidden).toBe(true);
    expect(status()).toBe('3 found');
  });

  it("leads a document's result to its line on the page that lists it", async () => {
    const record = (name: string, fragment: string) => ({
      data: async (): Promise<ResultData> => ({
        url: `/catalog/1/products/10#${fragment}`,
        excerpt: name,
        meta: { title: name },
      }),
    });
    index.set('sheet', [
      record('datasheet', 'kind=document&at=document-7'),
      // only an id is taken from the fragment
      record('odd', `kind=document&at=${encodeURIComponent('x" onclick="y')}`),
    ] as unknown as ReturnType<typeof result>[]);
    search('sheet');
    await vi.waitFor(() => expect(titles()).toEqual(['datasheet', 'odd']));
    const links = [...document.querySelectorAll<HTMLAnchorElement>('[data-search-results] h2 a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/catalog/1/products/10#document-7',
      '/catalog/1/products/10',
    ]);
    expect(document.querySelector('[data-search-results] li')!.getAttribute('data-kind')).toBe(
      'document',
    );
  });
});
