import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Language } from '@conveyor/shared';
import * as pagefind from 'pagefind';
import { carrier, linker } from './links.ts';
import { DELTA_FILE, DELTA_FOLDER, type DeltaFile, type PagefindRecord } from './searchDelta.ts';

// Pagefind's files in a release (src/integrations/search.ts writes the index with these): a
// language indexed, a language's part linked from the live release's index, the delta's index.

/** The index's entry file: its version and languages, what the search page loads first. */
export const ENTRY = 'pagefind-entry.json';

/** Pagefind's own search interfaces: the search page has its own, these are not shipped. */
const UNUSED = /^pagefind-(component-ui|modular-ui|ui|highlight)\.(js|css)$/;

/** Pagefind's index of these records, written into `outputPath`; answers their number. */
export async function pagefindIndex(
  records: PagefindRecord[],
  outputPath: string,
): Promise<number> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  try {
    // All at once: each record is a message to the indexer's process and back; sent one after
    // another, each would wait out the round trip of the one before
    const added = await Promise.all(records.map((record) => index.addCustomRecord(record)));
    const failed = added.flatMap((answer) => answer.errors);
    if (failed.length) throw new Error(`Pagefind: ${failed.slice(0, 3).join('; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    return added.length;
  } finally {
    await index.deleteIndex();
    // the indexer is a process of its own: not kept (the next language starts afresh, and a
    // warm build worker waits for the next edit without it)
    await pagefind.close();
  }
}

/**
 * The languages of `records` indexed whole into `outputPath`, and those of `carry` linked from
 * the live release's index; answers how many records the index holds.
 *
 * Each language is indexed by an indexer process of its own, one after another, and their
 * entry files (pagefind-entry.json, each naming its one language) are merged: the indexer holds
 * every record it is given until it writes, so all languages at once would hold them all at the
 * build's busiest moment, where one at a time holds a language's. Pagefind indexes each
 * language apart anyway: the files are the same, byte for byte.
 */
export async function indexLanguages(
  records: Record<string, PagefindRecord[]>,
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
  for (const list of Object.values(records)) {
    count += await pagefindIndex(list, outputPath);
    entry = await readEntry(outputPath);
    Object.assign(languages, entry.languages);
  }
  if (carry && !Object.keys(records).length) {
    // no language indexed here, which would have written what they share
    const links = linker();
    for (const name of await readdir(carry.from)) {
      if (/^(?:pagefind(?:-worker)?\.js|wasm\.unknown\.pagefind)$/.test(name)) {
        await links.add(join(carry.from, name), join(outputPath, name));
      }
    }
    await links.done();
  }
  if (count) {
    const sorted = Object.fromEntries(
      Object.entries(languages).sort(([a], [b]) => a.localeCompare(b)),
    );
    // (the folder may hold nothing yet: carried over by a release's prepared copy, links.ts)
    await mkdir(outputPath, { recursive: true });
    await writeFile(join(outputPath, ENTRY), JSON.stringify({ ...entry, languages: sorted }));
  }
  return count;
}

/**
 * The delta (src/integrations/searchDelta.ts): an index of the records that differ from the
 * base, in DELTA_FOLDER, and DELTA_FILE naming, by language, the base's records it hides. The
 * languages of `carry` keep their part of the live release's delta (`carry.from`, its search
 * folder) as it is: linked, with the ids it hides. Answers how many records it holds.
 */
export async function writeDelta(
  changed: PagefindRecord[],
  stale: Record<string, string[]>,
  outputPath: string,
  carry: { from: string; file: DeltaFile; languages: Language[] } | null = null,
): Promise<number> {
  const file: DeltaFile = { languages: {} };
  for (const [language, ids] of Object.entries(stale)) {
    const records = carry?.languages.includes(language as Language)
      ? carry.file.languages[language]!.records
      : changed.filter((record) => record.language === language).length;
    if (records || ids.length) file.languages[language] = { stale: ids, records };
  }
  await mkdir(outputPath, { recursive: true });
  await writeFile(join(outputPath, DELTA_FILE), JSON.stringify(file));
  if (!changed.length && !carry?.languages.length) return 0;
  const folder = join(outputPath, DELTA_FOLDER);
  // the records that changed indexed together (a delta holds a few), beside the carried parts
  const count = await indexLanguages(
    changed.length ? { changed } : {},
    folder,
    carry?.languages.length
      ? { from: join(carry.from, DELTA_FOLDER), languages: carry.languages }
      : null,
  );
  await dropUnused(folder);
  return count;
}

/** Pagefind's own search interfaces, which the search page does not use. */
export async function dropUnused(folder: string): Promise<void> {
  for (const name of await readdir(folder)) {
    if (UNUSED.test(name)) await rm(join(folder, name));
  }
}

export async function readEntry(folder: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(folder, ENTRY), 'utf8')) as Record<string, unknown>;
}

/**
 * A language's part of an index: its word chunks, records and filters (`index/`, `fragment/`,
 * `filter/`, each file's name led by the language), its metadata (`pagefind.{lang}_….pf_meta`)
 * and its stemmer (`wasm.{lang}.pagefind`). What the languages share (pagefind.js, its worker,
 * the stemmer-less wasm, the entry) is written by every indexing.
 */
const LANGUAGE_FOLDERS = ['index', 'fragment', 'filter'];

/** These languages' parts of the live release's index linked into this one; their records. */
async function carryLanguages(from: string, to: string, languages: Language[]): Promise<number> {
  const any = languages.join('|');
  const ownFile = new RegExp(
    `^(?:pagefind\\.(?:${any})_.*\\.pf_meta|wasm\\.(?:${any})\\.pagefind)$`,
  );
  const own = (name: string) => languages.some((language) => name.startsWith(`${language}_`));
  const links = linker();
  const carry = carrier(from, to, links);
  let records = 0;
  // listed folder by folder and chosen by name, not by walking the whole index: its folders
  // hold tens of thousands of files, most of them other languages'
  for (const folder of LANGUAGE_FOLDERS) {
    const names = await readdir(join(from, folder)).catch(() => [] as string[]);
    for (const name of names) {
      if (!own(name)) continue;
      const linking = carry(`${folder}/${name}`);
      if (linking) await linking;
      if (folder === 'fragment') records++;
    }
  }
  for (const name of await readdir(from)) {
    if (ownFile.test(name)) await carry(name);
  }
  await links.done();
  return records;
}

/** The live release's index, linked into this one (its records are this release's). */
export async function carryIndex(from: string, to: string): Promise<number> {
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
