import { SETTINGS_DEFAULTS, type SiteData } from '@conveyor/shared';
import { describe, expect, it } from 'vitest';
import type { ProductPlan } from '../src/lib/plan/kept.ts';
import {
  type PageProps,
  pageFile,
  type PlannedPage,
  type RouteProps,
} from '../src/lib/plan/pages.ts';
import { planSite } from '../src/lib/plan/site.ts';

// The page plan decides what a build renders again: each page's key must change exactly when
// something it shows changes. (The incremental equality test in api/test proves the whole by
// comparing releases; these pin the rules down one by one.)
const base = (): SiteData => ({
  settings: { ...SETTINGS_DEFAULTS, created_at: null, updated_at: null },
  categories: [
    { id: 1, name_ru: 'Ленточные', attributes: [] },
    { id: 2, name_ru: 'Роликовые', attributes: [] },
  ] as unknown as SiteData['categories'],
  attributes: [],
  products: [
    { id: 10, category_id: 1, name_ru: 'ЛК-400', images: [], media: [], specs: [], related: [] },
    { id: 11, category_id: 1, name_ru: 'ЛК-500', images: [], media: [], specs: [], related: [] },
    { id: 20, category_id: 2, name_ru: 'РК-1', images: [], media: [], specs: [], related: [] },
  ] as unknown as SiteData['products'],
  projects: [{ id: 5, title_ru: 'Завод' }] as SiteData['projects'],
  clients: [{ id: 3, name: 'Client' }] as SiteData['clients'],
  testimonials: [{ id: 4, name_ru: 'Отзыв' }] as SiteData['testimonials'],
  documents: [],
});

/** A document of the test data's records (what the plan reads of one). */
const document = (id: number, kind: string, owner: Record<string, number>) =>
  ({
    id,
    kind,
    title_ru: `Документ ${id}`,
    product_id: null,
    project_id: null,
    category_id: null,
    ...owner,
  }) as unknown as SiteData['documents'][number];

const keys = (pages: PlannedPage[]) => new Map(pages.map((page) => [page.pathname, page.key]));

/** The pages whose key differs between two plans, or that only one has. */
function changed(before: SiteData, after: SiteData): string[] {
  const a = keys(planSite(before));
  const b = keys(planSite(after));
  return [...new Set([...a.keys(), ...b.keys()])]
    .filter((path) => a.get(path) !== b.get(path))
    .sort();
}

const inAllLanguages = (...paths: string[]) =>
  paths
    .flatMap((path) => [path, `/en${path === '/' ? '' : path}`, `/uz${path === '/' ? '' : path}`])
    .sort();

/** These pages in every language, and the Russian search records (the test data are in Russian). */
const withRussianRecords = (...paths: string[]) =>
  [...inAllLanguages(...paths), '/search/records'].sort();

describe('the page plan', () => {
  it('has every page in each language, Russian without a prefix', () => {
    const pages = planSite(base());
    const paths = pages.map((page) => page.pathname);
    expect(paths).toEqual(expect.arrayContaining(inAllLanguages('/', '/about', '/catalog/1')));
    expect(paths).toEqual(expect.arrayContaining(inAllLanguages('/catalog/2/products/20')));
    // the Russian 404 is 404.html, built by a page of its own
    expect(paths).toEqual(expect.arrayContaining(['/en/404', '/uz/404']));
    expect(paths).not.toContain('/404');
    expect(new Set(paths).size).toBe(paths.length);
    const product = pages.find((page) => page.pathname === '/uz/catalog/2/products/20')!;
    expect(product.params).toEqual({ lang: 'uz', id: '2', product_id: '20' });
    expect(product.props).toMatchObject({ lang: 'uz', item: { id: 20 }, category: { id: 2 } });
  });

  it('gives each page all it shows as props: the company data, and its records', () => {
    const data = base();
    const pages = planSite(data);
    for (const page of pages) expect(page.props.company).toEqual(data.settings);
    const props = (pathname: string) => pages.find((page) => page.pathname === pathname)!.props;
    expect(props('/en')).toMatchObject({ categories: data.categories, clients: data.clients });
    expect(props('/about')).toMatchObject({ testimonials: data.testimonials });
    expect(props('/projects')).toMatchObject({ projects: data.projects });
    // the catalogue lists the categories shown, in every language
    for (const path of inAllLanguages('/catalog')) {
      expect(props(path)).toMatchObject({ categories: data.categories });
    }
    // a category page's cards: its products without their galleries and videos
    expect(props('/catalog/1')).toEqual({
      lang: 'ru',
      company: data.settings,
      category: data.categories[0],
      items: [
        { id: 10, category_id: 1, name_ru: 'ЛК-400', specs: [] },
        { id: 11, category_id: 1, name_ru: 'ЛК-500', specs: [] },
      ],
      // its template has no filterable attribute
      page: { number: 1, count: 1 },
      total: 2,
      filters: [],
      filterData: { ids: [10, 11], values: {} },
      // its template has no belt width and capacity: no link to the calculator
      calculator: false,
      documents: [],
      // a Russian name only: its Uzbek and English pages are no versions of it
      versions: ['ru'],
    });
    // the comparison reads each product's data file, in its language (the name falls back as
    // the page's does)
    expect(props('/compare/10.json')).toMatchObject({
      product: { id: 10, name: 'ЛК-400', url: '/catalog/1/products/10', rows: [] },
    });
    expect(props('/en/compare/20.json')).toMatchObject({
      product: { id: 20, name: 'РК-1', url: '/en/catalog/2/products/20', rows: [] },
    });
    // no settings record: the spec's defaults
    const none = planSite({ ...data, settings: null });
    expect(none[0]!.props.company).toEqual({
      ...SETTINGS_DEFAULTS,
      created_at: null,
      updated_at: null,
    });
  });

  it('names the files the pages are written to', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/en')).toBe('en/index.html');
    expect(pageFile('/catalog/1/products/10')).toBe('catalog/1/products/10/index.html');
    // a data file is written as it is named
    expect(pageFile('/uz/compare/10.json')).toBe('uz/compare/10.json');
  });

  it('gives the same keys to the same data', () => {
    expect(changed(base(), base())).toEqual([]);
  });

  it('renders a renamed product again, its category page and the pages that offer it, nothing else', () => {
    const after = base();
    after.products[0]!.name_ru = 'ЛК-450';
    // ЛК-500 relates to nothing: its page offers the others of its category, ЛК-400 among them;
    // the comparison's data of the product, whose name every language shows
    expect(changed(base(), after)).toEqual(
      [
        ...withRussianRecords('/catalog/1', '/catalog/1/products/10', '/catalog/1/products/11'),
        ...inAllLanguages('/compare/10.json'),
      ].sort(),
    );
  });

  it('renders again only the pages that show an attribute whose label changes', () => {
    // a width on the products of category 1 (filterable: its category page filters by it;
    // comparable: the comparison shows it), a note on a product of category 2 (neither)
    const withSpecs = () => {
      const data = base();
      data.attributes = [
        {
          id: 1,
          code: 'belt_width',
          type: 'number',
          name_ru: 'Ширина',
          filterable: true,
          comparable: true,
        },
        { id: 2, code: 'note', type: 'text', name_ru: 'Примечание', filterable: false },
        { id: 3, code: 'unused', type: 'number', name_ru: 'Не используется', filterable: false },
      ] as unknown as SiteData['attributes'];
      data.categories[0]!.attributes = [{ attribute_id: 1, required: true }];
      data.products[0]!.specs = [{ attribute_id: 1, value: 400 }];
      data.products[2]!.specs = [{ attribute_id: 2, text_ru: 'Для угля' }];
      return data;
    };
    const renamed = (id: number) => {
      const data = withSpecs();
      data.attributes.find((attribute) => attribute.id === id)!.name_ru = 'Новое имя';
      return data;
    };
    expect(changed(withSpecs(), renamed(1))).toEqual(
      [
        ...withRussianRecords('/catalog/1', '/catalog/1/products/10'),
        ...inAllLanguages('/compare/10.json'),
      ].sort(),
    );
    expect(changed(withSpecs(), renamed(2))).toEqual(withRussianRecords('/catalog/2/products/20'));
    expect(changed(withSpecs(), renamed(3))).toEqual([]);
  });

  it('gives the calculator the products of belt categories, and their pages its address', () => {
    const data = base();
    data.attributes = [
      { id: 1, code: 'belt_width', type: 'number', name_ru: 'Ширина', filterable: false },
      { id: 2, code: 'capacity', type: 'number', name_ru: 'Производительность', filterable: false },
      { id: 3, code: 'length', type: 'range', name_ru: 'Длина', filterable: false },
    ] as unknown as SiteData['attributes'];
    // category 1 carries a flow on a belt; category 2 has a width only (rollers)
    data.categories[0]!.attributes = [{ attribute_id: 1 }, { attribute_id: 2 }];
    data.categories[1]!.attributes = [{ attribute_id: 1 }];
    data.products[0]!.specs = [
      { attribute_id: 1, value: 650 },
      { attribute_id: 2, value: 300 },
      { attribute_id: 3, min: 5, max: 60 },
    ];
    const pages = planSite(data);
    const props = <R extends keyof RouteProps>(path: string) =>
      pages.find((page) => page.pathname === path)!.props as PageProps & RouteProps[R];
    expect(props<'calculator'>('/en/calculator').models).toEqual([
      {
        id: 10,
        category_id: 1,
        name_ru: 'ЛК-400',
        figures: {
          belt_width: { value: 650 },
          capacity: { value: 300 },
          length: { min: 5, max: 60 },
        },
      },
      { id: 11, category_id: 1, name_ru: 'ЛК-500', figures: {} },
    ]);
    expect(props<'category'>('/catalog/1').calculator).toBe(true);
    expect(props<'category'>('/catalog/2').calculator).toBe(false);
    expect(props<'product'>('/catalog/1/products/10').duty).toBe(
      'capacity=300&length=60&lift=0&width=650&product=10',
    );
    expect(props<'product'>('/catalog/2/products/20').duty).toBeNull();
    // a change to a product of a belt category reaches the calculator, in every language
    const after = structuredClone(data);
    after.products[0]!.specs[1] = { attribute_id: 2, value: 350 };
    expect(changed(data, after)).toEqual(
      [
        ...inAllLanguages('/calculator', '/catalog/1/products/10'),
        ...withRussianRecords('/catalog/1'),
      ].sort(),
    );
  });

  it('links product pages to the bot while buyers’ chats are on, and only those pages follow', () => {
    const off = base();
    const on = structuredClone(off);
    on.telegram = {
      bot: 'ConveyorBot',
      products: {
        '10': { uz: 'uzPayload10', ru: 'ruPayload10', en: 'enPayload10' },
        '20': { uz: 'uzPayload20', ru: 'ruPayload20', en: 'enPayload20' },
      },
    };
    const props = (data: SiteData, path: string) =>
      planSite(data).find((page) => page.pathname === path)!.props as PageProps &
        RouteProps['product'];
    expect(props(off, '/en/catalog/1/products/10').telegram).toBeNull();
    expect(props(on, '/en/catalog/1/products/10').telegram).toEqual({
      bot: 'ConveyorBot',
      starts: { uz: 'uzPayload10', ru: 'ruPayload10', en: 'enPayload10' },
    });
    // turned on or off, the pages of the products it names are built again; nothing else is
    expect(changed(off, on)).toEqual(
      inAllLanguages('/catalog/1/products/10', '/catalog/2/products/20'),
    );
  });

  it("plans from what the last plan made of each product as it would from scratch, taking an unchanged product's pages as they were", () => {
    // each edit changes one thing a product's pages show, or that they are made from; with the
    // products whose pages the next plan takes as they were, and those whose search records it
    // does (the test data's products: 10 and 11 in category 1, each the other's related card; 20
    // in category 2)
    const edits: [string, (data: SiteData) => void, number[], number[]][] = [
      ['a product renamed', (data) => void (data.products[0]!.name_ru = 'ЛК-450'), [20], [11, 20]],
      [
        'a category renamed',
        (data) => void (data.categories[1]!.name_ru = 'Ролики'),
        [10, 11],
        [10, 11],
      ],
      [
        'an attribute, and a figure of it',
        (data) => {
          data.attributes = [
            { id: 1, code: 'belt_width', type: 'number', name_ru: 'Ширина', comparable: true },
          ] as unknown as SiteData['attributes'];
          data.categories[0]!.attributes = [{ attribute_id: 1, required: false }];
          data.products[1]!.specs = [{ attribute_id: 1, value: 500 }];
        },
        [],
        [],
      ],
      [
        'the attribute relabelled',
        (data) => void (data.attributes[0]!.name_ru = 'Ширина ленты'),
        [],
        [],
      ],
      [
        'the company phone',
        (data) => void (data.settings!.phone_primary = '+998 71 200 00 01'),
        [],
        [10, 11, 20],
      ],
      [
        'a datasheet',
        (data) => void data.documents.push(document(7, 'datasheet', { product_id: 11 })),
        [10, 20],
        [10, 11, 20],
      ],
      [
        'a related product',
        (data) =>
          void data.products[0]!.related.push({
            product_id: 20,
            kind: 'similar',
            two_way: false,
          } as never),
        [11, 20],
        [11, 20],
      ],
      [
        "the related product's card renamed",
        (data) => void (data.products[2]!.name_ru = 'РК-2'),
        [11],
        [10, 11],
      ],
      [
        "buyers' chats on",
        (data) =>
          void (data.telegram = {
            bot: 'ConveyorBot',
            products: { '11': { uz: 'u11', ru: 'r11', en: 'e11' } },
          }),
        [10, 20],
        [10, 11, 20],
      ],
      ['a product moved', (data) => void (data.products[1]!.category_id = 2), [10], [10, 20]],
      ['a product deleted', (data) => void data.products.splice(0, 1), [11, 20], [11, 20]],
    ];
    const kept = new Map<number, ProductPlan>();
    const data = base();
    let before = planSite(structuredClone(data), kept);
    const pagesOf = (pages: PlannedPage[], id: number) =>
      pages.filter(({ route, params }) =>
        route === 'product'
          ? params.product_id === String(id)
          : route === 'compare-data' && params.id === String(id),
      );
    const recordOf = (pages: PlannedPage[], id: number) =>
      (
        pages.find((page) => page.pathname === '/search/records')!.props as PageProps &
          RouteProps['search-records']
      ).sources.find((source) => source.url.endsWith(`/products/${id}`));
    for (const [edit, apply, reused, recordsReused] of edits) {
      apply(data);
      const fresh = planSite(structuredClone(data));
      const planned = planSite(structuredClone(data), kept);
      // the same pages, keys and props, in the same order
      expect(planned, edit).toEqual(fresh);
      expect([...kept.keys()].sort(), edit).toEqual(
        data.products.map((product) => product.id).sort(),
      );
      // the products whose pages were taken as they were, not made again
      const taken = data.products
        .map((product) => product.id)
        .filter((id) => {
          const now = pagesOf(planned, id);
          const then = pagesOf(before, id);
          expect(now.length, edit).toBe(6);
          return now.every((page, i) => page === then[i]);
        });
      expect(taken, edit).toEqual(reused);
      const records = data.products
        .map((product) => product.id)
        .filter((id) => recordOf(planned, id) === recordOf(before, id));
      expect(records, edit).toEqual(recordsReused);
      before = planned;
    }
  });

  it('renders a product page again for a new video, its category page not', () => {
    const after = base();
    after.products[0]!.media = [{ id: 1, product_id: 10, link: 'https://youtu.be/x' }] as never;
    expect(changed(base(), after)).toEqual(inAllLanguages('/catalog/1/products/10'));
  });

  it('gives each record its documents, datasheets first, and shows a new one on its pages only', () => {
    const data = base();
    data.documents = [
      document(1, 'drawing', { product_id: 10 }),
      document(2, 'datasheet', { product_id: 10 }),
      document(3, 'certificate', { project_id: 5 }),
      document(4, 'manual', { category_id: 1 }),
    ];
    const pages = planSite(data);
    const props = <R extends keyof RouteProps>(path: string) =>
      pages.find((page) => page.pathname === path)!.props as PageProps & RouteProps[R];
    const ids = (list: { id: number }[]) => list.map((item) => item.id);
    expect(ids(props<'product'>('/catalog/1/products/10').documents)).toEqual([2, 1]);
    expect(ids(props<'product'>('/catalog/1/products/11').documents)).toEqual([]);
    expect(ids(props<'project'>('/projects/5').documents)).toEqual([3]);
    expect(ids(props<'category'>('/catalog/1').documents)).toEqual([4]);
    // put in order by staff: their order first, the ones they did not place after
    const placed = structuredClone(data);
    placed.documents.push(document(6, 'other', { product_id: 10 }));
    placed.documents.find((each) => each.id === 1)!.position = 0;
    placed.documents.find((each) => each.id === 6)!.position = 1;
    expect(
      ids(
        (
          planSite(placed).find((page) => page.pathname === '/catalog/1/products/10')!
            .props as RouteProps['product']
        ).documents,
      ),
    ).toEqual([1, 6, 2]);

    const more = structuredClone(data);
    more.documents.push(document(5, 'manual', { product_id: 11 }));
    // and in the Russian search records: it is found by its title
    expect(changed(data, more)).toEqual(withRussianRecords('/catalog/1/products/11'));
  });

  it("gives a product page its related products by kind, both ways, or its category's others", () => {
    const data = base();
    data.products.push(
      ...([12, 13].map((id) => ({
        id,
        category_id: 1,
        name_ru: `ЛК-${id}`,
        images: [],
        media: [],
        specs: [],
        related: [],
      })) as unknown as SiteData['products']),
    );
    data.products[0]!.related = [
      { product_id: 20, kind: 'accessory', two_way: true },
      { product_id: 11, kind: 'similar', two_way: true },
      { product_id: 12, kind: 'spare_part', two_way: false },
    ];
    const pages = planSite(data);
    const related = (path: string) =>
      (pages.find((page) => page.pathname === path)!.props as RouteProps['product']).related.map(
        (section) => [section.kind, section.items.map((item) => item.id)],
      );
    expect(related('/catalog/1/products/10')).toEqual([
      ['accessory', [20]],
      ['spare_part', [12]],
      ['similar', [11]],
    ]);
    // both ways: the similar one lists it as similar, the accessory as used with
    expect(related('/catalog/1/products/11')).toEqual([['similar', [10]]]);
    expect(related('/catalog/2/products/20')).toEqual([['used_with', [10]]]);
    // one way, or nothing related: the next ones of its category
    expect(related('/catalog/1/products/12')).toEqual([['category', [13, 10, 11]]]);
  });

  it('moves a product: its old page goes, the new one, both category pages and its comparison data change', () => {
    const after = base();
    after.products[0]!.category_id = 2;
    expect(changed(base(), after)).toEqual(
      withRussianRecords(
        '/compare/10.json',
        '/catalog/1',
        '/catalog/1/products/10',
        // the products of both categories offer another set of neighbours
        '/catalog/1/products/11',
        '/catalog/2',
        '/catalog/2/products/10',
        '/catalog/2/products/20',
      ),
    );
  });

  it('renders the home page, the catalogue and its products again when a category is renamed', () => {
    const after = base();
    after.categories[1]!.name_ru = 'Винтовые';
    expect(changed(base(), after)).toEqual(
      withRussianRecords('/', '/catalog', '/catalog/2', '/catalog/2/products/20'),
    );
  });

  it("changes a language's search records only with that language's own texts", () => {
    const after = base();
    after.products[0]!.name_uz = 'LK-450 lentali konveyeri';
    // the Uzbek records gain the product; the Russian and English ones do not change; the
    // product beside it, which shows its card, changes in Uzbek only
    expect(changed(base(), after)).toEqual(
      [
        ...inAllLanguages('/catalog/1', '/catalog/1/products/10'),
        '/uz/catalog/1/products/11',
        '/uz/search/records',
        '/uz/compare/10.json',
      ].sort(),
    );
  });

  /** Category 1 with products 10 to 13, a width each (filterable), two to a page. */
  const paged = () => {
    const data = base();
    data.attributes = [
      { id: 1, code: 'belt_width', type: 'number', name_ru: 'Ширина', filterable: true },
    ] as unknown as SiteData['attributes'];
    data.categories[0]!.attributes = [{ attribute_id: 1, required: true }];
    for (const id of [12, 13]) {
      data.products.push({ ...data.products[0]!, id, name_ru: `П-${id}` });
    }
    for (const product of data.products.filter((product) => product.category_id === 1)) {
      product.specs = [
        { attribute_id: 1, value: 400 + (product.id - 10) * 100 },
      ] as typeof product.specs;
    }
    return data;
  };
  const pagedPlan = (data: SiteData) => {
    process.env.CATEGORY_PAGE_SIZE = '2';
    try {
      return planSite(data);
    } finally {
      delete process.env.CATEGORY_PAGE_SIZE;
    }
  };

  it("puts a large category's products on pages of their own, its filters' data in a file of its own", () => {
    const planned = pagedPlan(paged());
    const pages = planned.filter((page) => page.params.id === '1' && !page.params.product_id);
    const ru = pages.filter((page) => page.lang === 'ru');
    expect(ru.map((page) => [page.route, page.pathname])).toEqual([
      ['category-filters', '/catalog/1/filters.json'],
      ['category', '/catalog/1'],
      ['category-page', '/catalog/1/page/2'],
    ]);
    const [, first, second] = ru.map((page) => page.props as PageProps & RouteProps['category']);
    // each page holds its own products, and how many there are in all; not their values
    expect(first!.items.map((item) => item.id)).toEqual([10, 11]);
    expect(second!.items.map((item) => item.id)).toEqual([12, 13]);
    expect(second!.page).toEqual({ number: 2, count: 2 });
    expect(second!.total).toBe(4);
    expect(second!.filterData).toBeNull();
    expect(second!.filters.map((filter) => filter.attribute.code)).toEqual(['belt_width']);
    // the file: every product's values and its card, in each language (a product with no name of
    // its own in a language shows its Russian one there, as its page does)
    const file = ru[0]!.props as PageProps & RouteProps['category-filters'];
    expect(file.data).toEqual({
      ids: [10, 11, 12, 13],
      values: { belt_width: [400, 500, 600, 700] },
    });
    expect(file.items).toEqual([
      { id: 10, category_id: 1, image: undefined, name: 'ЛК-400' },
      { id: 11, category_id: 1, image: undefined, name: 'ЛК-500' },
      { id: 12, category_id: 1, image: undefined, name: 'П-12' },
      { id: 13, category_id: 1, image: undefined, name: 'П-13' },
    ]);
    expect(planned.map((page) => page.pathname)).toEqual(
      expect.arrayContaining(inAllLanguages('/catalog/1/filters.json')),
    );
    // a category that fits one page has its values in the page, and no file
    const small = planSite(paged()).filter((page) => page.params.id === '1');
    expect(small.some((page) => page.route === 'category-filters')).toBe(false);
    expect(
      (small.find((page) => page.pathname === '/catalog/1')!.props as RouteProps['category'])
        .filterData,
    ).toEqual({ ids: [10, 11, 12, 13], values: { belt_width: [400, 500, 600, 700] } });
    // a large category without filters has no file either
    const plain = paged();
    plain.categories[0]!.attributes = [];
    expect(pagedPlan(plain).some((page) => page.route === 'category-filters')).toBe(false);
  });

  it("renders a large category's product renamed on its own page of the category and in the filters' file, not on the others", () => {
    const keysOf = (data: SiteData) => keys(pagedPlan(data));
    const before = keysOf(paged());
    const renamed = paged();
    renamed.products.find((product) => product.id === 12)!.name_ru = 'П-12 новый';
    const after = keysOf(renamed);
    const changed = [...after.keys()].filter((path) => before.get(path) !== after.get(path));
    expect(changed.sort()).toEqual(
      [
        // its page, its page of the category, its category's filters' file, its comparison data
        ...withRussianRecords(
          '/catalog/1/products/12',
          '/catalog/1/page/2',
          '/catalog/1/filters.json',
        ),
        ...inAllLanguages('/compare/12.json'),
        // the product before it offers it as one of its category's next products
        ...inAllLanguages(
          '/catalog/1/products/11',
          '/catalog/1/products/13',
          '/catalog/1/products/10',
        ),
      ].sort(),
    );
  });

  it("renders a product renamed in one language in that language's filters' file and its neighbours' pages alone, when it has a name in each", () => {
    const named = () => {
      const data = paged();
      for (const product of data.products) {
        product.name_uz = `${product.name_ru} uz`;
        product.name_en = `${product.name_ru} en`;
      }
      return data;
    };
    const before = keys(pagedPlan(named()));
    const renamed = named();
    renamed.products.find((product) => product.id === 12)!.name_ru = 'П-12 новый';
    const after = keys(pagedPlan(renamed));
    const changed = [...after.keys()].filter((path) => before.get(path) !== after.get(path));
    expect(changed.filter((path) => path.endsWith('/filters.json'))).toEqual([
      '/catalog/1/filters.json',
    ]);
    // and the Russian pages of the products that show its card
    expect(changed.filter((path) => /products\/1[013]$/.test(path)).sort()).toEqual([
      '/catalog/1/products/10',
      '/catalog/1/products/11',
      '/catalog/1/products/13',
    ]);
  });

  it("marks a record's pages in languages it has no text of its own in as duplicates", () => {
    const data = base();
    data.products[0]!.name_uz = 'LK-400 lentali konveyeri';
    const pages = new Map(planSite(data).map((page) => [page.pathname, page]));
    // the product has Russian and Uzbek names: its English page shows the Russian text
    expect(pages.get('/catalog/1/products/10')!.duplicate).toBe(false);
    expect(pages.get('/uz/catalog/1/products/10')!.duplicate).toBe(false);
    expect(pages.get('/en/catalog/1/products/10')!.duplicate).toBe(true);
    expect(pages.get('/en/catalog/1/products/10')!.props).toMatchObject({
      versions: ['ru', 'uz'],
    });
    // the other product has a Russian name only; pages of no record are never duplicates
    expect(pages.get('/uz/catalog/1/products/11')!.duplicate).toBe(true);
    expect(pages.get('/en/about')!.duplicate).toBe(false);
  });

  it('leaves out the products of a category that is hidden', () => {
    const after = base();
    after.categories = after.categories.filter((category) => category.id !== 2);
    const paths = planSite(after).map((page) => page.pathname);
    expect(paths.some((path) => path.includes('/catalog/2'))).toBe(false);
  });

  it('renders the about pages for a testimonial, the home and clients pages for a client', () => {
    const review = base();
    review.testimonials[0]!.name_ru = 'Другой';
    expect(changed(base(), review)).toEqual(inAllLanguages('/about'));
    const client = base();
    client.clients[0]!.name = 'Other';
    expect(changed(base(), client)).toEqual(inAllLanguages('/', '/clients'));
  });

  it("renders everything again when the company data change, but the search records and the comparison's data", () => {
    const after = base();
    after.settings!.phone_primary = '+998 90 123 45 67';
    const records = inAllLanguages('/search/records');
    expect(changed(base(), after)).toEqual(
      planSite(base())
        .map((page) => page.pathname)
        .filter((path) => !records.includes(path) && !path.endsWith('.json'))
        .sort(),
    );
  });
});
