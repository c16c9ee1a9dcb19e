import { SETTINGS_DEFAULTS, type SiteData } from '@conveyor/shared';
import { describe, expect, it } from 'vitest';
import {
  type PageProps,
  pageFile,
  type PlannedPage,
  planSite,
  type RouteProps,
} from '../src/lib/plan.ts';

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
      all: null,
      filters: [],
      filterData: { ids: [10, 11], values: {} },
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
    // the Uzbek records gain the product; the Russian and English ones do not change
    expect(changed(base(), after)).toEqual(
      [
        ...inAllLanguages('/catalog/1', '/catalog/1/products/10', '/catalog/1/products/11'),
        '/uz/search/records',
        '/uz/compare/10.json',
      ].sort(),
    );
  });

  it('puts the products of a large category on pages of their own, each with all of them for the filters', () => {
    process.env.CATEGORY_PAGE_SIZE = '2';
    try {
      const data = base();
      for (const id of [12, 13]) {
        data.products.push({ ...data.products[0]!, id, name_ru: `П-${id}` });
      }
      const pages = planSite(data).filter(
        (page) => page.params.id === '1' && !page.params.product_id,
      );
      const ru = pages.filter((page) => page.lang === 'ru');
      expect(ru.map((page) => [page.route, page.pathname])).toEqual([
        ['category', '/catalog/1'],
        ['category-page', '/catalog/1/page/2'],
      ]);
      const [first, second] = ru.map((page) => page.props as PageProps & RouteProps['category']);
      expect(first!.items.map((item) => item.id)).toEqual([10, 11]);
      expect(second!.items.map((item) => item.id)).toEqual([12, 13]);
      expect(second!.page).toEqual({ number: 2, count: 2 });
      expect(second!.all!.map((item) => item.id)).toEqual([10, 11, 12, 13]);
      // a category that fits one page has no page 2 and no list of all
      const small = planSite(base()).find((page) => page.pathname === '/catalog/1')!;
      expect((small.props as RouteProps['category']).all).toBeNull();
    } finally {
      delete process.env.CATEGORY_PAGE_SIZE;
    }
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
