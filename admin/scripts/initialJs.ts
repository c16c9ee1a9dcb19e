// How much JavaScript the back office's first screen loads, gzipped: `pnpm bench:admin` prints
// it (scripts/bench/admin.ts) and admin/test/initialJs.test.ts holds it under its budget.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The admin package's folder. */
export const ADMIN_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * The most the first screen may load, gzipped. The sign-in screen is that first screen: it is
 * rendered by the entry without react-admin (layout/LoginPage.tsx and layout/login/), and the
 * admin itself (react-admin, its Admin, the layout, the dashboard, every screen) and the
 * catalogues load lazily.
 */
export const INITIAL_JS_BUDGET = 200 * 1024;

/**
 * Builds the admin with its own config (vite.config.ts) into `outDir`, in a process of its own
 * with NODE_ENV=production: a build started from a test run would otherwise bundle React's
 * development builds.
 */
export function buildAdmin(outDir: string): void {
  const vite = dirname(createRequire(join(ADMIN_DIR, 'package.json')).resolve('vite/package.json'));
  execFileSync(
    process.execPath,
    [
      join(vite, 'bin', 'vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: ADMIN_DIR, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'pipe' },
  );
}

export interface BuiltFile {
  /** The file's path in the build: `assets/index-XXXX.js`. */
  file: string;
  /** Its size gzipped, in bytes. */
  gzip: number;
}

export interface InitialJs {
  /** The scripts index.html runs: the entry. */
  entry: string[];
  /** The first screen's files: the entry and every module it imports statically or preloads. */
  initial: BuiltFile[];
  /** Their gzipped bytes, together. */
  initialBytes: number;
  /** The other scripts of the build: what is loaded lazily, when a screen needs it. */
  lazy: BuiltFile[];
  lazyBytes: number;
}

/**
 * A built chunk's static imports: `import ... from "./x.js"`, `import "./x.js"` and
 * `export ... from "./x.js"` (not import()).
 */
const staticImports = (dist: string, file: string) =>
  [
    ...readFileSync(join(dist, file), 'utf8').matchAll(
      /(?:^|[;}\s])(?:import|export)\s*(?:[^()'"]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
    ),
  ].map((match) => join('assets', match[1]!));

/**
 * Follows a build's index.html (`dist`): its entry script and every module it preloads or
 * imports statically, which the browser fetches before the first screen, and the rest.
 */
export function measureInitialJs(dist: string): InitialJs {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const gzip = (file: string): BuiltFile => ({
    file,
    gzip: gzipSync(readFileSync(join(dist, file))).length,
  });
  const named = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);
  const entry = named(/<script[^>]*\ssrc="\/admin\/(assets\/[^"]+\.js)"/g);
  const preloaded = named(/<link[^>]*\shref="\/admin\/(assets\/[^"]+\.js)"/g);
  const initial = new Set<string>();
  const queue = [...entry, ...preloaded];
  while (queue.length) {
    const file = queue.pop()!;
    if (initial.has(file)) continue;
    initial.add(file);
    queue.push(...staticImports(dist, file));
  }
  const lazy = readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => join('assets', name))
    .filter((file) => !initial.has(file))
    .map(gzip);
  const first = [...initial].map(gzip);
  const sum = (files: BuiltFile[]) => files.reduce((total, { gzip }) => total + gzip, 0);
  return { entry, initial: first, initialBytes: sum(first), lazy, lazyBytes: sum(lazy) };
}
