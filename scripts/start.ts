// `npm start` (after the bootstrap): builds the back office, then runs the API server, which
// migrates and seeds the embedded database on its first start, builds the public site from
// itself into a release (and again after every content change: PUBLISH_ENABLED), and serves
// everything on one port (PORT, default 8080): /api, /uploads, /admin, /auth/login and the site.
//
// START_SKIP_BUILD=1 serves what is already built.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '@conveyor/api/config';
import { leanStart } from '@conveyor/api/lean';

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

const server = join(REPO_ROOT, 'api', 'src', 'server.ts');
// The server takes this process's place, started lean (api/src/lib/leanProcess.ts): `npm start`
// ends in the server's process alone (no launcher kept alive beside it), which gets Ctrl+C and a
// process manager's SIGTERM itself and whose exit code (0 after a clean shutdown) npm reports.
const { env, execArgv } = leanStart({ PUBLISH_ENABLED: 'true', ...process.env }, process.execArgv);
if (typeof process.execve === 'function') {
  process.chdir(REPO_ROOT);
  process.execve(process.execPath, [process.execPath, ...execArgv, server], env);
}
// Windows has no execve: the server as a child there, signals passed on, its exit code ours.
const child = spawn(process.execPath, [...execArgv, server], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
