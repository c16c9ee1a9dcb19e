// `pnpm bench:admin`: how much JavaScript the back office's first screen loads, gzipped.
//
// Builds the admin, then follows dist/index.html: its entry script and every module it
// preloads or imports statically (what the browser fetches before the first screen), and
// prints their gzipped size next to the lazily loaded screens (admin/scripts/initialJs.ts,
// which admin/test/initialJs.test.ts holds under its budget). react-admin's own demo, for
// scale: docs/benchmarks.md.
import { join } from 'node:path';
import {
  ADMIN_DIR,
  buildAdmin,
  INITIAL_JS_BUDGET,
  measureInitialJs,
} from '../../admin/scripts/initialJs.ts';

const dist = join(ADMIN_DIR, 'dist');
if (process.env.BENCH_SKIP_BUILD !== '1') buildAdmin(dist);
const { initial, initialBytes, lazy, lazyBytes } = measureInitialJs(dist);
const kB = (bytes: number) => (bytes / 1024).toFixed(1);

console.table(initial.map(({ file, gzip }) => ({ 'first screen': file, 'gzip kB': +kB(gzip) })));
console.log(
  `first screen JavaScript: ${kB(initialBytes)} kB gzipped in ${initial.length} files ` +
    `(budget ${kB(INITIAL_JS_BUDGET)} kB)`,
);
console.log(`lazily loaded screens:   ${kB(lazyBytes)} kB gzipped in ${lazy.length} files`);
