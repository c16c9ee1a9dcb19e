import { DEFAULT_LANGUAGE, type Language, LANGUAGES, pickLocalized } from '@conveyor/shared';
import { type MessageKey, messages } from './ui.ts';

export { messages, type MessageKey } from './ui.ts';
export { LANGUAGES };

export const t = (lang: Language, key: MessageKey): string => messages[lang][key];

/** Russian lives at the spec's paths, the others under /en and /uz (DESIGN section 5). */
export const localePath = (lang: Language, path: string): string =>
  lang === DEFAULT_LANGUAGE ? path : `/${lang}${path === '/' ? '' : path}`;

const PREFIX = /^\/(ru|uz|en)(\/.*)?$/;

/**
 * The language of an address and the address without its prefix (or prefixes). A /ru/… address, Russian
 * written with a prefix it does not have, is read as Russian too (the server redirects it to
 * the unprefixed page): no path it gives starts with a prefix that another would be put before.
 */
export function splitPath(pathname: string): { lang: Language; path: string } {
  const match = PREFIX.exec(pathname);
  if (!match) return { lang: DEFAULT_LANGUAGE, path: pathname || '/' };
  // /uz/ru/x, an address a language was once put in front of: the first prefix is its language
  let path = match[2] || '/';
  for (let more = PREFIX.exec(path); more; more = PREFIX.exec(path)) path = more[2] || '/';
  return { lang: match[1] as Language, path };
}

export const pick = (record: object, prefix: string, lang: Language): string =>
  pickLocalized(record as Record<string, string>, prefix, lang);
