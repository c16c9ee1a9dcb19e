import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DAY_MS } from '@conveyor/shared';

/**
 * The sizes of uploaded pictures, kept between builds (where a rebuild's time goes).
 * A page shows a picture at its real size, which the build reads from the picture's first bytes
 * (src/lib/images.ts): a request to the API per picture, hundreds a build, for files that never
 * change (an upload's name is a new UUID each time). So a size read once is kept in a file next
 * to Astro's image cache, and the next build asks only for pictures it has not seen.
 *
 * Kept per build process on globalThis, like the plan (src/lib/plan.ts): the integration opens
 * the file when a build starts and saves it when the build is done (src/integrations/
 * pictures.ts); the pages' bundle, another module instance, reads and adds sizes between.
 * Without an open cache (a test, `astro dev`), every picture's size is read afresh.
 */

const SIZES = Symbol.for('conveyor.site.sizes');

/** Sizes not used for this long are dropped when the file is saved. */
const KEEP_DAYS = 30;
const today = () => Math.floor(Date.now() / DAY_MS);

/** width, height, the day (since 1970) a build last used it */
type Entry = [number, number, number];
interface SizeCache {
  file: string;
  entries: Map<string, Entry>;
  changed: boolean;
}

const shared = globalThis as { [SIZES]?: SizeCache };

/** Opens the file of kept sizes for this build (a missing or unreadable one is empty). */
export function openSizes(file: string): void {
  const entries = new Map<string, Entry>();
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { version?: number; sizes?: unknown };
    if (saved.version === 1 && saved.sizes && typeof saved.sizes === 'object') {
      for (const [src, entry] of Object.entries(saved.sizes)) {
        if (Array.isArray(entry) && entry.length === 3 && entry.every(Number.isInteger)) {
          entries.set(src, entry as Entry);
        }
      }
    }
  } catch {
    // none yet, or unreadable: every picture is read again, and the file written anew
  }
  shared[SIZES] = { file, entries, changed: false };
}

/** The kept size of a picture, if this build has the cache open and it holds one. */
export function keptSize(src: string): { width: number; height: number } | undefined {
  const cache = shared[SIZES];
  const entry = cache?.entries.get(src);
  if (!cache || !entry) return undefined;
  if (entry[2] !== today()) {
    entry[2] = today();
    cache.changed = true;
  }
  return { width: entry[0], height: entry[1] };
}

/** Keeps a picture's size (when the cache is open). */
export function keepSize(src: string, width: number, height: number): void {
  const cache = shared[SIZES];
  if (!cache || !Number.isInteger(width) || !Number.isInteger(height)) return;
  cache.entries.set(src, [width, height, today()]);
  cache.changed = true;
}

/**
 * Writes the kept sizes, when this build changed them, without those unused for KEEP_DAYS, and
 * closes the cache. The file is replaced in one rename: a build reading it meanwhile (a preview
 * while a release builds) sees the old one or the new one; when both write, the last one wins
 * and the other's new sizes are read again next time.
 */
export async function saveSizes(): Promise<number> {
  const cache = shared[SIZES];
  delete shared[SIZES];
  if (!cache?.changed) return 0;
  const sizes: Record<string, Entry> = {};
  for (const [src, entry] of cache.entries) {
    if (today() - entry[2] <= KEEP_DAYS) sizes[src] = entry;
  }
  await mkdir(dirname(cache.file), { recursive: true });
  const temporary = `${cache.file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify({ version: 1, sizes }));
  await rename(temporary, cache.file);
  return Object.keys(sizes).length;
}
