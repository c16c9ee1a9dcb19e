// The site build the publishing runner, previews and the warm build worker run.
//
// Astro puts a static build's intermediate server bundle in `<cwd>/.astro/.prerender/` when the
// output folder is outside the working folder (a release under DATA_DIR always is), and deletes
// that folder when it is done: two builds at once from the same folder (a preview while a
// release builds, two API instances on one machine) would delete each other's bundle. So each
// build runs from a working folder of its own under site/.builds/, removed afterwards; modules
// still resolve from site/node_modules above it.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const site = fileURLToPath(new URL('..', import.meta.url));

/** Longer than any build may run (PUBLISH_BUILD_TIMEOUT_MS): a folder this old was left over. */
const LEFT_OVER_MS = 24 * 3600_000;

/**
 * A working folder of its own under site/.builds/ (see above). Folders of builds that were
 * killed (a timeout, a shutdown) are removed once they are a day old.
 */
export function workFolder() {
  const builds = join(site, '.builds');
  mkdirSync(builds, { recursive: true });
  for (const name of readdirSync(builds)) {
    try {
      const folder = join(builds, name);
      if (Date.now() - statSync(folder).mtimeMs > LEFT_OVER_MS) {
        rmSync(folder, { recursive: true, force: true });
      }
    } catch {
      // removed by another build meanwhile
    }
  }
  return mkdtempSync(join(builds, 'build-'));
}

/**
 * Builds the site into `target` with Astro's programmatic build, from the current working
 * folder, which must be one of its own (workFolder).
 */
export async function buildSite(target) {
  const { build } = await import('astro');
  await build({ root: site, outDir: resolve(target) });
}

/** One build from a working folder made for it and removed afterwards. */
export async function buildOnce(target) {
  const work = workFolder();
  process.chdir(work);
  try {
    await buildSite(target);
  } finally {
    process.chdir(site);
    rmSync(work, { recursive: true, force: true });
  }
}
