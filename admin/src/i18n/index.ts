import { ADMIN_DEFAULT_LANGUAGE, type Language } from '@conveyor/shared';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { en } from './en.ts';
import { ru } from './ru.ts';
import { uz } from './uz.ts';

export const catalogues: Record<Language, typeof uz> = { uz, ru, en };

/** Uzbek by default (DESIGN section 5); the choice is kept by react-admin's store. */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (catalogues[locale as Language] ?? uz) as unknown as TranslationMessages,
  ADMIN_DEFAULT_LANGUAGE,
  [
    { locale: 'uz', name: "O'zbekcha" },
    { locale: 'ru', name: 'Русский' },
    { locale: 'en', name: 'English' },
  ],
  { allowMissing: false },
);
