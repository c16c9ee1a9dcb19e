import type { SiteData } from '@conveyor/shared';
import { describe, expect, it } from 'vitest';
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
