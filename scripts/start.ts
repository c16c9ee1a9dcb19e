// `npm start` (after the bootstrap): runs the API server, which builds the back office beside its
// start (ADMIN_BUILD_AT_START: /admin says "being prepared" until it is built; the site does not
// wait for it), migrates and seeds the embedded database on its first start, builds the public
// site from itself into a release (and again after every content change: PUBLISH_ENABLED), and
// serves everything on one port (PORT, default 8080): /api, /uploads, /admin, /auth/login and the
// site.
//
// START_SKIP_BUILD=1 serves the back office as it is already built. On a fresh checkout the back
// office's dependencies are installed beside the start too, before its build (see below).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@conveyor/api/config';
import { leanStart } from '@conveyor/api/lean';

console.log('[start] starting the server …');

const server = join(REPO_ROOT, 'api', 'src', 'server.ts');
const skipBuild = process.env.START_SKIP_BUILD === '1';
// A fresh checkout's first start installed what the server and the site need, not the back
// office's dependencies (scripts/bootstrap.mjs): the server installs those beside its start,
// before it builds the back office, production ones only unless everything else is installed.
const adminInstalled = existsSync(join(REPO_ROOT, 'admin', 'node_modules', 'vite', 'package.json'));
let installed: { included?: { devDependencies?: boolean } } = {};
try {
  installed = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', '.modules.yaml'), 'utf8'));
} catch {
  // nothing installed by pnpm: the server's own start will say what is missing
}
const adminInstall =
  skipBuild || adminInstalled ? '' : installed.included?.devDependencies === false ? 'prod' : 'all';
// The server takes this process's place, started lean (api/src/lib/leanProcess.ts): `npm start`
// ends in the server's process alone (no launcher kept alive beside it), which gets Ctrl+C and a
// process manager's SIGTERM itself and whose exit code (0 after a clean shutdown) npm reports.
const { env, execArgv } = leanStart(
  {
    PUBLISH_ENABLED: 'true',
    ...process.env,
    ADMIN_BUILD_AT_START: skipBuild ? 'false' : 'true',
    ADMIN_INSTALL_AT_START: adminInstall,
  },
  process.execArgv,
);
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
