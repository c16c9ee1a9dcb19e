/** Languages of the public site and the admin, in the order the switcher shows them. */
export const LANGUAGES = ['ru', 'uz', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The public site's default language and the first fallback for an empty translation. */
export const DEFAULT_LANGUAGE: Language = 'ru';

/** The admin's default language (its wording comes from the old system, in Uzbek). */
export const ADMIN_DEFAULT_LANGUAGE: Language = 'uz';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The field names of one language-dependent field: `name` → `name_ru`, `name_uz`, `name_en`. */
export type LocalizedKeys<P extends string> = `${P}_${Language}`;

/**
 * A record's own text of a language-dependent field in one language, trimmed: '' when it has
 * none (no fallback, unlike pickLocalized). What makes a page, a search record or a list's
 * language chip a real version of the record in that language.
 */
export function ownText(record: object, prefix: string, language: Language): string {
  return String((record as Record<string, unknown>)[fieldNames(prefix)[language]] ?? '').trim();
}

const FIELD_NAMES = new Map<string, Record<Language, string>>();

/**
 * A field's names in each language (`name` → name_ru, name_uz, name_en), made once per field: a
 * site's build looks up hundreds of thousands of texts, and a name put together for each look-up
 * is a new string the engine must hash before it can find the property.
 */
function fieldNames(prefix: string): Record<Language, string> {
  let names = FIELD_NAMES.get(prefix);
  if (!names) {
    names = { ru: `${prefix}_ru`, uz: `${prefix}_uz`, en: `${prefix}_en` };
    FIELD_NAMES.set(prefix, names);
  }
  return names;
}

/**
 * Picks a language-dependent field by suffix. An empty translation falls back to the default
 * language, then to any non-empty one, then to ''.
 */
export function pickLocalized<P extends string>(
  record: Partial<Record<LocalizedKeys<P>, string | null | undefined>>,
  prefix: P,
  language: Language,
): string {
  const names = fieldNames(prefix) as Record<Language, LocalizedKeys<P>>;
  const value = (lang: Language) => record[names[lang]] ?? '';
  const wanted = value(language).trim();
  if (wanted) return value(language);
  if (value(DEFAULT_LANGUAGE).trim()) return value(DEFAULT_LANGUAGE);
  for (const lang of LANGUAGES) if (value(lang).trim()) return value(lang);
  return '';
}
