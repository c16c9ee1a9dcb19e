import type { Language } from './languages.ts';

/**
 * The nouns the public site and the back office both show, one word each per language: a
 * visitor's "projects" are the staff's projects. Both catalogues read their labels from here
 * (the site's menu, headings and search results; the back office's menu and screens), and a
 * test holds them to it. Where the spec names a thing (section 2.4's menu: Proyektlar,
 * Murojaatlar, Fikrlar, Mijozlar, Hamkorlar; section 2.1's Suppliers), that is the word.
 *
 * `avoid`: the other words once used for the same thing, which neither catalogue may use for it.
 * Videos are left out: the back office's menu says Media (the spec's word) where the site
 * shows the product's videos.
 */
export interface Term {
  /** The label of one (a search result's kind, a record's screen). */
  one: string;
  /** The label of the list (a menu item, a heading). */
  many: string;
  avoid?: readonly string[];
}

export type Noun =
  'product' | 'category' | 'project' | 'client' | 'testimonial' | 'supplier' | 'lead' | 'document';

export const GLOSSARY = {
  uz: {
    product: { one: 'Mahsulot', many: 'Mahsulotlar' },
    category: { one: 'Kategoriya', many: 'Kategoriyalar' },
    project: { one: 'Proyekt', many: 'Proyektlar', avoid: ['Loyiha', 'Loyihalar', 'Loyihangiz'] },
    client: { one: 'Mijoz', many: 'Mijozlar' },
    testimonial: { one: 'Fikr', many: 'Fikrlar' },
    supplier: {
      one: 'Hamkor',
      many: 'Hamkorlar',
      avoid: ['Yetkazib beruvchi', 'Yetkazib beruvchilar', 'Yetkazib beruvchilarga'],
    },
    lead: { one: 'Murojaat', many: 'Murojaatlar' },
    document: { one: 'Hujjat', many: 'Hujjatlar' },
  },
  ru: {
    product: { one: 'Продукт', many: 'Продукция', avoid: ['Продукты'] },
    category: { one: 'Категория', many: 'Категории' },
    project: { one: 'Проект', many: 'Проекты' },
    client: { one: 'Клиент', many: 'Клиенты' },
    testimonial: { one: 'Отзыв', many: 'Отзывы' },
    supplier: { one: 'Поставщик', many: 'Поставщики', avoid: ['Партнёр', 'Партнёры'] },
    lead: { one: 'Заявка', many: 'Заявки', avoid: ['Обращение', 'Обращения'] },
    document: { one: 'Документ', many: 'Документы', avoid: ['Документация'] },
  },
  en: {
    product: { one: 'Product', many: 'Products' },
    category: { one: 'Category', many: 'Categories' },
    project: { one: 'Project', many: 'Projects' },
    client: { one: 'Client', many: 'Clients' },
    testimonial: { one: 'Testimonial', many: 'Testimonials' },
    supplier: { one: 'Supplier', many: 'Suppliers', avoid: ['Partner', 'Partners'] },
    lead: { one: 'Request', many: 'Requests', avoid: ['Lead', 'Leads'] },
    document: { one: 'Document', many: 'Documents' },
  },
} as const satisfies Record<Language, Record<Noun, Term>>;
