import { searchQuery } from '@conveyor/shared';

interface Texts {
  found: string;
  none: string;
  failed: string;
  product: string;
  category: string;
  project: string;
  document: string;
}

/** What Pagefind answers for a result (pagefind.js, its `data()`). */
interface ResultData {
  url: string;
  excerpt: string;
  meta: { title?: string; category?: string };
}
interface Pagefind {
  search: (query: string) => Promise<{ results: { data: () => Promise<ResultData> }[] }>;
}

/** Results shown at once, and added by "Show more". */
const PAGE = 20;
/** Where the release's index is (src/integrations/search.ts). */
const PAGEFIND = '/pagefind/pagefind.js';

let loading: Promise<Pagefind> | undefined;
/** Pagefind's search, loaded once, when the first query is asked (nothing before). */
const pagefind = () =>
  (loading ??= import(/* @vite-ignore */ PAGEFIND).then((module: Pagefind) => module));

/**
 * An excerpt as Pagefind writes it: the record's text, escaped, with <mark> around the words
 * found. Rebuilt as text and <mark> elements only, never parsed into the page as markup.
 */
function excerptNodes(excerpt: string): Node[] {
  const decode = (text: string) =>
    new DOMParser().parseFromString(`<p>${text}</p>`, 'text/html').body.textContent ?? '';
  return excerpt.split(/(<mark>.*?<\/mark>)/).flatMap((part): Node[] => {
    if (!part) return [];
    const marked = /^<mark>(.*)<\/mark>$/.exec(part);
    if (!marked) return [document.createTextNode(decode(part))];
    const mark = document.createElement('mark');
    mark.textContent = decode(marked[1]!);
    return [mark];
  });
}

function resultItem(data: ResultData, texts: Texts): HTMLLIElement {
  // the record's kind and thumbnail, in its address's fragment (src/integrations/search.ts)
  const [url, fragment = ''] = data.url.split('#');
  const extra = new URLSearchParams(fragment);
  const kindCode = extra.get('kind') ?? 'product';
  const image = extra.get('image');
  const item = document.createElement('li');
  item.dataset.kind = kindCode;
  const picture = document.createElement(image ? 'img' : 'span');
  picture.className = 'thumb';
  if (picture instanceof HTMLImageElement) {
    picture.src = image!;
    picture.alt = '';
    picture.width = 96;
    picture.height = 72;
    picture.loading = 'lazy';
  }
  const body = document.createElement('div');
  const kind = document.createElement('span');
  kind.className = 'kind';
  const kindName = texts[kindCode as keyof Texts] ?? '';
  kind.textContent = data.meta.category ? `${kindName} · ${data.meta.category}` : kindName;
  const heading = document.createElement('h2');
  const link = document.createElement('a');
  link.href = url!;
  link.textContent = data.meta.title ?? url!;
  heading.append(link);
  const excerpt = document.createElement('p');
  excerpt.append(...excerptNodes(data.excerpt));
  body.append(kind, heading, excerpt);
  item.append(picture, body);
  return item;
}

/**
 * The search page: the query of the address (`?q=`) or of the box, looked up in the release's
 * index of the page's language (Pagefind picks it by the page's lang). What is typed is folded
 * as the index was (shared/src/search.ts: the apostrophes, and Uzbek typed in Cyrillic letters).
 * The address follows the query, so a search can be shared and the Back button returns to it.
 */
export function initSearch(): void {
  const box = document.querySelector<HTMLElement>('[data-search]');
  if (!box) return;
  const texts = JSON.parse(box.dataset.texts ?? '{}') as Texts;
  const lang = box.dataset.lang ?? document.documentElement.lang;
  const form = box.querySelector('form')!;
  const input = form.querySelector<HTMLInputElement>('input[name=q]')!;
  const status = box.querySelector<HTMLElement>('[data-search-status]')!;
  const list = box.querySelector<HTMLOListElement>('[data-search-results]')!;
  const more = box.querySelector<HTMLButtonElement>('[data-search-more]')!;
  let asked = 0;
  let pending: { data: () => Promise<ResultData> }[] = [];

  const showMore = async () => {
    const next = pending.slice(0, PAGE);
    pending = pending.slice(PAGE);
    const data = await Promise.all(next.map((result) => result.data()));
    list.append(...data.map((result) => resultItem(result, texts)));
    more.hidden = pending.length === 0;
  };

  const run = async (typed: string) => {
    const turn = ++asked;
    const query = searchQuery(lang, typed);
    list.replaceChildren();
    more.hidden = true;
    pending = [];
    status.textContent = '';
    if (!query) return;
    box.setAttribute('aria-busy', 'true');
    try {
      const search = await (await pagefind()).search(query);
      if (turn !== asked) return; // a newer query was asked meanwhile
      pending = search.results;
      const count = pending.length;
      await showMore();
      if (turn !== asked) return;
      // said once the results are in the list
      status.textContent = count ? texts.found.replace('{n}', String(count)) : texts.none;
    } catch {
      if (turn === asked) status.textContent = texts.failed;
    } finally {
      if (turn === asked) box.removeAttribute('aria-busy');
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = new URL(window.location.href);
    url.searchParams.set('q', input.value.trim());
    window.history.pushState(null, '', url);
    void run(input.value);
  });
  more.addEventListener('click', () => void showMore());
  const fromAddress = () => new URLSearchParams(window.location.search).get('q') ?? '';
  window.addEventListener('popstate', () => {
    input.value = fromAddress();
    void run(input.value);
  });
  input.value = fromAddress();
  if (input.value.trim()) void run(input.value);
  else input.focus();
}
