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
export interface ResultData {
  url: string;
  excerpt: string;
  meta: { title?: string; category?: string };
}
export interface Result {
  /** Pagefind's id of the record (its fragment's name). */
  id: string;
  data: () => Promise<ResultData>;
}
export interface Pagefind {
  search: (query: string) => Promise<{ results: Result[] }>;
}
/** pagefind.js as it is imported. */
export interface PagefindModule extends Pagefind {
  mergeIndex: (path: string) => Promise<void>;
}
/** The release's delta file (src/integrations/searchDelta.ts, DeltaFile). */
interface Delta {
  languages?: Record<string, { stale?: string[]; records?: number }>;
}

/** Results shown at once, and added by "Show more". */
const PAGE = 20;
/** Where the release's index is (src/integrations/search.ts). */
const FOLDER = '/pagefind/';

/**
 * The release's index with its delta (src/integrations/searchDelta.ts): the records changed
 * since the standing index are searched in the delta, merged in (Pagefind's `mergeIndex`), and
 * the standing index's results they replace, or of records gone, are left out. Without a delta
 * for this language (none, or it cannot be read) the standing index is searched as it is.
 */
export async function withDelta(
  module: PagefindModule,
  folder: string,
  lang: string,
  readJson: (url: string) => Promise<unknown> = async (url) => {
    const response = await fetch(url);
    return response.ok ? response.json() : null;
  },
): Promise<Pagefind> {
  const delta = (await readJson(`${folder}delta.json`).catch(() => null)) as Delta | null;
  const mine = delta?.languages?.[lang];
  if (!mine) return module;
  if (mine.records) await module.mergeIndex(`${folder}delta/`);
  const stale = new Set(mine.stale ?? []);
  return {
    search: async (query) => {
      const found = await module.search(query);
      return { ...found, results: found.results.filter((result) => !stale.has(result.id)) };
    },
  };
}

let loading: Promise<Pagefind> | undefined;
/** Pagefind's search, loaded once, when the first query is asked (nothing before). */
const pagefind = (lang: string) =>
  (loading ??= import(/* @vite-ignore */ `${FOLDER}pagefind.js`).then((module: PagefindModule) =>
    withDelta(module, FOLDER, lang),
  ));

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
  // the record's kind, thumbnail and place on its page, in its address's fragment
  // (src/integrations/search.ts)
  const [page, fragment = ''] = data.url.split('#');
  const extra = new URLSearchParams(fragment);
  const kindCode = extra.get('kind') ?? 'product';
  const image = extra.get('image');
  const at = extra.get('at');
  const url = at && /^[\w-]+$/.test(at) ? `${page!}#${at}` : page!;
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
  link.href = url;
  link.textContent = data.meta.title ?? page!;
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
export function initSearch(load: (lang: string) => Promise<Pagefind> = pagefind): void {
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
  let pending: Result[] = [];
  /** What the status says of the current search's results ("{n} found"). */
  let found = '';

  /**
   * The next page of the search asked as `turn`, added to the list: nothing if another search
   * was asked meanwhile (its results are not mixed into the new list). If a result cannot be
   * loaded (the connection), it rejects and the page stays to be asked for again.
   */
  const showMore = async (turn: number) => {
    const next = pending.slice(0, PAGE);
    pending = pending.slice(PAGE);
    let data: ResultData[];
    try {
      data = await Promise.all(next.map((result) => result.data()));
    } catch (error) {
      if (turn === asked) pending = [...next, ...pending];
      throw error;
    }
    if (turn !== asked) return;
    list.append(...data.map((result) => resultItem(result, texts)));
    more.hidden = pending.length === 0;
  };

  const run = async (typed: string) => {
    const turn = ++asked;
    const query = searchQuery(lang, typed);
    list.replaceChildren();
    more.hidden = true;
    more.disabled = false;
    pending = [];
    status.textContent = '';
    if (!query) return;
    box.setAttribute('aria-busy', 'true');
    try {
      const search = await (await load(lang)).search(query);
      if (turn !== asked) return; // a newer query was asked meanwhile
      pending = search.results;
      const count = pending.length;
      await showMore(turn);
      if (turn !== asked) return;
      // said once the results are in the list
      found = count ? texts.found.replace('{n}', String(count)) : texts.none;
      status.textContent = found;
    } catch {
      if (turn === asked) status.textContent = texts.failed;
    } finally {
      if (turn === asked) box.removeAttribute('aria-busy');
    }
  };

  // one page at a time (a second click while one loads would add the pages out of order); a
  // page that failed says so, and the button asks for it again
  more.addEventListener('click', () => {
    if (more.disabled) return;
    const turn = asked;
    more.disabled = true;
    showMore(turn)
      .then(
        () => (turn === asked ? found : null),
        () => (turn === asked ? texts.failed : null),
      )
      .then((said) => {
        if (said === null) return;
        status.textContent = said;
        more.disabled = false;
      });
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = new URL(window.location.href);
    url.searchParams.set('q', input.value.trim());
    window.history.pushState(null, '', url);
    void run(input.value);
  });
  const fromAddress = () => new URLSearchParams(window.location.search).get('q') ?? '';
  window.addEventListener('popstate', () => {
    input.value = fromAddress();
    void run(input.value);
  });
  input.value = fromAddress();
  if (input.value.trim()) void run(input.value);
  else input.focus();
}
