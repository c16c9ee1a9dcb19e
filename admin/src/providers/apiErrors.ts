import { type ErrorCode, isErrorCode, LANGUAGES, type Language } from '@conveyor/shared';
import { i18nProvider } from '../i18n/index.ts';

/**
 * Codes whose English text is not ours but an outside service's own answer (a Telegram chat
 * that refused a test message): staff need those words as they are to fix the setting.
 */
export const THEIR_OWN_WORDS: ReadonlySet<ErrorCode> = new Set(['notifications.deliveryFailed']);

/** Codes whose text is about some field: the field's label follows it. */
const ABOUT_A_FIELD: ReadonlySet<ErrorCode> = new Set([
  'validation',
  'oneLanguage',
  'referenceMissing',
  'unexpectedFile',
]);

/** The i18n key of a code's message: `conveyor.api_errors.users.lastActiveAdmin`. */
export const apiErrorKey = (code: ErrorCode) => `conveyor.api_errors.${code}`;

const LOCALIZED = new RegExp(`^(.+)_(${LANGUAGES.join('|')})$`);

/**
 * A field as its form labels it: `name_uz` of products is "Nomi (oʻzbekcha)", `email` of users
 * "E-mail"; a field the catalogue does not know keeps its name.
 */
function fieldLabel(resource: string, field: string): string {
  const translate = i18nProvider.translate;
  const [, base, language] = LOCALIZED.exec(field) ?? [undefined, field, undefined];
  const name = translate(`resources.${resource}.fields.${base}`, { _: field });
  return language ? `${name} (${translate(`conveyor.fields.${language as Language}`)})` : name;
}

/**
 * What a failed call says to staff, in their language: the text of the API's stable
 * `code`, followed by the field at fault where the code is about one. An answer without a known code (a
 * proxy's error page, an older API) keeps the text it has.
 */
export function apiErrorMessage(path: string, payload: unknown, fallback: string): string {
  const { code, error, field } = (payload ?? {}) as {
    code?: unknown;
    error?: unknown;
    field?: unknown;
  };
  if (!isErrorCode(code)) return fallback;
  if (THEIR_OWN_WORDS.has(code) && typeof error === 'string') return error;
  const text = i18nProvider.translate(apiErrorKey(code), { _: fallback });
  const resource = path.split('/')[1] ?? '';
  return ABOUT_A_FIELD.has(code) && typeof field === 'string' && field
    ? `${text}: ${fieldLabel(resource, field)}`
    : text;
}
