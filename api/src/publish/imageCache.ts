import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Cache entries no kept release holds stay this long: a build running now (a preview, or one
 * that gave way to a newer change) may have just encoded them and not linked them yet. A build
 * that finds one gone encodes it again; a release that linked one keeps its own link.
 */
const CACHE_GRACE_MS = 3600_000;
/**
 * A temporary file of an entry being written (patches/astro@*.patch: `<entry>.<pid>-<n>.tmp`,
 * renamed into place once whole) is left behind only by a build that was stopped mid-write; this
 * is far longer than any write takes.
 */
const TEMPORARY_GRACE_MS = 10 * 60_000;

/**
 * Removes from Astro's image cache the encoded pictures (and their `.json` notes) that no kept
 * release holds under `_astro/`, and what stopped builds left half-written: a deleted product's,
 * a replaced picture's, or a discarded data folder's encodings would otherwise stay for ever. An
 * entry names the file it makes (`<upload>_<hash>.webp`). Returns how many files went.
 */
export async function pruneImageCache(
  cache: string,
  releases: string,
  now = Date.now(),
): Promise<number> {
  const used = new Set<string>();
  for (const release of await readdir(releases).catch(() => [] as string[])) {
    for (const name of await readdir(join(releases, release, '_astro')).catch(() => [])) {
      used.add(name);
    }
  }
  let removed = 0;
  for (const name of await readdir(cache).catch(() => [] as string[])) {
    const temporary = name.endsWith('.tmp');
    if (!temporary && used.has(name.replace(/\.json$/, ''))) continue;
    const path = join(cache, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs < (temporary ? TEMPORARY_GRACE_MS : CACHE_GRACE_MS)) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}
