import { ADMIN_DEFAULT_LANGUAGE } from '@conveyor/shared';
import { storedSetting } from '../storedSettings.ts';
import type { SignInMessages } from './signInKeys.ts';
import { uz } from './signInUz.ts';

export { SIGN_IN_KEYS, type SignInKey, type SignInMessages } from './signInKeys.ts';

/** Russian and English load when chosen, as their catalogues do (i18n/index.ts). */
const others: Record<string, () => Promise<SignInMessages>> = {
  ru: () => import('./signInRu.ts').then((module) => module.ru),
  en: () => import('./signInEn.ts').then((module) => module.en),
};

let adminLocale: (() => string) | undefined;
/**
 * The admin's i18n provider (i18n/index.ts), once loaded, says what language it is in: the
 * sign-in screen that follows a sign-out in the same page keeps it, as react-admin's own
 * sign-in screen does, though react-admin's sign-out forgets the stored choice.
 */
export function followAdminLocale(getLocale: () => string): void {
  adminLocale = getLocale;
}

/**
 * The sign-in screen's language, chosen as react-admin chose it: the one its store keeps, else
 * the one the admin's i18n provider is already in, else Uzbek, the default.
 */
export function signInLocale(): string {
  const stored = storedSetting('locale');
  if (stored) return String(stored);
  return adminLocale?.() ?? ADMIN_DEFAULT_LANGUAGE;
}

/**
 * The texts in a language: at once for Uzbek (and, as the admin's catalogues do, for a
 * language the admin lacks), once loaded for Russian and English.
 */
export function signInMessages(locale: string): SignInMessages | Promise<SignInMessages> {
  return Object.hasOwn(others, locale) ? others[locale]!() : uz;
}

/** A text with its `%{name}` placeholders filled in, as polyglot fills them. */
export function fillIn(text: string, values: Record<string, string>): string {
  return text.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : placeholder,
  );
}
