// `npm start` (after the bootstrap): builds the back office, then runs the API server, which
// migrates and seeds the embedded database on its first start, builds the public site from
// itself into a release (and again after every content change: PUBLISH_ENABLED), and serves
// everything on one port (PORT, default 8080): /api, /uploads, /admin, /auth/login and the site.
//
// START_SKIP_BUILD=1 serves what is already built.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '@conveyor/api/config';

/** Builds a package quietly (its chunk table is noise at a start); its output only if it fails. */
function build(pkg: string, what: string) {
  const started = Date.now();
  console.log(`[start] building ${what} …`);
  const result = spawnSync('pnpm', ['--filter', pkg, 'build'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error(`[start] the build of ${pkg} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  console.log(`[start] ${what} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.env.START_SKIP_BUILD !== '1') {
  build('@conveyor/admin', 'the back office');
}
console.log('[start] starting the server …');

const server = spawn(process.execPath, [join(REPO_ROOT, 'api', 'src', 'server.ts')], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  // MALLOC_ARENA_MAX: glibc gives each thread that allocates an arena of its own and keeps
  // them; with libvips' image threads that is well over 100 MB after a few uploads. Two
  // arenas keep the server's memory bounded (`pnpm bench:abuse` measures it).
  env: { PUBLISH_ENABLED: 'true', MALLOC_ARENA_MAX: '2', ...process.env },
});
// Passed on, so that a signal sent to this process alone (a process manager's SIGTERM) stops
// the server; a Ctrl+C reaches the server itself too, which ignores the copy. This process
// waits for the server and ends with its exit code: 0 after a clean shutdown.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
