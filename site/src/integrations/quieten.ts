import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Makes a build's process smaller between two of its stages: a full garbage collection where
 * the build offers one (site/scripts/buildSite.mjs leaves its collector on globalThis), and
 * esbuild's service stopped (Astro starts it to bundle the client directive, src/directives,
 * and leaves it running, holding memory the pages do not need; it starts again when needed).
 * Called as the pages are written and the pictures are about to be encoded
 * (src/integrations/pictures.ts), and before the search indexer starts beside the build
 * (search.ts): the two moments a build at a thousand products is at its largest.
 *
 * `thorough`: V8's 'last-resort' collection (what it does before it would run out of memory:
 * collections until nothing more is freed, compacting, its empty pages given back), not the
 * regular one, which leaves the heap's emptied pages committed: a longer pause, which leaves
 * the process smaller when the indexer starts beside it.
 */
export async function quieten(thorough: boolean): Promise<void> {
  const collect = (globalThis as Record<symbol, unknown>)[
    Symbol.for('conveyor.site.collectGarbage')
  ];
  await stopEsbuild();
  if (typeof collect === 'function') {
    if (thorough) collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    else collect();
  }
}

/**
 * Stops the esbuild service Astro started (the module instance Astro loads, which started it):
 * also as the pages start to render, when the modules are bundled and it has nothing to do.
 */
export async function stopEsbuild(): Promise<void> {
  const esbuild = (await importAsAstro('esbuild')) as { stop?: () => void };
  esbuild.stop?.();
}

/**
 * A module as Astro imports it (resolved from Astro's own folder): the same instance, so a
 * setting made on it (sharp's cache) or a service stopped (esbuild's) is Astro's.
 */
export async function importAsAstro(name: string): Promise<unknown> {
  const fromAstro = createRequire(fileURLToPath(import.meta.resolve('astro')));
  return import(pathToFileURL(fromAstro.resolve(name)).href);
}
