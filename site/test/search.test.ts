import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES, type SiteData } from '@conveyor/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchRecord, updateIndex, writeIndex } from '../src/integrations/search.ts';
import { type Pagefind, type PagefindModule, withDelta } from '../src/scripts/search.ts';
import { searchSources } from '../src/lib/search.ts';

const data = (): SiteData =>
  ({
    settings: null,
    attributes: [
      {
        id: 1,
        code: 'belt_width',
        type: 'number',
        unit: 'MMT',
        name_ru: 'Ширина ленты',
        name_uz: 'Lenta kengligi',
        unit_ru: 'мм',
        unit_uz: 'mm',
        decimals: 0,
        filterable: true,
        comparable: true,
        is_active: true,
      },
    ],
    categories: [
      {
        id: 1,
        name_ru: 'Ленточные конвейеры',
        name_uz: 'Lentali konveyerlar',
        description_ru: 'Для складов',
        attributes: [{ attribute_id: 1, required: true }],
        image: 'categories/belt.jpg',
      },
    ],
    products: [
      {
        id: 10,
        category_id: 1,
        name_ru: 'ЛК-400',
        name_uz: 'LK-400',
        description_ru: 'Конвейер для коробок',
        description_uz: 'Oʼlchamlaringiz bo‘yicha',
        image: 'products/lk.jpg',
        specs: [{ attribute_id: 1, value: 1200 }],
      },
      // in a category that is not published: not searchable
      { id: 11, category_id: 9, name_ru: 'Скрытый', specs: [] },
    ],
    projects: [{ id: 5, title_ru: 'Завод', description_ru: 'Линия сортировки' }],
    clients: [],
    documents: [],
    testimonials: [],
  }) as unknown as SiteData;

describe('search records', () => {
  it("holds each record's own words, its spec values as the page writes them and bare", () => {
    const ru = searchSources(data(), 'ru');
    expect(ru.map((source) => [source.kind, source.url])).toEqual([
      ['category', '/catalog/1'],
      ['product', '/catalog/1/products/10'],
      ['project', '/projects/5'],
    ]);
    const product = ru[1]!;
    expect(product).toMatchObject({
      title: 'ЛК-400',
      category: 'Ленточные конвейеры',
      picture: 'products/lk.jpg',
    });
    expect(product.content.split('\n')).toEqual([
      'ЛК-400',
      'Конвейер для коробок',
      'Ленточные конвейеры',
      'Ширина ленты',
      '1\u00a0200\u00a0мм',
      '1200',
    ]);
  });

  it('leaves out what has no text of its own in the language, and folds the apostrophes', () => {
    const uz = searchSources(data(), 'uz');
    // the project has no Uzbek title: not in the Uzbek index with Russian words
    expect(uz.map((source) => source.kind)).toEqual(['category', 'product']);
    expect(uz[1]!.content).toContain('O\u02BBlchamlaringiz bo\u02BByicha');
    expect(uz[1]!.content).not.toContain('Конвейер');
    expect(searchSources(data(), 'en')).toEqual([]);
  });
});

/** Pagefind's search as the search page loads it (the release's pagefind.js). */
interface PagefindSearch {
  options: (options: { basePath: string }) => Promise<void>;
  search: (query: string) => Promise<{ results: { data: () => Promise<{ url: string }> }[] }>;
}

// A real index of these records, written as a release writes it and searched with the
// pagefind.js it ships (it runs in Node as well, fetching the index over HTTP).
describe('documents in the search index', () => {
  let folder: string;
  let server: Server;
  let pagefind: PagefindSearch;
  beforeAll(async () => {
    const documents = [
      // a product's datasheet and drawing, and another product's datasheet
      {
        id: 1,
        kind: 'datasheet',
        title_ru: 'Паспорт изделия ЛК-400',
        revision: 'R7',
        product_id: 10,
      },
      { id: 2, kind: 'drawing', title_ru: 'Чертёж общего вида', revision: 'D4', product_id: 10 },
      {
        id: 3,
        kind: 'datasheet',
        title_ru: 'Паспорт изделия ЛК-500',
        revision: 'R2',
        product_id: 12,
      },
    ];
    const site = data();
    site.products.push({ ...site.products[0]!, id: 12, name_ru: 'ЛК-500' });
    site.documents = documents as unknown as SiteData['documents'];
    folder = await mkdtemp(join(tmpdir(), 'conveyor-search-'));
    const records: Record<string, SearchRecord[]> = {};
    for (const lang of LANGUAGES) {
      records[lang] = searchSources(site, lang).map(({ picture: _, ...source }) => ({
        ...source,
        image: null,
      }));
    }
    await writeIndex(records, folder);
    server = createServer((request, reply) => {
      const name = new URL(request.url!, 'http://localhost').pathname.replace(/^\/pagefind\//, '');
      readFile(join(folder, name)).then(
        (body) => reply.end(body),
        () => reply.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    pagefind = (await import(pathToFileURL(join(folder, 'pagefind.js')).href)) as PagefindSearch;
    const { port } = server.address() as AddressInfo;
    await pagefind.options({ basePath: `http://127.0.0.1:${port}/pagefind/` });
  });
  afterAll(async () => {
    server?.close();
    await rm(folder, { recursive: true, force: true });
  });

  /** The addresses a query finds, without the origin and the fragment's kind. */
  const found = async (query: string) => {
    const { results } = await pagefind.search(query);
    const urls = await Promise.all(results.map(async (result) => (await result.data()).url));
    return urls
      .map((url) => new URL(url))
      .filter((url) => url.hash.includes('kind=document'))
      .map((url) => `${url.pathname}#${new URLSearchParams(url.hash.slice(1)).get('at')}`)
      .sort();
  };

  it("finds each of a product's documents by its title and its revision, on the product page", async () => {
    expect(await found('чертёж')).toEqual(['/catalog/1/products/10#document-2']);
    expect(await found('паспорт изделия')).toEqual([
      '/catalog/1/products/10#document-1',
      '/catalog/1/products/12#document-3',
    ]);
    expect(await found('R7')).toEqual(['/catalog/1/products/10#document-1']);
    expect(await found('D4')).toEqual(['/catalog/1/products/10#document-2']);
  });
});

// The standing index and its delta (src/integrations/searchDelta.ts): a release whose records
// differ from the live one's by a few keeps the live index and indexes the few in a delta, which
// the search page merges (src/scripts/search.ts, withDelta). Searched with the real pagefind.js,
// it must find what a whole index of the same records finds.
describe('a search index with a delta', () => {
  const product = (id: number, name: string): SearchRecord => ({
    kind: 'product',
    url: `/catalog/1/products/${id}`,
    title: name,
    category: 'Ролики',
    image: null,
    content: `${name}\nРолик конвейерный\nРолики`,
  });
  const before = Array.from({ length: 30 }, (_, i) => product(i + 1, `РО-${100 + i}`));
  // a product renamed, one deleted, one added
  const after = [
    ...before.filter((record) => record.url !== '/catalog/1/products/5'),
    product(31, 'Гирлянда ГР-7'),
  ].map((record) =>
    record.url === '/catalog/1/products/3' ? product(3, 'Барабан БП-800') : record,
  );
  let work: string;
  let server: Server;
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'conveyor-search-delta-'));
    server = createServer((request, reply) => {
      const path = new URL(request.url!, 'http://localhost').pathname;
      readFile(join(work, path)).then(
        (body) => reply.end(body),
        () => reply.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server?.close();
    await rm(work, { recursive: true, force: true });
  });

  /** A release's search as the search page opens it, from its folder under `work`. */
  const open = async (release: string) => {
    const module = (await import(
      pathToFileURL(join(work, release, 'pagefind', 'pagefind.js')).href
    )) as PagefindModule & PagefindSearch;
    const folder = `${origin()}/${release}/pagefind/`;
    await module.options({ basePath: folder });
    return withDelta(module, folder, 'ru');
  };
  const found = async (search: Pagefind, query: string) => {
    const { results } = await search.search(query);
    const urls = await Promise.all(results.map(async (result) => (await result.data()).url));
    // Pagefind leads each address with the folder its index is in (the release's, here)
    return urls.map((url) => new URL(url, 'http://site').pathname.replace(/^\/\w+/, '')).sort();
  };

  it('finds what a whole index of the same records finds', async () => {
    expect(await updateIndex(join(work, 'live'), { ru: before })).toMatchObject({ kept: [] });
    const written = await updateIndex(join(work, 'next'), { ru: after }, join(work, 'live'));
    // two records indexed (the renamed and the new), two of the base hidden (the deleted one
    // and the renamed one's old record)
    expect(written).toMatchObject({ count: 30, inDelta: 2, kept: ['ru'] });
    const delta = JSON.parse(
      await readFile(join(work, 'next', 'pagefind', 'delta.json'), 'utf8'),
    ) as { languages: Record<string, { stale: string[]; records: number }> };
    expect(delta.languages.ru).toMatchObject({ records: 2 });
    expect(delta.languages.ru!.stale).toHaveLength(2);
    await updateIndex(join(work, 'whole'), { ru: after });

    const [merged, whole] = [await open('next'), await open('whole')];
    for (const query of ['барабан', 'гирлянда', 'ГР-7', 'РО-110', 'ролик', 'конвейерный']) {
      expect(await found(merged, query), query).toEqual(await found(whole, query));
    }
    // the renamed product by its new name only, the deleted one not at all, the new one found
    expect(await found(merged, 'барабан')).toEqual(['/catalog/1/products/3']);
    expect(await found(merged, 'гирлянда')).toEqual(['/catalog/1/products/31']);
    // A name no record has any more: nothing, where a whole index without the word answers
    // the records of its other words (every "РО-…"); the base still knows the word, and
    // its record is hidden.
    expect(await found(merged, 'РО-102')).toEqual([]);
    expect(await found(merged, 'РО-104')).toEqual([]);
    expect(await found(merged, 'ролик')).toHaveLength(30);
  });

  it('keeps a language whose records are unchanged as the live release has it, delta and all', async () => {
    // the release after 'next' (the previous test's), its Russian records page carried over:
    // they are not read, the base and the delta are next's
    const written = await updateIndex(
      join(work, 'again'),
      async (lang) => {
        if (lang === 'ru') throw new Error('the records of an unchanged language were read');
        return null; // (the other languages have none)
      },
      join(work, 'next'),
      new Set(['ru'] as const),
    );
    expect(written).toMatchObject({ count: 30, inDelta: 2, kept: ['ru'] });
    const deltaOf = (release: string) =>
      readFile(join(work, release, 'pagefind', 'delta.json'), 'utf8');
    expect(await deltaOf('again')).toBe(await deltaOf('next'));
    // its part of the delta linked, not indexed again
    const fragments = (await readdir(join(work, 'next', 'pagefind', 'delta', 'fragment'))).filter(
      (name) => name.startsWith('ru_'),
    );
    expect(fragments).toHaveLength(2);
    for (const name of fragments) {
      const [from, to] = await Promise.all(
        ['next', 'again'].map((release) =>
          stat(join(work, release, 'pagefind', 'delta', 'fragment', name)),
        ),
      );
      expect(to.ino, name).toBe(from.ino);
    }
    const [again, whole] = [await open('again'), await open('whole')];
    for (const query of ['барабан', 'гирлянда', 'ГР-7', 'РО-110', 'ролик', 'конвейерный']) {
      expect(await found(again, query), query).toEqual(await found(whole, query));
    }
  });
});
