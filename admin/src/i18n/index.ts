import { ADMIN_DEFAULT_LANGUAGE, type Language } from '@conveyor/shared';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import type { Catalogue } from './base.ts';
import { followAdminLocale } from './signIn.ts';
import { uz } from './uz.ts';

/**
 * The catalogues of the other languages, loaded when staff choose one (react-admin waits for
 * them, and restores a chosen language at start the same way): the first screen carries
 * Uzbek, the default, only.
 */
const others: Record<Exclude<Language, 'uz'>, () => Promise<Catalogue>> = {
  ru: () => import('./ru.ts').then((module) => module.ru),
  en: () => import('./en.ts').then((module) => module.en),
};

/** Uzbek by default (DESIGN section 5); the choice is kept by react-admin's store. */
export const i18nProvider = polyglotI18nProvider(
  (locale) =>
    (Object.hasOwn(others, locale) ? others[locale as keyof typeof others]() : uz) as
      TranslationMessages | Promise<TranslationMessages>,
  ADMIN_DEFAULT_LANGUAGE,
  [
    { locale: 'uz', name: 'Oʻzbekcha' },
    { locale: 'ru', name: 'Русский' },
    { locale: 'en', name: 'English' },
  ],
  { allowMissing: false },
);

// a sign-in screen opened from the admin (a sign-out) stays in the admin's language
followAdminLocale(() => i18nProvider.getLocale());
