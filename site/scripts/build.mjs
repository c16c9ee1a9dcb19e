// `node site/scripts/build.mjs <outDir>`: one site build in a process of its own (the default
// PUBLISH_BUILD_COMMAND; see buildSite.mjs, and worker.mjs for the same build kept loaded).
import { buildOnce } from './buildSite.mjs';

const [target] = process.argv.slice(2);
if (!target) {
  console.error('usage: node site/scripts/build.mjs <outDir>');
  process.exit(2);
}
await buildOnce(target);
// Astro's programmatic build may leave handles open; the CLI would exit here too
process.exit(0);
