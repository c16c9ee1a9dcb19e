import type { LocalizedKeys } from './languages.ts';

type Titled = Record<LocalizedKeys<'title'>, string>;

export interface SupplierCategory extends Titled {
  id: number;
  items: Titled[];
}

/** The four fixed supplier categories of the suppliers page (fixed content, never fetched). */
export const SUPPLIER_CATEGORIES: readonly SupplierCategory[] = [
  {
    id: 1,
    title_ru: 'Механические детали',
    title_uz: 'Mexanik qismlar',
    title_en: 'Mechanical parts',
    items: [
      { title_ru: 'Подшипники', title_uz: 'Podshipniklar', title_en: 'Bearings' },
      { title_ru: 'Приводные цепи', title_uz: 'Uzatma zanjirlari', title_en: 'Drive chains' },
      { title_ru: 'Крепёж', title_uz: 'Mahkamlash detallari', title_en: 'Hardware' },
    ],
  },
  {
    id: 2,
    title_ru: 'Электрика / электроника / автоматизация',
    title_uz: 'Elektrika / elektronika / avtomatlashtirish',
    title_en: 'Electrics / electronics / automation',
    items: [
      {
        title_ru: 'Приводная техника',
        title_uz: 'Yuritma texnikasi',
        title_en: 'Drive technology',
      },
      {
        title_ru: 'Компоненты шкафов управления',
        title_uz: 'Boshqaruv shkafi komponentlari',
        title_en: 'Control cabinet components',
      },
    ],
  },
  {
    id: 3,
    title_ru: 'Производство по чертежам',
    title_uz: 'Chizmalar boʻyicha ishlab chiqarish',
    title_en: 'Manufacturing to drawings',
    items: [
      {
        title_ru: 'Токарная и фрезерная обработка',
        title_uz: 'Tokarlik va frezerlash ishlari',
        title_en: 'Turning and milling',
      },
      { title_ru: 'Лазерная резка', title_uz: 'Lazerli kesish', title_en: 'Laser cutting' },
      {
        title_ru: 'Гибка и покраска',
        title_uz: 'Bukish va boʻyash',
        title_en: 'Bending and painting',
      },
    ],
  },
  {
    id: 4,
    title_ru: 'Услуги',
    title_uz: 'Xizmatlar',
    title_en: 'Services',
    items: [
      {
        title_ru: 'Монтаж и пусконаладка',
        title_uz: 'Montaj va ishga tushirish',
        title_en: 'Installation and commissioning',
      },
      {
        title_ru: 'Оцинковка и воронение',
        title_uz: 'Ruxlash va qoraytirish',
        title_en: 'Galvanizing and bluing',
      },
      {
        title_ru: 'Автоматизация конвейеров',
        title_uz: 'Konveyerlarni avtomatlashtirish',
        title_en: 'Conveyor automation',
      },
      { title_ru: 'Электроинструмент', title_uz: 'Elektr asboblar', title_en: 'Power tools' },
    ],
  },
];
