import { existsSync } from 'node:fs';
import { link, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Language, LANGUAGES } from '@conveyor/shared';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import * as pagefind from 'pagefind';
import { localePath } from '../i18n/index.ts';
import { pageFile } from '../lib/plan.ts';
import type { SearchSource } from '../lib/search.ts';
import { type IncrementalState, linker } from './incremental.ts';
import { quieten } from './quieten.ts';

/** Where the index goes in a release, and where the search page loads it from. */
export const SEARCH_FOLDER = 'pagefind';

/**
 * A record of the index, as the records page writes it (src/pages/[...lang]/search/records.astro):
 * its search source with the thumbnail's built address in place of the upload.
 */
export type SearchRecord = Omit<SearchSource, 'picture'> & { image: string | null };

/** The index's entry file: its version and languages, what the search page loads first. */
const ENTRY = 'pagefind-entry.json';

/** Pagefind's own search interfaces: the search page has its own, these are not shipped. */
const UNUSED = /^pagefind-(component-ui|modular-ui|ui|highlight)\.(js|css)$/;

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

/**
 * Writes a search index of these records into `outputPath`: one index per language, in chunks
 * the search page loads as a query needs them. Answers how many records went in.
 *
 * Each language is indexed by an indexer process of its own, one after another, and their
 * entry files (pagefind-entry.json, each naming its one language) are merged: the indexer holds
 * every record it is given until it writes, so all languages at once would hold them all at the
 * build's busiest moment, where one at a time holds a language's. Pagefind indexes each
 * language apart anyway: the files are the same, byte for byte.
 */
export async function writeIndex(
  records: Record<string, SearchRecord[]>,
  outputPath: string,
  carry: { from: string; languages: Language[] } | null = null,
): Promise<number> {
  const languages: Record<string, unknown> = {};
  let entry: Record<string, unknown> = {};
  let count = 0;
  if (carry?.languages.length) {
    entry = await readEntry(carry.from);
    const before = entry.languages as Record<string, unknown>;
    count += await carryLanguages(carry.from, outputPath, carry.languages);
    for (const language of carry.languages) languages[language] = before[language];
  }
  for (const [language, list] of Object.entries(records)) {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    try {
      // All at once: each record is a message to the indexer's process and back; sent one
      // after another, each would wait out the round trip of the one before
      const added = await Promise.all(
        list.map((record) => {
          // Pagefind makes every metadata value searchable: only the title and the category
          // (words of the record anyway) go there; the kind, the thumbnail's address and the
          // element the result leads to ride in the address's fragment, which the search page
          // reads and drops (src/scripts/search.ts)
          const meta: Record<string, string> = { title: record.title };
          if (record.category) meta.category = record.category;
          const extra = new URLSearchParams({ kind: record.kind });
          if (record.image) extra.set('image', record.image);
          // Pagefind keeps one record per address: a record's documents each have their own
          if (record.anchor) extra.set('at', record.anchor);
          return index.addCustomRecord({
            url: `${record.url}#${extra}`,
            content: record.content,
            language,
            meta,
          });
        }),
      );
      const failed = added.flatMap((answer) => answer.errors);
      if (failed.length) throw new Error(`Pagefind: ${failed.slice(0, 3).join('; ')}`);
      count += added.length;
      const written = await index.writeFiles({ outputPath });
      if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
      entry = await readEntry(outputPath);
      Object.assign(languages, entry.languages);
    } finally {
      await index.deleteIndex();
      // the indexer is a process of its own: not kept (the next language starts afresh, and a
      // warm build worker waits for the next edit without it)
      await pagefind.close();
    }
  }
  if (carry && !Object.keys(records).length) {
    // no language indexed here, which would have written what they share
    for (const name of await readdir(carry.from)) {
      if (/^(?:pagefind(?:-worker)?\.js|wasm\.unknown\.pagefind)$/.test(name)) {
        await link(join(carry.from, name), join(outputPath, name));
      }
    }
  }
  if (count) {
    const sorted = Object.fromEntries(
      Object.entries(languages).sort(([a], [b]) => a.localeCompare(b)),
    );
    await writeFile(join(outputPath, ENTRY), JSON.stringify({ ...entry, languages: sorted }));
  }
  return count;
}

async function readEntry(folder: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(folder, ENTRY), 'utf8')) as Record<string, unknown>;
}

/**
 * A language's part of an index: its word chunks, records and filters (`index/`, `fragment/`,
 * `filter/`, each file's name led by the language), its metadata (`pagefind.{lang}_….pf_meta`)
 * and its stemmer (`wasm.{lang}.pagefind`). What the languages share (pagefind.js, its worker,
 * the stemmer-less wasm, the entry) is written by every indexing.
 */
const languagesFile = (languages: readonly string[]) => {
  const any = languages.join('|');
  return new RegExp(
    `^(?:(?:index|fragment|filter)/(?:${any})_|pagefind\\.(?:${any})_.*\\.pf_meta$|wasm\\.(?:${any})\\.pagefind$)`,
  );
};

/** These languages' parts of the live release's index linked into this one; their records. */
async function carryLanguages(from: string, to: string, languages: Language[]): Promise<number> {
  const theirs = languagesFile(languages);
  const links = linker();
  let records = 0;
  for (const entry of await readdir(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const source = join(entry.parentPath, entry.name);
    const path = relative(from, source);
    if (!theirs.test(path)) continue;
    await links.add(source, join(to, path));
    if (path.startsWith('fragment/')) records++;
  }
  await links.done();
  return records;
}

/** The live release's index, linked into this one (its records are this release's). */
async function carryIndex(from: string, to: string): Promise<number> {
  const links = linker();
  let files = 0;
  for (const entry of await readdir(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const source = join(entry.parentPath, entry.name);
    await links.add(source, join(to, relative(from, source)));
    files++;
  }
  await links.done();
  return files;
}

/**
 * The release's search index (Pagefind), built after the pages from each language's records
 * page, rendered or carried over (src/integrations/incremental.ts runs first). Pagefind does not
 * index incrementally, but a language's part of the index is files of its own: the languages
 * whose records page was rendered again are indexed whole, the others' parts linked from the
 * live release (docs/search.md). When no records page was rendered again (an edit of what
 * search does not hold: a testimonial, the company's phone), the live release's index is this
 * one's, and is linked. A preview of a draft has no records page and gets no index: its
 * search is not what it previews.
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
      logger.info(`search index: carried over (${files} files), no record changed`);
      return;
    }
    // A language whose records page was carried over keeps its part of the live release's
    // index (linked); only the others are indexed again: a product renamed in Russian indexes
    // the Russian records alone (its other languages fall back to its Russian name only where
    // they have none of their own, and then their records pages change too)
    const before =
      previous && existsSync(join(previous, SEARCH_FOLDER, ENTRY))
        ? ((await readEntry(join(previous, SEARCH_FOLDER))).languages as Record<string, unknown>)
        : {};
    const kept = LANGUAGES.filter((lang) => carried(lang) && before[lang] !== undefined);
    const records: Record<string, SearchRecord[]> = {};
    for (const lang of LANGUAGES.filter((lang) => !kept.includes(lang))) {
      // a carried records page is linked in only once the build is done: read it where it is
      const list =
        (await readRecords(out, lang)) ??
        (carried(lang) && previous ? await readRecords(previous, lang) : null);
      if (list) records[lang] = list;
    }
    if (!Object.keys(records).length && !kept.length) return;
    // the indexer starts beside the build: the build made small first
    await quieten(true);
    const count = await writeIndex(
      records,
      outputPath,
      kept.length ? { from: join(previous!, SEARCH_FOLDER), languages: kept } : null,
    );
    for (const name of await readdir(outputPath)) {
      if (UNUSED.test(name)) await rm(join(outputPath, name));
    }
    logger.info(
      `search index: ${count} records in ${Math.round(performance.now() - started)} ms` +
        (kept.length ? ` (${kept.join(', ')} carried over)` : ''),
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
