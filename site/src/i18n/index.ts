import { DEFAULT_LANGUAGE, type Language, LANGUAGES, pickLocalized } from '@conveyor/shared';
import { type MessageKey, messages } from './ui.ts';

export { messages, type MessageKey } from './ui.ts';
export { LANGUAGES };

export const t = (lang: Language, key: MessageKey): string => messages[lang][key];

/** Russian lives at the spec's paths, the others under /en and /uz (DESIGN section 5). */
export const localePath = (lang: Language, path: string): string =>
  lang === DEFAULT_LANGUAGE ? path : `/${lang}${path === '/' ? '' : path}`;

/** The language of an address and the address without its prefix. */
export function splitPath(pathname: string): { lang: Language; path: string } {
  const match = /^\/(uz|en)(\/.*)?$/.exec(pathname);
  if (!match) return { lang: DEFAULT_LANGUAGE, path: pathname || '/' };
  return { lang: match[1] as Language, path: match[2] || '/' };
}

export const pick = (record: object, prefix: string, lang: Language): string =>
  pickLocalized(record as Record<string, string>, prefix, lang);
