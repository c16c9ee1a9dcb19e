// `npm start` (after the bootstrap): builds the back office, then runs the API server, which
// migrates and seeds the embedded database on its first start, builds the public site from
// itself into a release (and again after every content change: PUBLISH_ENABLED), and serves
// everything on one port (PORT, default 8080): /api, /uploads, /admin, /auth/login and the site.
//
// START_SKIP_BUILD=1 serves what is already built.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '@conveyor/api/config';

function build(pkg: string) {
  console.log(`[start] building ${pkg} …`);
  const result = spawnSync('pnpm', ['--filter', pkg, 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`[start] the build of ${pkg} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

if (process.env.START_SKIP_BUILD !== '1') {
  build('@conveyor/admin');
}

const server = spawn(process.execPath, [join(REPO_ROOT, 'api', 'src', 'server.ts')], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  // MALLOC_ARENA_MAX: glibc gives each thread that allocates an arena of its own and keeps
  // them; with libvips' image threads that is well over 100 MB after a few uploads. Two
  // arenas keep the server's memory bounded (`pnpm bench:abuse` measures it).
  env: { PUBLISH_ENABLED: 'true', MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
