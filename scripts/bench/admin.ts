// `pnpm bench:admin`: how much JavaScript the back office's first screen loads, gzipped.
//
// Builds the admin, then follows dist/index.html: its entry script and every module it
// preloads or imports statically (what the browser fetches before the first screen), and
// prints their gzipped size next to the lazily loaded screens. react-admin's own demo loads
// about 600 kB.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '@conveyor/api/config';

const dist = join(REPO_ROOT, 'admin', 'dist');
if (process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('pnpm', ['--filter', '@conveyor/admin', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length;

// Static imports of a built chunk: `import ... from "./x.js"` / `import "./x.js"` (not import()).
const staticImports = (file: string) =>
  [
    ...readFileSync(join(dist, file), 'utf8').matchAll(
      /(?:^|[;}\s])import\s*(?:[^()'"]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
    ),
  ].map((match) => join('assets', match[1]!));

const entry = [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const initial = new Set<string>();
const queue = [...entry];
while (queue.length) {
  const file = queue.pop()!;
  if (initial.has(file)) continue;
  initial.add(file);
  queue.push(...staticImports(file));
}
const all = execFileSync('ls', [join(dist, 'assets')], { encoding: 'utf8' })
  .split('\n')
  .filter((name) => name.endsWith('.js'))
  .map((name) => join('assets', name));
const initialBytes = [...initial].reduce((sum, file) => sum + gz(file), 0);
const lazyBytes = all.filter((file) => !initial.has(file)).reduce((sum, file) => sum + gz(file), 0);

console.table(
  [...initial].map((file) => ({ 'first screen': file, 'gzip kB': +(gz(file) / 1024).toFixed(1) })),
);
console.log(
  `first screen JavaScript: ${(initialBytes / 1024).toFixed(1)} kB gzipped in ${initial.size} files`,
);
console.log(
  `lazily loaded screens:   ${(lazyBytes / 1024).toFixed(1)} kB gzipped in ${all.length - initial.size} files`,
);
