import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildLog } from '../../src/db/repositories/builds.ts';
import { findJob } from '../../src/db/repositories/jobs.ts';
import { JobRunner } from '../../src/jobs/runner.ts';
import { BuildError } from '../../src/publish/types.ts';
import {
  defineHookJob,
  displayUrl,
  HOOK_JOB,
  SIGNATURE_HEADER,
  sign,
  TIMESTAMP_HEADER,
  verify,
  type WebhookOptions,
  webhookAnnouncer,
} from '../../src/publish/webhook.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { TestClock } from '../helpers/clock.ts';
import { skipReason } from '../helpers/database.ts';
import { openMigratedDb } from '../helpers/migratedDb.ts';
import { FAKE_COMMAND } from '../helpers/publishing.ts';

const log = Fastify({ logger: { level: 'silent' } }).log;

describe('webhook signatures', () => {
  const secret = 'webhook-secret-1';
  it('accepts a genuine, fresh event and refuses tampering, staleness and absence', () => {
    const now = Date.now();
    const ts = String(now);
    const body = '{"type":"rebuild"}';
    const signature = sign(secret, ts, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verify(secret, { signature, timestamp: ts }, body, now)).toBeNull();
    expect(verify(secret, { signature, timestamp: ts }, '{"type":"other"}', now)).toBe(
      'bad signature',
    );
    expect(verify('another-secret', { signature, timestamp: ts }, body, now)).toBe('bad signature');
    expect(verify(secret, { signature, timestamp: ts }, body, now + 6 * 60_000)).toBe(
      'stale timestamp',
    );
    expect(verify(secret, { timestamp: ts }, body, now)).toBe('missing signature');
    expect(verify('', { signature, timestamp: ts }, body, now)).toBe(
      'webhook secret not configured',
    );
  });
  it('shows a webhook URL without its credentials', () => {
    expect(
      displayUrl('https://user:pass@api.example.com/build_hooks/5f2a8c9e0d1b3a4c?token=abc'),
    ).toBe('https://api.example.com/build_hooks/…3a4c');
    expect(displayUrl('not a url')).toBe('(not a URL)');
  });
});

// Each URL's call is a job of the durable runner: retried with its backoff, across restarts.
describe.skipIf(skipReason)('webhook calls as durable jobs', () => {
  const secret = 'webhook-secret-1';
  let handle: Awaited<ReturnType<typeof openMigratedDb>>;
  const runners: JobRunner[] = [];
  beforeEach(async () => {
    handle = await openMigratedDb();
  });
  afterEach(async () => {
    for (const made of runners.splice(0)) await made.stop();
    await handle.close();
  });

  /** A runner of this test's with the hook kind, on `clock` (the system's by default). */
  function hookRunner(options: WebhookOptions, more: { owner?: string; clock?: TestClock } = {}) {
    const jobs = new JobRunner({ db: handle.db.kysely, log, pollMs: 20, ...more });
    defineHookJob(jobs, handle.db.kysely, options, log);
    jobs.start();
    runners.push(jobs);
    return jobs;
  }

  /** A build record to announce, as the queue makes one. */
  async function buildRow(): Promise<number> {
    const now = new Date().toISOString();
    const row = await handle.db.kysely
      .insertInto('publish_builds')
      .values({ status: 'running', requested_at: now, last_requested_at: now, started_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * An announcement step on a runner of its own, called for a fresh build record. The runners
   * made before it stop first: they run the same kind, and one with other options could take
   * its jobs (it did, under load).
   */
  async function announcer(options: WebhookOptions) {
    for (const made of runners.splice(0)) await made.stop();
    const jobs = hookRunner(options);
    const announce = webhookAnnouncer(jobs, handle.db.kysely, options);
    return async () => announce(new AbortController().signal, { buildId: await buildRow() });
  }

  /** A build hook stand-in that records each signed call and answers `status(calls so far)`. */
  async function hookTarget(status: (calls: number) => number) {
    const received: { signature: string; timestamp: string; body: string }[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({
          signature: String(request.headers[SIGNATURE_HEADER]),
          timestamp: String(request.headers[TIMESTAMP_HEADER]),
          body,
        });
        response.statusCode = status(received.length);
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, received };
  }

  it('announces with retries and backoff until the target accepts', async () => {
    const { server, received } = await hookTarget((calls) => (calls < 3 ? 500 : 204));
    const { port } = server.address() as AddressInfo;
    try {
      const announce = await announcer({
        urls: [`http://127.0.0.1:${port}/hook`],
        secret,
        timeoutMs: 2000,
        retries: 3,
        backoffMs: 10,
      });
      const result = await announce();
      expect(received).toHaveLength(3);
      for (const event of received) {
        expect(verify(secret, event, event.body)).toBeNull();
        expect(JSON.parse(event.body)).toMatchObject({ type: 'rebuild' });
      }
      expect(result.logTail).toContain('204');
      const failing = await announcer({
        urls: [`http://127.0.0.1:${port}/hook`],
        secret,
        timeoutMs: 2000,
        retries: 0,
        backoffMs: 10,
      });
      received.length = 0; // the next call answers 500 again
      await expect(failing()).rejects.toThrow(/did not accept/);
    } finally {
      server.close();
    }
  });

  it('calls every URL even when one fails, retries only what a retry may fix, names the failures', async () => {
    const calls: Record<string, number> = {};
    const server = createServer((request, response) => {
      const path = request.url ?? '';
      calls[path] = (calls[path] ?? 0) + 1;
      request.resume();
      response.statusCode =
        path === '/refused'
          ? 404
          : path === '/broken'
            ? 500
            : path === '/busy' && calls[path] === 1
              ? 429
              : 204;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const announce = await announcer({
        urls: ['/refused', '/broken', '/busy', '/fine'].map((path) => base + path),
        secret,
        timeoutMs: 2000,
        retries: 2,
        backoffMs: 10,
      });
      const failure = await announce().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(BuildError);
      expect((failure as BuildError).message).toBe(
        `2 of 4 webhooks did not accept the rebuild: ${base}/refused, ${base}/broken`,
      );
      expect((failure as BuildError).logTail).toContain(`${base}/fine: 204`);
      expect(calls).toEqual({ '/refused': 1, '/broken': 3, '/busy': 2, '/fine': 1 });
    } finally {
      server.close();
    }
  });

  it('retries a call after a restart: the job outlives the instance that made it', async () => {
    const { server, received } = await hookTarget((calls) => (calls === 1 ? 503 : 204));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const options = { urls: [url], secret, timeoutMs: 2000, retries: 3, backoffMs: 60_000 };
      const clock = new TestClock();
      const first = hookRunner(options, { owner: 'first:1', clock });
      const buildId = await buildRow();
      const id = (await first.enqueue(HOOK_JOB, { url, buildId, body: '{"type":"rebuild"}' }))!;
      await expect.poll(() => received.length).toBe(1);
      await first.idle();
      await first.stop(); // the instance stops while the call waits out its backoff
      expect(await findJob(handle.db.kysely, id)).toMatchObject({ status: 'queued', attempts: 1 });
      const second = hookRunner(options, { owner: 'second:2', clock });
      clock.advance(60_000);
      second.wake();
      await expect.poll(async () => (await findJob(handle.db.kysely, id))?.status).toBe('done');
      expect(received).toHaveLength(2);
      for (const event of received) expect(verify(secret, event, event.body)).toBeNull();
      expect(await findJob(handle.db.kysely, id)).toMatchObject({ attempts: 2, lockedBy: null });
      const logTail = await buildLog(handle.db.kysely, buildId);
      expect(logTail).toBe(
        `${displayUrl(url)}: 503 (attempt 1)\n${displayUrl(url)}: 204 (attempt 2)`,
      );
    } finally {
      server.close();
    }
  });
});

describe.skipIf(skipReason)('rebuild announced by webhook to the bundled runner', () => {
  const secret = 'webhook-secret-2';
  let runner: TestApi;
  let editor: TestApi;
  beforeAll(async () => {
    runner = await startApi({
      PUBLISH_ENABLED: true,
      PUBLISH_BUILD_COMMAND: FAKE_COMMAND,
      PUBLISH_WEBHOOK_SECRET: secret,
    });
    editor = await startApi({
      PUBLISH_ENABLED: true,
      PUBLISH_DEBOUNCE_MS: 100,
      PUBLISH_MAX_WAIT_MS: 500,
      PUBLISH_WEBHOOK_URLS: `${runner.url}/api/publishing/hook`,
      PUBLISH_WEBHOOK_SECRET: secret,
      PUBLISH_WEBHOOK_BACKOFF_MS: 50,
    });
  });
  afterAll(async () => {
    await editor?.close();
    await runner?.close();
  });

  const runnerBuilds = async () =>
    (await runner.app.db.kysely.selectFrom('publish_builds').selectAll().execute()).filter(
      (row) => row.status === 'success',
    ).length;

  it('refuses a bad signature, a stale timestamp and a replay', async () => {
    const body = '{"type":"rebuild"}';
    const post = (headers: Record<string, string>) =>
      fetch(`${runner.url}/api/publishing/hook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const now = String(Date.now());
    expect((await post({ [TIMESTAMP_HEADER]: now, [SIGNATURE_HEADER]: 'sha256=00' })).status).toBe(
      401,
    );
    const old = String(Date.now() - 10 * 60_000);
    expect(
      (await post({ [TIMESTAMP_HEADER]: old, [SIGNATURE_HEADER]: sign(secret, old, body) })).status,
    ).toBe(401);
    expect((await post({})).status).toBe(401);
    const signed = { [TIMESTAMP_HEADER]: now, [SIGNATURE_HEADER]: sign(secret, now, body) };
    const good = await post(signed);
    expect(good.status).toBe(202);
    // the same call again, within its window, is a replay: refused here and on every instance
    // that shares the database
    const replay = await post(signed);
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({
      error: 'Refused: this call was already received',
      code: 'publishing.replayed',
    });
    const sibling = await startApi({
      DATA_DIR: runner.dataDir,
      DATABASE_URL: runner.config.databaseUrl ?? '',
      PUBLISH_WEBHOOK_SECRET: secret,
    });
    try {
      const elsewhere = await fetch(`${sibling.url}/api/publishing/hook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signed },
        body,
      });
      expect(elsewhere.status).toBe(409);
      expect(await elsewhere.json()).toEqual({
        error: 'Refused: this call was already received',
        code: 'publishing.replayed',
      });
    } finally {
      await sibling.close();
    }
  });

  it('a change on one instance makes the runner build', async () => {
    // the runner is done with what earlier tests asked for
    const busy = async () =>
      (
        await runner.app.db.kysely
          .selectFrom('publish_builds')
          .select('id')
          .where('status', 'in', ['queued', 'running'])
          .execute()
      ).length;
    await expect.poll(busy, { timeout: 10_000 }).toBe(0);
    await runner.app.publishing!.idle();
    const before = await runnerBuilds();
    const token = await editor.signIn();
    await editor.request('POST', '/api/categories', { token, json: { name_ru: 'Через вебхук' } });
    // the editor's record says the event was announced, not that it built pages
    const status = async () =>
      (await editor.request('GET', '/api/publishing', { token })).body.data;
    await expect
      .poll(async () => (await status()).lastBuild?.status ?? null, { timeout: 10_000 })
      .toBe('announced');
    const announced = await status();
    expect(announced.mode).toBe('webhook');
    expect(announced.lastBuild).toMatchObject({ pages: null, release: null, error: null });
    expect(announced.lastBuild.logTail).toContain('202');
    await expect.poll(runnerBuilds, { timeout: 10_000 }).toBeGreaterThan(before);
  });
});
