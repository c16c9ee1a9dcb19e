import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from '@conveyor/shared';
import type { InferGetStaticPropsType } from 'astro';

/** The [...lang] parameter of a language: Russian lives at the unprefixed paths (DESIGN 5). */
export const langParam = (lang: Language): string | undefined =>
  lang === DEFAULT_LANGUAGE ? undefined : lang;

/**
 * getStaticPaths entries of a page built once per language and record: every entry in every
 * language, with the language added to its params and its props.
 */
export function perLanguage<Params extends Record<string, string>, Props extends object>(
  entries: readonly { params: Params; props: Props }[],
  languages: readonly Language[] = LANGUAGES,
) {
  return languages.flatMap((lang) =>
    entries.map(({ params, props }) => ({
      params: { lang: langParam(lang), ...params },
      props: { lang, ...props },
    })),
  );
}

/** getStaticPaths of a page built once per language. */
export const languagePaths = () => perLanguage([{ params: {}, props: {} }]);
/** The props of a page whose getStaticPaths is languagePaths. */
export type LanguageProps = InferGetStaticPropsType<typeof languagePaths>;

/** getStaticPaths of a page per language and record at [id], the record as the prop `key`. */
export function recordPaths<Key extends string, Row extends { id: number }>(
  key: Key,
  records: readonly Row[],
) {
  return perLanguage(
    records.map((record) => ({
      params: { id: String(record.id) },
      props: { [key]: record } as Record<Key, Row>,
    })),
  );
}
