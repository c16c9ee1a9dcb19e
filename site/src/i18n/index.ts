import { DEFAULT_LANGUAGE, type Language, LANGUAGES, pickLocalized } from '@conveyor/shared';

/** Every text of the site in the three languages; a test checks they have the same keys. */
export const messages = {
  ru: {
    site_name: 'Конвейерное оборудование',
    main_title: 'Конвейерные системы для складов и производств',
    main_text: 'Проектируем, изготавливаем и устанавливаем конвейеры под ваши задачи.',
    categories: 'Категории',
    more: 'Подробнее',
    products: 'Продукция',
    videos: 'Видео',
    videos_not_found: 'Видео не найдены',
    not_found: 'Такой страницы не существует',
    main_page: 'На главную',
    nav_home: 'Конвейеры',
    nav_contacts: 'Контакты',
    language: 'Язык',
    theme: 'Тема',
    no_data: 'Нет данных',
  },
  uz: {
    site_name: 'Konveyer uskunalari',
    main_title: 'Omborlar va ishlab chiqarish uchun konveyer tizimlari',
    main_text: "Vazifalaringizga mos konveyerlarni loyihalaymiz, ishlab chiqaramiz va o'rnatamiz.",
    categories: 'Kategoriyalar',
    more: 'Batafsil',
    products: 'Mahsulotlar',
    videos: 'Videolar',
    videos_not_found: 'Videolar topilmadi',
    not_found: 'Bunday sahifa mavjud emas',
    main_page: 'Bosh sahifa',
    nav_home: 'Konveyerlar',
    nav_contacts: 'Kontaktlar',
    language: 'Til',
    theme: 'Mavzu',
    no_data: "Ma'lumot yo'q",
  },
  en: {
    site_name: 'Conveyor equipment',
    main_title: 'Conveyor systems for warehouses and production',
    main_text: 'We design, manufacture and install conveyors built for your tasks.',
    categories: 'Categories',
    more: 'More',
    products: 'Products',
    videos: 'Videos',
    videos_not_found: 'Videos not found',
    not_found: 'This page does not exist',
    main_page: 'Main page',
    nav_home: 'Conveyors',
    nav_contacts: 'Contacts',
    language: 'Language',
    theme: 'Theme',
    no_data: 'No data',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type MessageKey = keyof (typeof messages)['ru'];

export const t = (lang: Language, key: MessageKey): string => messages[lang][key];

/** Russian lives at the spec's paths, the others under /en and /uz (DESIGN section 5). */
export const localePath = (lang: Language, path: string): string =>
  lang === DEFAULT_LANGUAGE ? path : `/${lang}${path === '/' ? '' : path}`;

export const pick = (record: object, prefix: string, lang: Language): string =>
  pickLocalized(record as Record<string, string>, prefix, lang);

export { LANGUAGES };
