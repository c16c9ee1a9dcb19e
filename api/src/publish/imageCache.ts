import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Cache entries younger than this stay: a preview or another build may be using them now. */
const CACHE_GRACE_MS = 24 * 3600_000;

/**
 * Removes the encoded pictures (and their `.json` notes) no kept release holds under `_astro/`
 * from Astro's image cache: a deleted product's or a replaced picture's encodings would
 * otherwise stay for ever. An entry names the file it makes (`<upload>_<hash>.webp`). Returns
 * how many files went.
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
    if (used.has(name.replace(/\.json$/, ''))) continue;
    const path = join(cache, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs < CACHE_GRACE_MS) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}
