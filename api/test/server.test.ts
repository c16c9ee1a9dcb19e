import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, skipReason, TEST_DB } from './helpers/database.ts';
import { ready, run, type Running } from './helpers/serverProcess.ts';

// The server as a process, on each database: what `pnpm start` runs. First start seeds, later
// starts do not; SIGTERM lets requests in flight finish and closes the database; a database it
// cannot reach stops it loudly. What does not depend on the database is in startup.test.ts.

/** The server's exit code, or, past `ms`, the server killed and its output shown. */
async function exitWithin(server: Running, ms: number): Promise<number | null> {
  let deadline: NodeJS.Timeout | undefined;
  return Promise.race([
    server.exited,
    new Promise<never>((_, reject) => {
      deadline = setTimeout(() => {
        server.child.kill('SIGKILL');
        reject(new Error(`the server did not exit within ${ms / 1000} s:\n${server.output()}`));
      }, ms);
    }),
  ]).finally(() => clearTimeout(deadline));
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
      // The demo's pictures are drawn the same way whatever the database (on SQLite's first
      // start in a process of their own, which that run checks): PostgreSQL's run seeds without.
      SEED_PICTURES: String(TEST_DB !== 'postgres'),
    };
  });

  afterAll(async () => {
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  // Two starts, the first drawing the demo's pictures: on two cores beside the whole parallel
  // run each can take a minute (ready's own deadline is 90 s), so the test's is past both.
  it('seeds demo content on the first start only', { timeout: 240_000 }, async () => {
    const first = run({ ...env, SEED_DEMO: 'true' });
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
      expect(await exitWithin(first, 60_000)).toBe(0);
    }

    const second = run({ ...env, SEED_DEMO: 'true' });
    try {
      await ready(second);
      expect(second.output()).not.toMatch(/demo content seeded/);
      const clients = (await (await fetch(`${second.url}/api/clients?limit=100`)).json()) as any;
      expect(clients.total).toBe(7);
    } finally {
      second.child.kill('SIGTERM');
      await exitWithin(second, 60_000);
    }
  });

  it('finishes a request in flight on SIGTERM, then exits and closes the database', async () => {
    const server = run({ ...env, SEED_DEMO: 'false' });
    await ready(server);
    const { port } = new URL(server.url);
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
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });

  // Its own time: the start runs Node twice (the lean restart) and loads the whole app before
  // the connection is refused; beside a full parallel test run on two cores that can take more
  // than vitest's 30 s. Past 100 s the server is ended and its output shown.
  it(
    'refuses to start, loudly, when the database cannot be reached or migrated',
    { timeout: 120_000 },
    async () => {
      const server = run({
        ...env,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
        SEED_DEMO: 'false',
      });
      const code = await exitWithin(server, 100_000);
      expect(code).not.toBe(0);
      expect(server.output()).toMatch(/ECONNREFUSED|connect/);
    },
  );
});
