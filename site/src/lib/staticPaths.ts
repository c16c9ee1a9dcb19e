import { DEFAULT_LANGUAGE, type Language } from '@conveyor/shared';

/** The [...lang] parameter of a language: Russian lives at the unprefixed paths (DESIGN 5). */
export const langParam = (lang: Language): string | undefined =>
  lang === DEFAULT_LANGUAGE ? undefined : lang;
