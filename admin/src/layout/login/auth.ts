import { ADMIN_BASENAME } from '../../config.ts';
import type { SignInKey, SignInMessages } from '../../i18n/signIn.ts';
import type * as I18nModule from '../../i18n/index.ts';
import type * as AuthModule from '../../providers/authProvider.ts';
import type { Credentials } from '../../providers/authProvider.ts';

/** What a sign-in needs of the admin's code: its auth provider and its i18n provider. */
interface Auth {
  login: (credentials: Credentials) => Promise<unknown>;
  translate: (key: string) => string;
}

let authModules: Promise<[typeof AuthModule, typeof I18nModule]> | undefined;

/**
 * The auth provider and the i18n provider, loaded apart from the screen (they import
 * react-admin and the catalogues; the admin that follows shares them). The i18n provider is put
 * in the screen's language, as react-admin's context puts it: the API's error texts that a
 * refused sign-in shows are read in it (providers/apiErrors.ts).
 */
export async function loadAuth(locale: string): Promise<Auth> {
  authModules ??= Promise.all([
    import('../../providers/authProvider.ts'),
    import('../../i18n/index.ts'),
  ]);
  let modules;
  try {
    modules = await authModules;
  } catch (error) {
    authModules = undefined; // asked again by the next sign-in
    throw error;
  }
  const [{ authProvider }, { i18nProvider }] = modules;
  if (i18nProvider.getLocale() !== locale) {
    await Promise.resolve(i18nProvider.changeLocale(locale)).catch(() => undefined);
  }
  return {
    login: (credentials) => authProvider.login(credentials) as Promise<unknown>,
    translate: (key) => i18nProvider.translate(key),
  };
}

/** What looks like a key of the catalogues (`conveyor.errors.network`), not a sentence. */
const CATALOGUE_KEY = /^[a-z]\w*(\.\w+)+$/i;

/**
 * A toast's text. react-admin translates every toast's message: the screen's own keys read in
 * its texts, another key of the catalogues in the admin's i18n provider, and anything else (the
 * API's text, already in the user's language) as it is.
 */
export async function toastText(message: string, messages: SignInMessages, locale: string) {
  if (Object.hasOwn(messages, message)) return messages[message as SignInKey];
  if (!CATALOGUE_KEY.test(message)) return message;
  try {
    return (await loadAuth(locale)).translate(message);
  } catch {
    return message;
  }
}

/**
 * Where a sign-in goes, as react-admin's useLogin sends it: where the auth provider's login()
 * says, else back to the page that asked for the sign-in (react-admin's sign-out leaves it in
 * the location's state), else the admin's home.
 */
export function afterSignIn(result: unknown, state: unknown): string {
  const { redirectTo } = (result ?? {}) as { redirectTo?: unknown };
  if (typeof redirectTo === 'string') return redirectTo;
  const { nextPathname, nextSearch } = (state ?? {}) as {
    nextPathname?: unknown;
    nextSearch?: unknown;
  };
  return typeof nextPathname === 'string' && nextPathname
    ? `${nextPathname}${typeof nextSearch === 'string' ? nextSearch : ''}`
    : `${ADMIN_BASENAME}/`;
}
