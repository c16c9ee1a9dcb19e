import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_BUILD_AGENT } from '../src/config.ts';
import { createPostgresDatabase, skipReason, TEST_DB } from './helpers/database.ts';
import { freePort } from './helpers/ports.ts';

// The server as a process: what `pnpm start` runs. First start seeds, later starts do not;
// SIGTERM lets requests in flight finish; a database it cannot migrate stops it loudly.

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  url: string;
}

function run(env: Record<string, string>, port: number): Running {
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      LOG_PRETTY: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, url: `http://127.0.0.1:${port}` };
}

async function ready(server: Running, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

describe.skipIf(skipReason)('server process', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'conveyor-server-'));
    let databaseUrl = '';
    if (TEST_DB === 'postgres') {
      const database = await createPostgresDatabase();
      databaseUrl = database.url;
      drop = database.drop;
    }
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_USER: 'admin',
      ADMIN_PASSWORD: 'admin-password-1',
    };
  });

  afterAll(async () => {
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds demo content on the first start only', { timeout: 120_000 }, async () => {
    const first = run({ ...env, SEED_DEMO: 'true' }, await freePort());
    try {
      await ready(first);
      expect(first.output()).toMatch(/demo content seeded/);
      const categories = (await (
        await fetch(`${first.url}/api/categories?limit=100`)
      ).json()) as any;
      expect(categories.total).toBeGreaterThanOrEqual(8);
      const signin = await fetch(`${first.url}/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_name: 'admin', password: 'admin-password-1' }),
      });
      const token = ((await signin.json()) as any).data;
      const removed = await fetch(`${first.url}/api/clients/1`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(removed.status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }

    const second = run({ ...env, SEED_DEMO: 'true' }, await freePort());
    try {
      await ready(second);
      expect(second.output()).not.toMatch(/demo content seeded/);
      const clients = (await (await fetch(`${second.url}/api/clients?limit=100`)).json()) as any;
      expect(clients.total).toBe(7);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('finishes a request in flight on SIGTERM, then exits and closes the database', async () => {
    const port = await freePort();
    const server = run({ ...env, SEED_DEMO: 'false' }, port);
    await ready(server);
    // a token in a request must not reach the log
    const secret = 'Bearer not-a-real-token-0123456789abcdef';
    await fetch(`${server.url}/api/me`, { headers: { authorization: secret } });
    const body = JSON.stringify({ user_name: 'admin', password: 'admin-password-1' });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/signin',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      // half the body now, the rest after the server has been told to stop
      request.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 500);
      }, 300);
    });
    const { status, text } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(text).data).toMatch(/^[\w-]{43}$/);
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/shutting down/);
    // structured: one JSON object a line, the request logged without its credentials, and the
    // database closed after the last request
    const lines = server
      .output()
      .split('\n')
      // the start-up banner (address, sign-in) is plain text for people; the rest is the log
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
    expect(lines.some((line) => line.req?.url === '/api/me')).toBe(true);
    expect(server.output()).not.toContain('not-a-real-token');
    expect(server.output()).not.toContain('admin-password-1');
    const messages = lines.map((line) => line.msg);
    expect(messages.indexOf('database closed')).toBeGreaterThan(messages.indexOf('shutting down'));
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it("npm start: one line per request, the site build's reads at debug, Ctrl+C exits 0", async () => {
    const port = await freePort();
    // `npm start` (bootstrap.mjs, start.ts, the server) without its install and builds, in a
    // process group of its own as a console's foreground job
    const child = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        LOG_LEVEL: 'info',
        LOG_PRETTY: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        SEED_DEMO: 'false',
        PUBLISH_ENABLED: 'false',
        START_SKIP_BUILD: '1',
        BOOTSTRAP_SKIP_INSTALL: '1',
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
    const server = { child, output: () => output, exited, url: `http://127.0.0.1:${port}` };
    await ready(server);
    await fetch(`${server.url}/api/categories?from=visitor`);
    await fetch(`${server.url}/api/categories?from=build`, {
      headers: { 'user-agent': SITE_BUILD_AGENT },
    });
    // Ctrl+C: SIGINT to every process of the group (npm, bootstrap.mjs and start.ts pass it on
    // once more each): the server shuts down once, and every layer ends with its code, 0
    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    const requestLines = output.split('\n').filter((line) => line.includes('/api/categories'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toContain('from=visitor');
    expect(output).toMatch(/shutting down/);
    expect(output).not.toMatch(/second SIGINT|asked again|ELIFECYCLE/);
  });

  it('refuses to start, loudly, when the database cannot be reached or migrated', async () => {
    const server = run(
      { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', SEED_DEMO: 'false' },
      await freePort(),
    );
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toMatch(/ECONNREFUSED|connect/);
  });

  it('warns loudly in production when SITE_URL is unset or a loopback address', async () => {
    for (const [siteUrl, expected] of [
      ['', /SITE_URL is not set/],
      ['http://127.0.0.1:8080', /SITE_URL is http:\/\/127\.0\.0\.1:8080, a loopback address/],
      ['https://conveyor.example', null],
    ] as const) {
      const server = run(
        { ...env, NODE_ENV: 'production', SITE_URL: siteUrl, SEED_DEMO: 'false' },
        await freePort(),
      );
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
  });

  it('refuses a malformed setting with a message naming it', async () => {
    const server = run({ ...env, PORT: 'eighty' }, 0);
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toMatch(/PORT/);
  });
});
