import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The search index in two parts: a standing one (the base) and a small one of what changed
 * since (the delta), which the search page merges (src/scripts/search.ts).
 *
 * Pagefind does not index incrementally, and a language's whole index is seconds of a build at
 * ten thousand records (its records sent to its indexer one by one, a file written for each),
 * however few changed. So a build indexes only the records that differ from the base (the
 * delta, a Pagefind index of its own in `pagefind/delta/`) and names the base's records they
 * replace or that are gone (`pagefind/delta.json`, by the ids Pagefind gives results); the
 * search page merges the delta into its search (Pagefind's `mergeIndex`, made for searching
 * several indexes at once) and leaves out the base's results named there. What a search finds
 * is what a full index of the same records finds: the records are the same
 * (api/test/publishing/incremental.test.ts compares them with a full build's, record by record).
 *
 * The base of a language is indexed again, and its delta emptied, when the delta has grown past
 * DELTA_LIMIT, when there is no base (a site's first build), and when the code changed or
 * everything is rendered (Rebuild now): a full build has no delta.
 *
 * What the base holds (each record's hash and id, by its address) is kept in the release
 * (BASE_FILE, not served), so the next build can tell what differs without reading the index.
 */

/** The base's account, at a release's top (a dotfile: the server does not serve it). */
export const BASE_FILE = '.search-base.json';
/** The delta's index, in the release's search folder. */
export const DELTA_FOLDER = 'delta';
/** What the search page reads first: the languages with a delta, and the base's ids it hides. */
export const DELTA_FILE = 'delta.json';

/** A record as Pagefind is given it (`addCustomRecord`). */
export interface PagefindRecord {
  url: string;
  content: string;
  language: string;
  meta: Record<string, string>;
}

/** A language's base: each record's hash and Pagefind's id for it, by its address. */
export type BaseLanguage = Record<string, { hash: string; id: string }>;
export interface SearchBase {
  version: 1;
  languages: Record<string, BaseLanguage>;
}
export interface DeltaFile {
  /**
   * Languages with records in the delta (how many) or the base's records hidden (their ids);
   * the search page reads it (src/scripts/search.ts).
   */
  languages: Record<string, { stale: string[]; records: number }>;
}

/**
 * How many records a language's delta may hold (changed, new or gone) before its base is indexed
 * again: a few hundred cost the indexer little and the search page a small download; past them
 * the whole language is indexed once and the delta starts empty.
 */
export function deltaLimit(records: number): number {
  return Math.max(200, Math.ceil(records * 0.02));
}

export function recordHash(record: PagefindRecord): string {
  return createHash('sha256')
    .update(JSON.stringify([record.url, record.content, record.meta]))
    .digest('base64url');
}

export async function readBase(release: string): Promise<SearchBase | null> {
  try {
    const base = JSON.parse(await readFile(join(release, BASE_FILE), 'utf8')) as SearchBase;
    return base.version === 1 ? base : null;
  } catch {
    return null; // none (a release before the delta), or unreadable: the languages are indexed
  }
}

/** A release's delta file (in its search folder), or null where it has none. */
export async function readDelta(searchFolder: string): Promise<DeltaFile | null> {
  try {
    return JSON.parse(await readFile(join(searchFolder, DELTA_FILE), 'utf8')) as DeltaFile;
  } catch {
    return null; // a release before the delta: its languages are compared with their records
  }
}

/** What differs from a language's base: the records to index in the delta, the ids to hide. */
export function difference(
  base: BaseLanguage,
  records: PagefindRecord[],
): { changed: PagefindRecord[]; stale: string[] } {
  const changed: PagefindRecord[] = [];
  const kept = new Set<string>();
  for (const record of records) {
    if (base[record.url]?.hash === recordHash(record)) kept.add(record.url);
    else changed.push(record);
  }
  const stale = Object.entries(base)
    .filter(([url]) => !kept.has(url))
    .map(([, { id }]) => id)
    .sort();
  return { changed, stale };
}

/** Pagefind's fragment: gzip of this signature and the record's JSON. */
const SIGNATURE = 'pagefind_dcd';

/**
 * A freshly written language's base: Pagefind's id for each record (the name of its fragment
 * file, which the search page's results carry), read back from the fragments it wrote.
 */
export async function baseOf(
  searchFolder: string,
  language: string,
  records: PagefindRecord[],
): Promise<BaseLanguage> {
  if (!records.length) return {};
  const ids = new Map<string, string>();
  const fragments = join(searchFolder, 'fragment');
  const names = (await readdir(fragments)).filter((name) => name.startsWith(`${language}_`));
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let name = names.pop(); name; name = names.pop()) {
        const text = gunzipSync(await readFile(join(fragments, name))).toString('utf8');
        if (!text.startsWith(SIGNATURE)) throw new Error(`${name}: not a Pagefind fragment`);
        const { url } = JSON.parse(text.slice(SIGNATURE.length)) as { url: string };
        ids.set(url, name.replace(/\.pf_fragment$/, ''));
      }
    }),
  );
  const base: BaseLanguage = {};
  for (const record of records) {
    const id = ids.get(record.url);
    if (!id) throw new Error(`Pagefind wrote no fragment for ${record.url}`);
    base[record.url] = { hash: recordHash(record), id };
  }
  return base;
}
