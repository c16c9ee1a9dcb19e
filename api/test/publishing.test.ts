import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from '../src/db/connect.ts';
import { type QueueOptions, RebuildQueue } from '../src/publish/queue.ts';
import { RebuildRequests } from '../src/publish/requests.ts';
import { BuildError, type BuildResult } from '../src/publish/types.ts';
import {
  buildEnvironment,
  clearLeftovers,
  currentRelease,
  LogTail,
  siteBuilder,
} from '../src/publish/siteBuilder.ts';
import {
  displayUrl,
  SIGNATURE_HEADER,
  sign,
  TIMESTAMP_HEADER,
  verify,
  webhookAnnouncer,
} from '../src/publish/webhook.ts';
import { type TestApi, startApi } from './helpers/api.ts';
import { skipReason, TEST_DB } from './helpers/database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A builder that records its calls, how many ran at once, and takes `ms` to finish. `fail`:
 * every call fails, or (a number) the first so many.
 */
function fakeBuilder(ms = 20, fail: boolean | number = false) {
  const calls: number[] = [];
  let active = 0;
  let maxActive = 0;
  const build = async (): Promise<BuildResult> => {
    calls.push(Date.now());
    active++;
    maxActive = Math.max(maxActive, active);
    await sleep(ms);
    active--;
    if (fail === true || calls.length <= Number(fail))
      throw new BuildError('the site build failed (exit 1)', 'line 1\nAPI unreachable');
    return { pages: 3, release: `r${calls.length}`, logTail: 'ok' };
  };
  return { build, calls, maxActive: () => maxActive };
}

/** Whether a process runs (a zombie, ended but not yet reaped, does not). */
function processRuns(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * A build that hangs: it ignores SIGTERM (so does the child it starts, which writes its pid to
 * `pidFile`), so only SIGKILL to the whole process group ends it.
 */
const hungCommand = (pidFile: string) =>
  `trap '' TERM; sleep 60 & echo $! > ${JSON.stringify(pidFile)}; echo "waiting for the API"; wait`;

/** A build command that writes a one-page release (the real Astro build is slow for tests). */
const FAKE_COMMAND = `node -e "const fs=require('fs');const d=process.argv[1];fs.mkdirSync(d+'/catalog',{recursive:true});fs.writeFileSync(d+'/index.html','<h1>built '+Date.now()+'</h1>');fs.writeFileSync(d+'/catalog/index.html','c');fs.writeFileSync(d+'/404.html','missing')" {outDir}`;

describe.skipIf(skipReason)('rebuild queue', () => {
  let api: TestApi;
  const queues: RebuildQueue[] = [];
  const queue = (
    build: () => Promise<BuildResult>,
    debounceMs = 100,
    maxWaitMs = 400,
    options: Partial<QueueOptions> = {},
  ) => {
    const made = new RebuildQueue(
      api.app.db.kysely,
      build,
      { debounceMs, maxWaitMs, ...options },
      api.app.log,
    );
    queues.push(made);
    return made;
  };
  beforeAll(async () => {
    api = await startApi();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.close()));
    await api.app.db.kysely.deleteFrom('publish_builds').execute();
  });
  afterAll(() => api?.close());

  it('debounces a burst of requests into one build', async () => {
    const fake = fakeBuilder();
    const q = queue(fake.build);
    for (let i = 0; i < 10; i++) {
      await q.request();
      await sleep(10);
    }
    expect(fake.calls).toHaveLength(0);
    await sleep(250);
    await q.idle();
    expect(fake.calls).toHaveLength(1);
    const rows = await api.app.db.kysely.selectFrom('publish_builds').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'success', requests: 10, pages: 3 });
  });

  it('builds at the ceiling even while requests keep coming', async () => {
    const fake = fakeBuilder();
    const q = queue(fake.build, 100, 300);
    const start = Date.now();
    while (Date.now() - start < 700) {
      await q.request();
      await sleep(40);
    }
    expect(fake.calls.length).toBeGreaterThanOrEqual(1);
    expect(fake.calls[0]! - start).toBeLessThan(550);
  });

  it('folds requests made during a build into one follow-up, never two builds at once', async () => {
    const fake = fakeBuilder(300);
    const q = queue(fake.build, 50, 200);
    await q.request();
    await expect.poll(() => q.running, { timeout: 2000 }).toBe(true);
    for (let i = 0; i < 5; i++) await q.request();
    await sleep(500);
    await q.idle();
    await sleep(150);
    await q.idle();
    expect(fake.calls).toHaveLength(2);
    expect(fake.maxActive()).toBe(1);
  });

  it('keeps a pending request across a restart', async () => {
    const fake = fakeBuilder();
    const first = queue(fake.build, 60_000, 120_000);
    await first.request();
    await first.close();
    expect(fake.calls).toHaveLength(0);
    const second = queue(fake.build, 50, 100);
    await second.start();
    await sleep(200);
    await second.idle();
    expect(fake.calls).toHaveLength(1);
  });

  it('records a failed build with its error and log tail', async () => {
    const fake = fakeBuilder(10, true);
    const q = queue(fake.build, 10, 50);
    await q.requestNow();
    await q.idle();
    const [row] = await api.app.db.kysely.selectFrom('publish_builds').selectAll().execute();
    expect(row).toMatchObject({ status: 'failed', error: 'the site build failed (exit 1)' });
    expect(row!.log_tail).toContain('API unreachable');
  });

  const rows = () =>
    api.app.db.kysely.selectFrom('publish_builds').selectAll().orderBy('id').execute();

  it('retries a failed build a few times with a growing backoff, then stops', async () => {
    const fake = fakeBuilder(5, true);
    const q = queue(fake.build, 10, 50, { retries: 2, retryBackoffMs: 100 });
    await q.requestNow();
    await expect.poll(() => fake.calls.length, { timeout: 3000 }).toBe(3);
    await q.idle();
    await sleep(600);
    await q.idle();
    expect(fake.calls).toHaveLength(3);
    expect(fake.calls[1]! - fake.calls[0]!).toBeGreaterThanOrEqual(90);
    expect(fake.calls[2]! - fake.calls[1]!).toBeGreaterThanOrEqual(190);
    expect((await rows()).map((row) => [row.status, row.attempt, row.requests])).toEqual([
      ['failed', 0, 1],
      ['failed', 1, 0],
      ['failed', 2, 0],
    ]);
  });

  it("a change during a retry's backoff builds at once, as any change does", async () => {
    const fake = fakeBuilder(5, 1); // only the first build fails
    const q = queue(fake.build, 50, 400, { retries: 2, retryBackoffMs: 60_000 });
    await q.requestNow();
    await q.idle();
    const [, retry] = await rows();
    expect(retry).toMatchObject({ status: 'queued', requests: 0, attempt: 1 });
    expect(Date.parse(retry!.not_before!) - Date.now()).toBeGreaterThan(50_000);
    const changed = Date.now();
    await q.request();
    await expect.poll(() => fake.calls.length, { timeout: 2000 }).toBe(2);
    expect(fake.calls[1]! - changed).toBeLessThan(1000);
    await q.idle();
    expect((await rows()).at(-1)).toMatchObject({ status: 'success', requests: 1, attempt: 0 });
  });

  it('two publishers never run the same request', async () => {
    const fake = fakeBuilder(50);
    const a = queue(fake.build, 10, 50, { pollMs: 20, owner: 'host-a:1' });
    const b = queue(fake.build, 10, 50, { pollMs: 20, owner: 'host-b:2' });
    await Promise.all([a.start(), b.start()]);
    // requests recorded by a third instance, which does not publish
    const elsewhere = new RebuildRequests(api.app.db.kysely);
    for (let round = 1; round <= 5; round++) {
      await elsewhere.record({ now: true });
      await expect.poll(() => fake.calls.length, { timeout: 3000 }).toBe(round);
      await sleep(100);
      await Promise.all([a.idle(), b.idle()]);
    }
    expect(fake.calls).toHaveLength(5);
    expect(fake.maxActive()).toBe(1);
    const owners = new Set((await rows()).map((row) => row.owner));
    expect([...owners].every((owner) => owner === 'host-a:1' || owner === 'host-b:2')).toBe(true);
  });

  it('folds requests that racing instances recorded as separate rows into one build', async () => {
    const now = new Date().toISOString();
    const queued = { status: 'queued', requested_at: now, last_requested_at: now } as const;
    await api.app.db.kysely
      .insertInto('publish_builds')
      .values([
        { ...queued, requests: 2 },
        { ...queued, requests: 3 },
      ])
      .execute();
    const fake = fakeBuilder();
    const q = queue(fake.build, 10, 50);
    await q.requestNow();
    await q.idle();
    expect(fake.calls).toHaveLength(1);
    expect((await rows()).map((row) => [row.status, row.requests])).toEqual([['success', 6]]);
  });

  it('on start, marks as interrupted only the builds this instance could have run', async () => {
    const ended = spawn(process.execPath, ['-e', '']);
    await once(ended, 'exit');
    const now = new Date().toISOString();
    const old = new Date(Date.now() - 3 * 3600_000).toISOString();
    const running = (owner: string | null, startedAt: string) =>
      ({
        status: 'running',
        requested_at: startedAt,
        last_requested_at: startedAt,
        started_at: startedAt,
        owner,
      }) as const;
    await api.app.db.kysely
      .insertInto('publish_builds')
      .values([
        running('another-host:4242', now), // another instance's build, under way
        running(`${hostname()}:${ended.pid}`, now), // this host, a process that is gone
        running('another-host:4242', old), // older than the build timeout
        running(null, now), // from before owners were recorded
      ])
      .execute();
    const fake = fakeBuilder();
    const q = queue(fake.build, 10, 50, { buildTimeoutMs: 60_000 });
    await q.start();
    const [other, ...mine] = await rows();
    expect(other).toMatchObject({ status: 'running', owner: 'another-host:4242' });
    for (const row of mine.slice(0, 3)) {
      expect(row).toMatchObject({ status: 'failed', error: 'interrupted by a restart' });
    }
    // and asked for again
    await expect.poll(() => fake.calls.length, { timeout: 2000 }).toBe(1);
  });

  it('keeps the newest builds in the table and prunes the rest', async () => {
    const now = new Date().toISOString();
    await api.app.db.kysely
      .insertInto('publish_builds')
      .values(
        Array.from({ length: 12 }, () => ({
          status: 'success' as const,
          requested_at: now,
          last_requested_at: now,
        })),
      )
      .execute();
    const ids = (await rows()).map((row) => row.id);
    const q = queue(fakeBuilder().build, 60_000, 120_000, { keepBuilds: 5 });
    await q.start();
    expect((await rows()).map((row) => row.id)).toEqual(ids.slice(-5));
  });

  it('records a hung build as timed out', async () => {
    const root = await mkdtemp(join(tmpdir(), 'conveyor-hung-'));
    try {
      const build = siteBuilder({
        siteRoot: root,
        command: hungCommand(join(root, 'pid')),
        cwd: root,
        env: () => ({}),
        keepReleases: 2,
        timeoutMs: 300,
        killGraceMs: 100,
      });
      const q = queue(build, 10, 50);
      await q.requestNow();
      await q.idle();
      const [row] = await rows();
      expect(row).toMatchObject({
        status: 'failed',
        error: 'the site build timed out after 0.3 s',
      });
      expect(row!.log_tail).toContain('waiting for the API');
      await expect
        .poll(() => processRuns(Number(readFileSync(join(root, 'pid'), 'utf8'))))
        .toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('at shutdown, stops the build in progress and asks for it again', async () => {
    const root = await mkdtemp(join(tmpdir(), 'conveyor-shutdown-'));
    try {
      const pidFile = join(root, 'pid');
      const build = siteBuilder({
        siteRoot: root,
        command: hungCommand(pidFile),
        cwd: root,
        env: () => ({}),
        keepReleases: 2,
        killGraceMs: 100,
      });
      const q = queue(build, 10, 50);
      await q.requestNow();
      await expect
        .poll(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '')
        .toBe(true);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      const closing = Date.now();
      await q.close();
      expect(Date.now() - closing).toBeLessThan(5000);
      await expect.poll(() => processRuns(pid)).toBe(false);
      expect((await rows()).map((row) => [row.status, row.error, row.requests])).toEqual([
        ['failed', 'stopped: the API shut down', 1],
        ['queued', null, 0],
      ]);
      expect(await readdir(join(root, 'releases'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('a database failure while recording a build is logged, never an unhandled rejection', async () => {
    const db = connect({
      databaseUrl: api.config.databaseUrl,
      sqliteFile: api.config.sqliteFile,
    });
    const log = api.app.log.child({});
    const logged = vi.spyOn(log, 'error');
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let fail: (() => void) | undefined;
      const build = () =>
        new Promise<BuildResult>((_resolve, reject) => {
          fail = () => reject(new BuildError('the site build failed (exit 1)'));
        });
      const q = new RebuildQueue(db.kysely, build, { debounceMs: 10, maxWaitMs: 50 }, log);
      await q.requestNow();
      await expect.poll(() => fail !== undefined).toBe(true);
      await db.destroy(); // the failure cannot be recorded now
      fail!();
      await q.idle();
      await sleep(50);
      expect(unhandled).toEqual([]);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.anything() }),
        'the rebuild queue failed',
      );
      await q.close();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('site builder', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'conveyor-releases-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const builder = (command: string, keepReleases = 2) =>
    siteBuilder({ siteRoot: root, command, cwd: root, env: () => ({}), keepReleases });

  it('builds into a fresh release and points current at it', async () => {
    const result = await builder(FAKE_COMMAND)();
    expect(result.pages).toBe(3);
    expect(await currentRelease(root)).toBe(result.release);
    expect(await readFile(join(root, 'current', 'index.html'), 'utf8')).toContain('built');
  });

  it('leaves the live release alone when a build fails', async () => {
    const live = await currentRelease(root);
    await expect(
      builder('echo building; echo "cannot reach the API" >&2; exit 3')(),
    ).rejects.toMatchObject({
      message: 'the site build failed (exit 3)',
      logTail: expect.stringContaining('cannot reach the API'),
    });
    expect(await currentRelease(root)).toBe(live);
    await expect(builder('true')()).rejects.toThrow(/no index.html/);
    expect(await currentRelease(root)).toBe(live);
    expect(await readdir(join(root, 'releases'))).toHaveLength(1);
  });

  it('keeps only the last few releases', async () => {
    for (let i = 0; i < 3; i++) await builder(FAKE_COMMAND)();
    const releases = await readdir(join(root, 'releases'));
    expect(releases, releases.join(' ')).toHaveLength(2);
    expect(releases).toContain(await currentRelease(root));
  });

  it('requires the not-found page as well as the home page', async () => {
    const live = await currentRelease(root);
    await expect(builder(`mkdir -p {outDir} && echo home > {outDir}/index.html`)()).rejects.toThrow(
      'the build made no 404.html',
    );
    expect(await currentRelease(root)).toBe(live);
  });

  it('stops a hung build, its whole process group, after the timeout', async () => {
    const live = await currentRelease(root);
    const pidFile = join(root, 'hung.pid');
    const started = Date.now();
    const hung = siteBuilder({
      siteRoot: root,
      command: hungCommand(pidFile),
      cwd: root,
      env: () => ({}),
      keepReleases: 2,
      timeoutMs: 300,
      killGraceMs: 200,
    });
    await expect(hung()).rejects.toMatchObject({
      message: 'the site build timed out after 0.3 s',
      logTail: expect.stringContaining('waiting for the API'),
    });
    // SIGTERM was ignored: SIGKILL came after the grace time
    expect(Date.now() - started).toBeGreaterThanOrEqual(480);
    const pid = Number(await readFile(pidFile, 'utf8'));
    await expect.poll(() => processRuns(pid)).toBe(false);
    expect(await currentRelease(root)).toBe(live);
    await rm(pidFile);
  });

  it('stops the build when asked to (the API shuts down)', async () => {
    const pidFile = join(root, 'stopped.pid');
    const abort = new AbortController();
    const run = siteBuilder({
      siteRoot: root,
      command: hungCommand(pidFile),
      cwd: root,
      env: () => ({}),
      keepReleases: 2,
      killGraceMs: 100,
    })(abort.signal);
    await expect.poll(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '').toBe(true);
    abort.abort();
    await expect(run).rejects.toThrow('the site build was stopped: the API shut down');
    await expect.poll(() => processRuns(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
    await rm(pidFile);
  });

  it('keeps whole lines of output and gives the build no secrets', async () => {
    const secrets = {
      ADMIN_PASSWORD: 'admin-secret',
      PUBLISH_WEBHOOK_SECRET: 'hook-secret',
      DATABASE_URL: 'postgres://user:db-secret@127.0.0.1/catalogue',
      REDIS_URL: 'redis://:redis-secret@127.0.0.1:6379',
    };
    const saved = Object.fromEntries(Object.keys(secrets).map((name) => [name, process.env[name]]));
    Object.assign(process.env, secrets);
    try {
      const result = await siteBuilder({
        siteRoot: root,
        command: `printf 'first ha'; sleep 0.2; printf 'lf\\nsecond line\\n'; echo 'to stderr' >&2; ${FAKE_COMMAND} && env > {outDir}/env.txt`,
        cwd: root,
        env: () => ({ API_URL: 'http://127.0.0.1:1' }),
        keepReleases: 2,
      })();
      // whole lines; stdout and stderr may interleave in either order
      expect(result.logTail.split('\n').sort()).toEqual(['first half', 'second line', 'to stderr']);
      const env = await readFile(join(root, 'releases', result.release!, 'env.txt'), 'utf8');
      expect(env).toContain('API_URL=http://127.0.0.1:1');
      expect(env).toContain('PATH=');
      for (const [name, value] of Object.entries(secrets)) {
        expect(env).not.toContain(`${name}=`);
        expect(env).not.toContain(value);
      }
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('an old release that will not go is logged; the new one is live all the same', async () => {
    const own = await mkdtemp(join(tmpdir(), 'conveyor-prune-'));
    try {
      await mkdir(join(own, 'releases'));
      await symlink('/nonexistent/release', join(own, 'releases', 'broken')); // stat fails
      const warn = vi.fn();
      const result = await siteBuilder({
        siteRoot: own,
        command: FAKE_COMMAND,
        cwd: own,
        env: () => ({}),
        keepReleases: 1,
        log: { warn } as never,
      })();
      expect(await currentRelease(own)).toBe(result.release);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error) }),
        'could not remove old site releases',
      );
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('clears what an interrupted build left, never the live release', async () => {
    const own = await mkdtemp(join(tmpdir(), 'conveyor-leftovers-'));
    try {
      for (const name of ['a', 'b', 'c', 'half-built']) {
        await mkdir(join(own, 'releases', name), { recursive: true });
      }
      await symlink(join('releases', 'c'), join(own, 'current'));
      await symlink(join('releases', 'b'), join(own, 'current.next-b'));
      const removed = await clearLeftovers(own, ['a', 'b']);
      expect(removed.sort()).toEqual(['current.next-b', 'releases/half-built']);
      expect((await readdir(join(own, 'releases'))).sort()).toEqual(['a', 'b', 'c']);
      expect(await currentRelease(own)).toBe('c');
      expect(await clearLeftovers(join(own, 'nothing-here'), [])).toEqual([]);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });
});

describe('build output and environment', () => {
  it('splits the output of each stream into whole lines', () => {
    const tail = new LogTail(3);
    const out = tail.stream();
    const err = tail.stream();
    out.write('one\ntw');
    err.write('error: pa');
    out.write('o\r\nthr');
    err.write('rt\n\n');
    out.write('ee');
    out.end();
    err.end();
    expect(tail.text()).toBe('two\nerror: part\nthree');
    const long = new LogTail();
    const stream = long.stream();
    for (let i = 0; i < 100; i++) stream.write('x'.repeat(100));
    stream.end();
    expect(long.text()).toBe(`${'x'.repeat(2000)}…`);
  });

  it('leaves the secrets out of the build environment', () => {
    const env = buildEnvironment(
      { API_URL: 'http://127.0.0.1:1' },
      {
        PATH: '/usr/bin',
        SITE_URL: 'https://example.com',
        ADMIN_USER: 'admin',
        ADMIN_PASSWORD: 'a',
        PUBLISH_WEBHOOK_SECRET: 'b',
        DATABASE_URL: 'c',
        REDIS_URL: 'd',
        PGPASSWORD: 'e',
        GITHUB_TOKEN: 'f',
        AWS_SECRET_ACCESS_KEY: 'g',
      },
    );
    expect(Object.keys(env).sort()).toEqual(['ADMIN_USER', 'API_URL', 'PATH', 'SITE_URL']);
  });
});

describe.skipIf(skipReason)('publishing in the API', () => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startApi({
      PUBLISH_ENABLED: true,
      PUBLISH_BUILD_COMMAND: FAKE_COMMAND,
      PUBLISH_DEBOUNCE_MS: 100,
      PUBLISH_MAX_WAIT_MS: 500,
      SERVE_FRONTENDS: true,
      ADMIN_DIR: '/nonexistent-admin',
    });
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  const status = async () => (await api.request('GET', '/api/publishing', { token })).body.data;

  it('builds the first release on start and serves it', async () => {
    await expect
      .poll(async () => (await status()).live?.release ?? null, { timeout: 10_000 })
      .not.toBeNull();
    const home = await fetch(`${api.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('built');
    expect(existsSync(join(api.dataDir, 'site', 'current', 'index.html'))).toBe(true);
  });

  it('rebuilds after a content change, once for a burst of saves', async () => {
    await api.app.publishing!.idle();
    const before = (await status()).history.length;
    const created = await api.request('POST', '/api/categories', {
      token,
      json: { name_ru: 'Новая' },
    });
    for (let i = 0; i < 9; i++) {
      await api.request('PUT', `/api/categories/${created.body.data.id}`, {
        token,
        json: { name_ru: `Новая ${i}` },
      });
    }
    expect((await status()).queued).toBe(true);
    await expect
      .poll(async () => (await status()).history.length, { timeout: 10_000 })
      .toBe(before + 1);
    await api.app.publishing!.idle();
    const after = await status();
    expect(after.lastBuild.status).toBe('success');
    expect(after.history.length).toBeLessThanOrEqual(before + 2);
  });

  it('does not rebuild for leads and users', async () => {
    await api.app.publishing!.idle();
    await api.request('POST', '/api/leads', {
      json: { name: 'Ali', phone: '+998901234567', message: 'Salom' },
    });
    expect((await status()).queued).toBe(false);
  });

  it('is for staff only; staff may rebuild now', async () => {
    expect((await api.request('GET', '/api/publishing')).status).toBe(401);
    expect((await api.request('POST', '/api/publishing/rebuild')).status).toBe(401);
    await api.app.publishing!.idle();
    const before = (await status()).history.length;
    const reply = await api.request('POST', '/api/publishing/rebuild', { token });
    expect(reply.status).toBe(202);
    // "now": no debounce wait, the build is already under way
    expect(api.app.publishing!.running).toBe(true);
    await api.app.publishing!.idle();
    const after = await status();
    expect(after.history.length).toBe(before + 1);
    expect(after.lastBuild.status).toBe('success');
  });
});

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

  it('announces with retries and backoff until the target accepts', async () => {
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
        response.statusCode = received.length < 3 ? 500 : 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const silent = { error: () => {} } as never;
      const announce = webhookAnnouncer(
        {
          urls: [`http://127.0.0.1:${port}/hook`],
          secret,
          timeoutMs: 2000,
          retries: 3,
          backoffMs: 10,
        },
        silent,
      );
      const result = await announce();
      expect(received).toHaveLength(3);
      for (const event of received) {
        expect(verify(secret, event, event.body)).toBeNull();
        expect(JSON.parse(event.body)).toMatchObject({ type: 'rebuild' });
      }
      expect(result.logTail).toContain('204');
      const failing = webhookAnnouncer(
        {
          urls: [`http://127.0.0.1:${port}/hook`],
          secret,
          timeoutMs: 2000,
          retries: 0,
          backoffMs: 10,
        },
        silent,
      );
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
      const announce = webhookAnnouncer(
        {
          urls: ['/refused', '/broken', '/busy', '/fine'].map((path) => base + path),
          secret,
          timeoutMs: 2000,
          retries: 2,
          backoffMs: 10,
        },
        { error: () => {} },
      );
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

  it('shows a webhook URL without its credentials', () => {
    expect(
      displayUrl('https://user:pass@api.example.com/build_hooks/5f2a8c9e0d1b3a4c?token=abc'),
    ).toBe('https://api.example.com/build_hooks/…3a4c');
    expect(displayUrl('not a url')).toBe('(not a URL)');
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
    expect(await replay.json()).toEqual({ error: 'Refused: this call was already received' });
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
      expect(await elsewhere.json()).toEqual({ error: 'Refused: this call was already received' });
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

describe.skipIf(skipReason)('several API instances on one database', () => {
  let publisher: TestApi;
  let other: TestApi;
  beforeAll(async () => {
    publisher = await startApi({
      PUBLISH_ENABLED: true,
      PUBLISH_BUILD_COMMAND: FAKE_COMMAND,
      PUBLISH_DEBOUNCE_MS: 100,
      PUBLISH_MAX_WAIT_MS: 500,
    });
    // publishing off: it only records the requests
    other = await startApi({
      DATA_DIR: publisher.dataDir,
      DATABASE_URL: publisher.config.databaseUrl ?? '',
    });
  });
  afterAll(async () => {
    await other?.close();
    await publisher?.close();
  });

  const built = async () =>
    (
      await publisher.app.db.kysely
        .selectFrom('publish_builds')
        .select('id')
        .where('status', '=', 'success')
        .execute()
    ).length;

  it('a save on an instance that does not publish makes the publishing one build', async () => {
    await expect.poll(built, { timeout: 10_000 }).toBe(1); // the first release
    await publisher.app.publishing!.idle();
    expect(other.app.publishing).toBeNull();
    const token = await other.signIn();
    await other.request('POST', '/api/categories', { token, json: { name_ru: 'С другого' } });
    const status = (await other.request('GET', '/api/publishing', { token })).body.data;
    expect(status).toMatchObject({ enabled: false, mode: 'off', queued: true });
    await expect.poll(built, { timeout: 10_000 }).toBe(2);

    // so does the rebuild button there
    expect((await other.request('POST', '/api/publishing/rebuild', { token })).status).toBe(202);
    await expect.poll(built, { timeout: 10_000 }).toBe(3);
    await publisher.app.publishing!.idle();
    const after = (await other.request('GET', '/api/publishing', { token })).body.data;
    expect(after).toMatchObject({ queued: false, running: false, retry: null });
    expect(after.lastBuild).toMatchObject({ status: 'success', pages: 3 });
    expect(after.live.release).toBe(await currentRelease(join(publisher.dataDir, 'site')));
  });

  it("reports a failed build's pending retry apart from requests", async () => {
    const token = await publisher.signIn();
    const at = new Date(Date.now() + 3600_000).toISOString();
    const now = new Date().toISOString();
    await publisher.app.db.kysely
      .insertInto('publish_builds')
      .values({
        status: 'queued',
        requested_at: now,
        last_requested_at: now,
        requests: 0,
        attempt: 1,
        not_before: at,
      })
      .execute();
    try {
      const status = (await publisher.request('GET', '/api/publishing', { token })).body.data;
      expect(status).toMatchObject({ queued: false, retry: { attempt: 1, at } });
    } finally {
      await publisher.app.db.kysely
        .deleteFrom('publish_builds')
        .where('status', '=', 'queued')
        .execute();
    }
  });
});

// The whole loop with the real Astro site: a save through the API reaches the public pages in
// every language, and a deactivated product leaves them.
describe.skipIf(skipReason)('publishing the real site', () => {
  let api: TestApi;
  let token: string;
  let categoryId: number;
  let productId: number;

  const page = async (path: string) => {
    const reply = await fetch(api.url + path);
    return { status: reply.status, text: await reply.text() };
  };

  beforeAll(async () => {
    api = await startApi({
      PUBLISH_ENABLED: true,
      PUBLISH_DEBOUNCE_MS: 200,
      PUBLISH_MAX_WAIT_MS: 2000,
      SERVE_FRONTENDS: true,
    });
    token = await api.signIn();
    const category = await api.request('POST', '/api/categories', {
      token,
      json: {
        name_ru: 'Ленточные конвейеры',
        name_uz: 'Lentali konveyerlar',
        name_en: 'Belt conveyors',
      },
    });
    categoryId = category.body.data.id;
    const product = await api.request('POST', '/api/products', {
      token,
      json: {
        category_id: categoryId,
        name_ru: 'ЛК-400',
        name_uz: 'LK-400 uz',
        name_en: 'LK-400 en',
      },
    });
    productId = product.body.data.id;
  }, 120_000);
  afterAll(() => api?.close());

  const settle = async () => {
    await expect
      .poll(
        async () => {
          const data = (await api.request('GET', '/api/publishing', { token })).body.data;
          return !data.running && !data.queued && data.lastBuild !== null;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(true);
    await api.app.publishing!.idle();
  };

  it(
    'an edited product appears, changed, on its page in all three languages',
    { timeout: 120_000 },
    async () => {
      await settle();
      await api.request('PUT', `/api/products/${productId}`, {
        token,
        json: { name_ru: 'ЛК-500 новая', name_uz: 'LK-500 yangi', name_en: 'LK-500 new' },
      });
      await expect
        .poll(async () => (await page(`/catalog/${categoryId}/products/${productId}`)).text, {
          timeout: 90_000,
        })
        .toContain('ЛК-500 новая');
      await settle();
      expect((await page(`/uz/catalog/${categoryId}/products/${productId}`)).text).toContain(
        'LK-500 yangi',
      );
      expect((await page(`/en/catalog/${categoryId}/products/${productId}`)).text).toContain(
        'LK-500 new',
      );
      expect((await page(`/en/catalog/${categoryId}`)).text).toContain('LK-500 new');
    },
  );

  it('a deactivated product disappears from the site', { timeout: 120_000 }, async () => {
    await settle();
    await api.request('PUT', `/api/products/${productId}`, { token, json: { is_active: false } });
    await expect
      .poll(async () => (await page(`/catalog/${categoryId}/products/${productId}`)).status, {
        timeout: 90_000,
      })
      .toBe(404);
    expect((await page(`/catalog/${categoryId}`)).text).not.toContain('ЛК-500');
  });

  it(
    'a failed build keeps the previous site online and records why',
    { timeout: 120_000 },
    async () => {
      await settle();
      const live = (await api.request('GET', '/api/publishing', { token })).body.data.live.release;
      api.app.config.publish.apiUrl = 'http://127.0.0.1:9'; // nothing listens there: the build fails
      try {
        await api.request('POST', '/api/publishing/rebuild', { token });
        await settle();
        const data = (await api.request('GET', '/api/publishing', { token })).body.data;
        expect(data.lastBuild.status).toBe('failed');
        expect(data.lastBuild.error).toMatch(/failed/);
        expect(data.live.release).toBe(live);
        expect((await page(`/catalog/${categoryId}`)).status).toBe(200);
      } finally {
        api.app.config.publish.apiUrl = null;
      }
    },
  );
});

// The site build reads only the API, so one database engine is enough here.
describe.skipIf(skipReason || TEST_DB === 'postgres')('publishing an empty catalogue', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ PUBLISH_ENABLED: true, SERVE_FRONTENDS: true });
  });
  // closing waits for a build in progress; a cold one on a clean machine takes a while
  afterAll(() => api?.close(), 180_000);

  it('builds and serves every page that needs no record', { timeout: 180_000 }, async () => {
    const token = await api.signIn();
    await expect
      .poll(
        async () => {
          const data = (await api.request('GET', '/api/publishing', { token })).body.data;
          return data.running || data.queued ? 'busy' : (data.lastBuild?.status ?? null);
        },
        { timeout: 170_000, interval: 500 },
      )
      .toBe('success');
    for (const path of ['/', '/uz', '/en/projects', '/clients', '/suppliers-inner', '/contacts']) {
      expect((await fetch(api.url + path)).status, path).toBe(200);
    }
    expect((await fetch(`${api.url}/catalog/1`)).status).toBe(404);
    expect((await fetch(`${api.url}/sitemap-index.xml`)).status).toBe(200);
  });
});

describe.skipIf(skipReason)('release swaps under load', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({
      PUBLISH_ENABLED: true,
      PUBLISH_BUILD_COMMAND: FAKE_COMMAND,
      PUBLISH_KEEP_RELEASES: 2,
      SERVE_FRONTENDS: true,
      ADMIN_DIR: '/nonexistent-admin',
    });
    for (
      let waited = 0;
      !existsSync(join(api.dataDir, 'site', 'current', 'index.html'));
      waited += 50
    ) {
      if (waited > 10_000) throw new Error('the first release was not built');
      await sleep(50);
    }
  });
  afterAll(() => api?.close());

  it('never answers a page with an error or a partial file while releases are swapped', async () => {
    const token = await api.signIn();
    let stop = false;
    const failures: string[] = [];
    let served = 0;
    const hammer = async () => {
      while (!stop) {
        for (const path of ['/', '/catalog']) {
          const reply = await fetch(api.url + path);
          const text = await reply.text();
          served++;
          if (reply.status !== 200 || (path === '/' && !text.includes('built'))) {
            failures.push(`${path}: ${reply.status} ${text.slice(0, 60)}`);
          }
        }
      }
    };
    const clients = Array.from({ length: 4 }, hammer);
    const releases = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await api.request('POST', '/api/publishing/rebuild', { token });
      await api.app.publishing!.idle();
      releases.add((await currentRelease(join(api.dataDir, 'site'))) ?? '');
    }
    stop = true;
    await Promise.all(clients);
    expect(releases.size).toBeGreaterThanOrEqual(5);
    expect(served).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  }, 60_000);
});
