import type { AstroIntegration } from 'astro';
import { pathsAskedAt } from '../lib/plan.ts';

/** Set by site/scripts/bundleKeeper.mjs for a build that renders with its kept bundle. */
const BUNDLE_KEPT = Symbol.for('conveyor.site.bundleKept');

/**
 * Where a build's time goes (a warm rebuild against a bare Astro build), in one line
 * of its log: setting up (the configuration and its integrations), bundling (Vite, or the kept
 * bundle's copy, said at the line's end), rendering
 * the pages and encoding or reusing their pictures, and finishing (the release's manifest, the
 * sitemap). Two integrations sharing a clock: `first` goes first in the config's list and
 * `last` goes last, so that each phase holds every integration's share of it.
 * `pnpm bench:publish` reads the line.
 */
export function buildTimings(): { first: AstroIntegration; last: AstroIntegration } {
  let setup = 0;
  let started = 0;
  let generated = 0;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return {
    first: {
      name: 'conveyor:timings',
      hooks: {
        'astro:config:setup': () => {
          setup = performance.now();
        },
        'astro:build:start': () => {
          started = performance.now();
          pathsAskedAt(true);
        },
      },
    },
    last: {
      name: 'conveyor:timings-end',
      hooks: {
        'astro:build:generated': () => {
          generated = performance.now();
        },
        'astro:build:done': ({ pages: { length: pages }, logger }) => {
          const asked = pathsAskedAt(true) ?? generated;
          const rendering = generated - asked;
          logger.info(
            `timings: setup ${seconds(started - setup)}, bundling ${seconds(asked - started)}, ` +
              `rendering ${pages} pages with their pictures ${seconds(rendering)} ` +
              `(${Math.round(pages / Math.max(rendering / 1000, 0.001))} pages/s), ` +
              `finishing ${seconds(performance.now() - generated)}` +
              // rendered with the warm worker's kept bundle (site/scripts/bundleKeeper.mjs)
              ((globalThis as Record<symbol, unknown>)[BUNDLE_KEPT] ? '; the kept bundle' : ''),
          );
        },
      },
    },
  };
}
