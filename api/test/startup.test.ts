import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_BUILD_AGENT } from '../src/config.ts';
import { ready, ROOT, run } from './helpers/serverProcess.ts';

// Starting the server, apart from its database (which server.test.ts covers on each): `npm
// start` ending in the server's process alone, and Ctrl+C, the production warnings, a malformed setting. On
// SQLite only (vitest.config.ts).

/** The processes below `pid`, from /proc (Linux): children, their children, and so on. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // after "(command)" : state, then the parent's id
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const below = [...parents].filter(([, parent]) => parent === pid).map(([child]) => child);
  return below.flatMap((child) => [child, ...descendants(child)]);
}

const cmdline = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');

describe('starting the server', () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'conveyor-startup-'));
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USER: 'admin',
      ADMIN_PASSWORD: 'admin-password-1',
    };
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Whether the last install (scripts/bootstrap.mjs's note in node_modules) covers a start. */
  function installCovered(): boolean {
    try {
      const note = JSON.parse(
        readFileSync(join(ROOT, 'node_modules', '.conveyor-install.json'), 'utf8'),
      ) as { lockfile: string; prod: boolean };
      const lockfile = createHash('sha256')
        .update(readFileSync(join(ROOT, 'pnpm-lock.yaml')))
        .digest('hex');
      return note.lockfile === lockfile && !note.prod;
    } catch {
      return false;
    }
  }

  it('npm start: readable lines when piped, one per request, no install it does not run, Ctrl+C exits 0', async () => {
    // under `npm test` its own install was the last (CI's case): this start has none to run
    const quiet = installCovered();
    // `npm start` (bootstrap.mjs, start.ts, the server) without its install and builds, in a
    // process group of its own as a console's foreground job
    const child = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        LOG_LEVEL: 'info',
        LOG_PRETTY: '',
        HOST: '127.0.0.1',
        PORT: '0',
        SEED_DEMO: 'false',
        PUBLISH_ENABLED: 'false',
        START_SKIP_BUILD: '1',
        // as a newcomer types it: the machine's own Node and npm first, so that where that Node
        // is older than 24 (CI's), bootstrap.mjs hands over to Node 24 as it does for them
        // (that hand-over died of the Ctrl+C and npm start ended with 130)
        PATH: (process.env.PATH ?? '')
          .split(delimiter)
          .filter((dir) => !dir.startsWith(join(ROOT, '.tools')) && !dir.includes('node_modules'))
          .join(delimiter),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    const server = { child, output: () => output, exited, url: '' };
    await ready(server);
    // no launcher kept alive: below npm, only the server's process, started lean
    const below = descendants(child.pid!);
    expect(below.map((pid) => cmdline(pid))).toEqual([
      expect.stringMatching(/--max-semi-space-size=8 --optimize-for-size .*api\/src\/server\.ts$/),
    ]);
    expect(readFileSync(`/proc/${below[0]}/environ`, 'utf8').split('\0')).toEqual(
      expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=65536']),
    );
    await fetch(`${server.url}/api/categories?from=visitor`);
    await fetch(`${server.url}/api/categories?from=build`, {
      headers: { 'user-agent': SITE_BUILD_AGENT },
    });
    // Ctrl+C: SIGINT to every process of the group (npm passes it on once more): the server
    // shuts down once, and npm ends with its code, 0
    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    const requestLines = output.split('\n').filter((line) => line.includes('/api/categories'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toContain('from=visitor');
    // readable lines, though the output is a pipe, not a terminal; JSON only when asked for
    expect(requestLines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO/);
    expect(output).not.toMatch(/^\{"level"/m);
    expect(output).toMatch(/shutting down/);
    expect(output).not.toMatch(/second SIGINT|asked again|ELIFECYCLE/);
    // npm's update notice would be the last line of a stop
    expect(output).not.toMatch(/npm notice/);
    // installing is said only when it happens; then it is noted, and the next start is quiet
    if (quiet) expect(output).not.toMatch(/installing|checking dependencies/);
    else expect(output).toMatch(/\[bootstrap\] installing dependencies \(/);
    expect(installCovered()).toBe(true);
  });

  // three servers started one after another: beside a full parallel run on two cores that can
  // take longer than vitest's 30 s
  it(
    'warns loudly in production when SITE_URL is unset or a loopback address',
    { timeout: 120_000 },
    async () => {
      for (const [siteUrl, expected] of [
        ['', /SITE_URL is not set/],
        ['http://127.0.0.1:8080', /SITE_URL is http:\/\/127\.0\.0\.1:8080, a loopback address/],
        ['https://conveyor.example', null],
      ] as const) {
        const server = run({
          ...env,
          NODE_ENV: 'production',
          SITE_URL: siteUrl,
          SEED_DEMO: 'false',
        });
        try {
          await ready(server);
          if (expected) {
            expect(server.output()).toMatch(expected);
            // In the JSON log as a warning, and in the console next to the addresses.
            expect(server.output()).toMatch(/"level":40.*SITE_URL/);
            expect(server.output()).toMatch(/WARNING: SITE_URL/);
          } else expect(server.output()).not.toMatch(/SITE_URL/);
        } finally {
          server.child.kill('SIGTERM');
          await server.exited;
        }
      }
    },
  );

  it('refuses a malformed setting with a message naming it', async () => {
    const server = run({ ...env, PORT: 'eighty' });
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toMatch(/PORT/);
  });
});
