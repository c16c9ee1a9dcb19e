import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Language, LANGUAGES } from '@conveyor/shared';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { localePath } from '../i18n/index.ts';
import { pageFile } from '../lib/plan/pages.ts';
import type { SearchSource } from '../lib/search.ts';
import type { IncrementalState } from './incremental.ts';
import { linker } from './links.ts';
import {
  carryIndex,
  dropUnused,
  ENTRY,
  indexLanguages,
  readEntry,
  writeDelta,
} from './pagefindFiles.ts';
import { quieten } from './quieten.ts';
import {
  BASE_FILE,
  baseOf,
  readDelta,
  deltaLimit,
  difference,
  type PagefindRecord,
  readBase,
  type SearchBase,
} from './searchDelta.ts';

/** Where the index goes in a release, and where the search page loads it from. */
export const SEARCH_FOLDER = 'pagefind';

/**
 * A record of the index, as the records page writes it (src/pages/[...lang]/search/records.astro):
 * its search source with the thumbnail's built address in place of the upload.
 */
export type SearchRecord = Omit<SearchSource, 'picture'> & { image: string | null };

/** The records of a language's index, read from its records page in the built release. */
export async function readRecords(out: string, lang: Language): Promise<SearchRecord[] | null> {
  const file = join(out, pageFile(localePath(lang, '/search/records')));
  if (!existsSync(file)) return null;
  const html = await readFile(file, 'utf8');
  const json = /<script type="application\/json" id="search-records">([\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  if (json === undefined) throw new Error(`${file}: no search records in it`);
  return JSON.parse(json) as SearchRecord[];
}

/** A record as Pagefind is given it. */
export function toPagefind(record: SearchRecord, language: string): PagefindRecord {
  // Pagefind makes every metadata value searchable: only the title and the category (words of
  // the record anyway) go there; the kind, the thumbnail's address and the element the result
  // leads to ride in the address's fragment, which the search page reads and drops
  // (src/scripts/search.ts)
  const meta: Record<string, string> = { title: record.title };
  if (record.category) meta.category = record.category;
  const extra = new URLSearchParams({ kind: record.kind });
  if (record.image) extra.set('image', record.image);
  // Pagefind keeps one record per address: a record's documents each have their own
  if (record.anchor) extra.set('at', record.anchor);
  return { url: `${record.url}#${extra}`, content: record.content, language, meta };
}

/**
 * Writes a whole search index of these records into `outputPath`: one index per language, in
 * chunks the search page loads as a query needs them. Answers how many records went in.
 */
export async function writeIndex(
  records: Record<string, SearchRecord[]>,
  outputPath: string,
): Promise<number> {
  return indexLanguages(
    Object.fromEntries(
      Object.entries(records).map(([language, list]) => [
        language,
        list.map((record) => toPagefind(record, language)),
      ]),
    ),
    outputPath,
  );
}

/**
 * Writes the search index of a release (`out`) of these records: against the base of `live`, a
 * release of the same code, where given (src/integrations/searchDelta.ts): a language whose
 * records differ from its base by a few keeps its part of the base (linked) and puts those few
 * in the delta; the others, and every language without `live`, are indexed whole. A language
 * whose records are the live release's (`unchanged`: its records page carried over) keeps its
 * base and its part of the live delta as they are, its records not read nor compared. `records`
 * are the languages' records, or what reads them when they are needed. Answers what it wrote, or
 * null when there are no records.
 */
export async function updateIndex(
  out: string,
  records:
    | Partial<Record<Language, SearchRecord[]>>
    | ((lang: Language) => Promise<SearchRecord[] | null>),
  live?: string,
  unchanged: ReadonlySet<Language> = new Set(),
): Promise<{
  count: number;
  inDelta: number;
  kept: Language[];
  /** Milliseconds each step took, in order (the build's log says them). */
  steps: Record<string, number>;
} | null> {
  const steps: Record<string, number> = {};
  let last = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = Math.round(now - last);
    last = now;
  };
  const recordsOf =
    typeof records === 'function' ? records : async (lang: Language) => records[lang] ?? null;
  const outputPath = join(out, SEARCH_FOLDER);
  const standing = live ? await readBase(live) : null;
  const before =
    standing && existsSync(join(live!, SEARCH_FOLDER, ENTRY))
      ? ((await readEntry(join(live!, SEARCH_FOLDER))).languages as Record<string, unknown>)
      : {};
  const liveDelta = standing ? await readDelta(join(live!, SEARCH_FOLDER)) : null;
  const base: SearchBase = { version: 1, languages: {} };
  const whole: Record<string, PagefindRecord[]> = {};
  const kept: Language[] = [];
  const changed: PagefindRecord[] = [];
  const stale: Record<string, string[]> = {};
  // languages whose part of the live delta is this one's
  const deltaKept: Language[] = [];
  for (const lang of LANGUAGES) {
    const itsBase = standing?.languages[lang];
    if (unchanged.has(lang) && itsBase && before[lang] !== undefined && liveDelta) {
      kept.push(lang);
      base.languages[lang] = itsBase;
      const itsDelta = liveDelta.languages[lang];
      if (itsDelta) {
        stale[lang] = itsDelta.stale;
        if (itsDelta.records) deltaKept.push(lang);
      }
      continue;
    }
    const list = await recordsOf(lang);
    if (!list) continue;
    const own = list.map((record) => toPagefind(record, lang));
    // a language left without records is written whole (empty), as a full build writes it
    if (itsBase && before[lang] !== undefined && own.length) {
      const delta = difference(itsBase, own);
      if (delta.changed.length + delta.stale.length <= deltaLimit(own.length)) {
        kept.push(lang);
        base.languages[lang] = itsBase;
        changed.push(...delta.changed);
        stale[lang] = delta.stale;
        continue;
      }
    }
    whole[lang] = own;
  }
  if (!Object.keys(whole).length && !kept.length) return null;
  step('records read and compared');
  // the indexer starts beside the build: the build made small first, unless it is given only
  // the few records of a delta
  if (Object.keys(whole).length) {
    await quieten(true);
    step('made small');
  }
  const count = await indexLanguages(
    whole,
    outputPath,
    kept.length ? { from: join(live!, SEARCH_FOLDER), languages: kept } : null,
  );
  for (const [lang, list] of Object.entries(whole)) {
    base.languages[lang] = await baseOf(outputPath, lang, list);
  }
  step('indexed');
  const inDelta = await writeDelta(
    changed,
    stale,
    outputPath,
    deltaKept.length
      ? { from: join(live!, SEARCH_FOLDER), file: liveDelta!, languages: deltaKept }
      : null,
  );
  step('delta');
  await writeFile(join(out, BASE_FILE), JSON.stringify(base));
  await dropUnused(outputPath);
  step('written');
  return { count, inDelta, kept, steps };
}

/**
 * The release's search index (Pagefind), built after the pages from each language's records
 * page, rendered or carried over (src/integrations/incremental.ts runs first). Pagefind does not
 * index incrementally: a language whose records differ from the live release's base by a few
 * keeps its part of the base, linked, and the few go into the delta (src/integrations/
 * searchDelta.ts); a language without a base, or with too many changes, is indexed whole
 * (docs/search.md). When no records page was rendered again (an edit of what search does not
 * hold: a testimonial, the company's phone), the live release's index is this one's, and is
 * linked. A preview of a draft has no records page and gets no index: its search is not what
 * it previews.
 *
 * A release that goes live with its pages, before its pictures are encoded (SITE_PICTURES_LATER,
 * src/integrations/pictures.ts), has its index written then, before the pages are announced
 * (`withPages`): pages and index go live together, and the publishing runner makes no release
 * live without one (api/src/publish/releases.ts, REQUIRED_FILES).
 */
export function searchIndex(incremental: IncrementalState): {
  integration: AstroIntegration;
  withPages: (out: string, logger: AstroIntegrationLogger) => Promise<void>;
} {
  let writing: Promise<void> | null = null;
  const write = async (out: string, logger: AstroIntegrationLogger) => {
    const started = performance.now();
    const outputPath = join(out, SEARCH_FOLDER);
    const previous = process.env.SITE_PREVIOUS;
    // carried pages are named without their leading slash
    const carried = (lang: Language) =>
      incremental.carried.includes(localePath(lang, '/search/records').slice(1));
    if (LANGUAGES.every(carried) && previous && existsSync(join(previous, SEARCH_FOLDER))) {
      const files = await carryIndex(join(previous, SEARCH_FOLDER), outputPath);
      if (existsSync(join(previous, BASE_FILE))) {
        const links = linker();
        await links.add(join(previous, BASE_FILE), join(out, BASE_FILE));
        await links.done();
      }
      logger.info(`search index: carried over (${files} files), no record changed`);
      return;
    }
    // a carried records page is linked in only once the build is done: read it where it is
    const records = async (lang: Language) =>
      (await readRecords(out, lang)) ??
      (carried(lang) && previous ? await readRecords(previous, lang) : null);
    const result = await updateIndex(
      out,
      records,
      incremental.sameCode ? previous : undefined,
      new Set(LANGUAGES.filter(carried)),
    );
    if (!result) return;
    const steps = Object.entries(result.steps);
    logger.info(
      `search index: ${result.count} records in ${Math.round(performance.now() - started)} ms` +
        (result.kept.length
          ? ` (${result.inDelta} in the delta; ${result.kept.join(', ')} carried over)`
          : '') +
        ` [${steps.map(([name, ms]) => `${name} ${ms} ms`).join(', ')}]`,
    );
  };
  /** Writes the index once, whichever asks first. */
  const start = (out: string, logger: AstroIntegrationLogger) => (writing ??= write(out, logger));
  return {
    integration: {
      name: 'conveyor:search',
      hooks: {
        // An edit that keeps the site's pages (a rename, a text: the sitemap is the live
        // release's, linked) has its index begun as soon as the pages are written, beside the
        // other integrations' build-done work, which Astro runs one after another: the carried
        // pages' links and the manifest. It reads the records pages where they are (rendered
        // here, or in the live release) and writes only its own folder; its indexer is a
        // process of its own, so on a large catalogue the two overlap rather than add up. A
        // build that writes a sitemap of its own waits, so that the sitemap of tens of
        // thousands of pages and the indexer's records are never held at once.
        'astro:build:generated': ({ dir, logger }) => {
          if (!incremental.sameSitemap) return;
          // awaited, and its failure thrown, at build-done
          start(fileURLToPath(dir), logger).catch(() => undefined);
        },
        'astro:build:done': async ({ dir, logger }) => {
          await start(fileURLToPath(dir), logger);
        },
      },
    },
    withPages: start,
  };
}
