import { parseArgs } from 'node:util';
import type { SiteData } from '@conveyor/shared';

// A catalogue of N products in 20 categories (or as many as asked) with 8 figures each and descriptions in the three
// languages, drawn from a fixed seed (the same catalogue every run): what pnpm bench:search
// indexes and pnpm bench:plan plans.

// Words to write descriptions with, in each language, so that the index has a real vocabulary.
const WORDS = {
  ru: 'лента рама привод ролик цепь склад цех короб мешок паллета зерно уголь цемент подшипник мотор редуктор скорость нагрузка ширина длина наклон поворот секция модуль сталь оцинкованная нержавеющая пищевая транспортёр элеватор шнек'.split(
    ' ',
  ),
  uz: "lenta rama yuritma rolik zanjir ombor sex quti qop palleta don ko'mir sement podshipnik motor reduktor tezlik yuklama kenglik uzunlik qiyalik burilish seksiya modul po'lat ruxlangan zanglamaydigan oziq-ovqat transportyor elevator shnek o'lcham".split(
    ' ',
  ),
  en: 'belt frame drive roller chain warehouse workshop box bag pallet grain coal cement bearing motor gearbox speed load width length incline curve section module steel galvanized stainless food conveyor elevator screw'.split(
    ' ',
  ),
};

export function catalogue(products: number, categoryCount = 20): SiteData {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const text = (lang: keyof typeof WORDS, count: number) =>
    Array.from({ length: count }, () => WORDS[lang][Math.floor(random() * WORDS[lang].length)])
      .join(' ')
      .replace(/^./, (first) => first.toUpperCase());
  const attributes = Array.from({ length: 8 }, (_, i) => ({
    id: i + 1,
    code: `figure_${i + 1}`,
    type: i % 4 === 3 ? 'range' : 'number',
    unit: 'MMT',
    name_ru: `Параметр ${i + 1}`,
    name_uz: `Parametr ${i + 1}`,
    name_en: `Figure ${i + 1}`,
    unit_ru: 'мм',
    unit_uz: 'mm',
    unit_en: 'mm',
    decimals: i % 3,
    filterable: true,
    comparable: true,
    quote: false,
    is_active: true,
  }));
  const categories = Array.from({ length: categoryCount }, (_, i) => ({
    id: i + 1,
    name_ru: `Категория ${i + 1} ${text('ru', 2)}`,
    name_uz: `Kategoriya ${i + 1} ${text('uz', 2)}`,
    name_en: `Category ${i + 1} ${text('en', 2)}`,
    description_ru: text('ru', 30),
    description_uz: text('uz', 30),
    description_en: text('en', 30),
    image: `categories/${i + 1}.jpg`,
    is_active: true,
    attributes: attributes.map((attribute) => ({ attribute_id: attribute.id, required: true })),
  }));
  return {
    settings: null,
    attributes,
    categories,
    products: Array.from({ length: products }, (_, i) => ({
      id: i + 1,
      category_id: (i % categoryCount) + 1,
      name_ru: `${text('ru', 3)} К-${i + 1}`,
      name_uz: `${text('uz', 3)} K-${i + 1}`,
      name_en: `${text('en', 3)} K-${i + 1}`,
      description_ru: text('ru', 60),
      description_uz: text('uz', 60),
      description_en: text('en', 60),
      image: `products/${i + 1}.jpg`,
      is_active: true,
      images: [],
      media: [],
      related: [],
      specs: attributes.map((attribute) =>
        attribute.type === 'range'
          ? { attribute_id: attribute.id, min: Math.round(random() * 100), max: 100 + i }
          : {
              attribute_id: attribute.id,
              // as the API takes figures: no more decimals than the attribute's
              value:
                Math.round(random() * 2000 * 10 ** attribute.decimals) / 10 ** attribute.decimals,
            },
      ),
    })),
    projects: Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      title_ru: `Проект ${i + 1}`,
      title_uz: `Proyekt ${i + 1}`,
      title_en: `Project ${i + 1}`,
      description_ru: text('ru', 40),
      description_uz: text('uz', 40),
      description_en: text('en', 40),
      is_active: true,
    })),
    clients: [],
    documents: [],
    testimonials: [],
  } as unknown as SiteData;
}

/** A catalogue bench's arguments: `--products LIST` (its sizes) and `--runs N` (3, per size). */
export function catalogueArgs(products: string): { sizes: number[]; runs: number } {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: products },
      runs: { type: 'string', default: '3' },
    },
  });
  return {
    sizes: values.products
      .split(',')
      .map(Number)
      .filter((n) => n > 0),
    runs: Math.max(1, Number(values.runs) || 3),
  };
}
