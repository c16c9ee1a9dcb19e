// `node site/scripts/build.mjs <outDir>`: the site build the publishing runner and previews run.
//
// Astro puts a static build's intermediate server bundle in `<cwd>/.astro/.prerender/` when the
// output folder is outside the working folder (a release under DATA_DIR always is), and deletes
// that folder when it is done: two builds at once from the same folder (a preview while a
// release builds, two API instances on one machine) would delete each other's bundle. So each
// build runs from a working folder of its own under site/.builds/, removed afterwards; modules
// still resolve from site/node_modules above it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [target] = process.argv.slice(2);
if (!target) {
  console.error('usage: node site/scripts/build.mjs <outDir>');
  process.exit(2);
}
const outDir = resolve(target);
const site = fileURLToPath(new URL('..', import.meta.url));
mkdirSync(join(site, '.builds'), { recursive: true });
const work = mkdtempSync(join(site, '.builds', 'build-'));
process.chdir(work);
try {
  const { build } = await import('astro');
  await build({ root: site, outDir });
} finally {
  process.chdir(site);
  rmSync(work, { recursive: true, force: true });
}
// Astro's programmatic build may leave handles open; the CLI would exit here too
process.exit(0);
