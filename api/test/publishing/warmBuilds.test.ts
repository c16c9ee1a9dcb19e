import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LogTail } from '../../src/publish/buildProcess.ts';
import { siteBuilder } from '../../src/publish/siteBuilder.ts';
import { WarmBuilds } from '../../src/publish/warmBuilds.ts';
import { processRuns } from '../helpers/publishing.ts';

// The warm build worker's protocol and its failures, with a stand-in worker that
// speaks site/scripts/worker.mjs's messages (the real one, running Astro, is exercised by
// incremental.test.ts): `MODE` in a build's environment picks what it does.
const WORKER = `
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
process.on('message', async ({ id, outDir, env }) => {
  if (env.MODE === 'hang') return;
  if (env.MODE === 'data') {
    // a release of the site data, read as site/src/lib/api.ts does: once the file is there
    writeFileSync(env.ASKED, '');
    while (!existsSync(env.SITE_DATA)) await new Promise((r) => setTimeout(r, 5));
    mkdirSync(outDir + '/pagefind', { recursive: true });
    writeFileSync(outDir + '/index.html', readFileSync(env.SITE_DATA, 'utf8'));
    for (const file of ['404.html', 'pagefind/pagefind.js', 'pagefind/pagefind-entry.json'])
      writeFileSync(outDir + '/' + file, '{}');
  }
  if (env.MODE === 'crash') process.exit(3);
  console.log('built by ' + process.pid);
  const end = '\\n\\u001econveyor-build-end ' + id + '\\n';
  process.stdout.write(end);
  process.stderr.write(end);
  if (env.MODE === 'fail') return process.send({ id, ok: false, error: 'broken' });
  mkdirSync(outDir, { recursive: true });
  if (env.MODE !== 'data') writeFileSync(outDir + '/index.html', String(env.MARK));
  const recycle = env.MODE === 'recycle';
  const endingSoon = env.MODE === 'ending';
  // how many pages the release holds, as the real worker answers it (PAGES: a count to answer)
  const pages = env.PAGES ? Number(env.PAGES) : undefined;
  process.send({ id, ok: true, pages, peakRssKb: 1234, recycle, endingSoon }, () => recycle && process.exit(0));
});
process.on('disconnect', () => process.exit(0));
setTimeout(() => process.send({ ready: true }), Number(process.env.WARM_TEST_LOAD_MS ?? 0));
`;

describe('the warm build worker', () => {
  let dir: string;
  let script: string;
  const workers: WarmBuilds[] = [];
  const limits = { timeoutMs: 10_000, killGraceMs: 500 };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'conveyor-warm-'));
    script = join(dir, 'worker.mjs');
    await writeFile(script, WORKER);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const start = (idleMs = 0) => {
    const worker = new WarmBuilds({ script, cwd: dir, idleMs });
    workers.push(worker);
    return worker;
  };
  const build = async (
    worker: WarmBuilds,
    env: Record<string, string>,
    options: { timeoutMs?: number; signal?: AbortSignal } = {},
  ) => {
    const tail = new LogTail();
    const outDir = join(dir, `out-${Math.random().toString(36).slice(2)}`);
    const outcome = await worker.run(
      outDir,
      env,
      { ...limits, timeoutMs: options.timeoutMs ?? limits.timeoutMs },
      tail,
      options.signal,
    );
    return { outcome, log: tail.text(), outDir };
  };

  it('runs build after build in one process, each with its own environment', async () => {
    const worker = start();
    const first = await build(worker, { MARK: 'one' });
    const second = await build(worker, { MARK: 'two', SITE_PREVIOUS: first.outDir });
    expect(first.outcome).toEqual({ code: 0, signal: null, stopped: null });
    expect(second.outcome.code).toBe(0);
    expect(await readFile(join(first.outDir, 'index.html'), 'utf8')).toBe('one');
    expect(await readFile(join(second.outDir, 'index.html'), 'utf8')).toBe('two');
    const pid = /built by (\d+)/.exec(first.log)?.[1];
    expect(pid).toBeDefined();
    expect(second.log).toContain(`built by ${pid}`);
    expect(first.log).toContain('peak_rss_kb=1234');
  });

  it('reports a failed build and keeps the worker', async () => {
    const worker = start();
    const failed = await build(worker, { MODE: 'fail' });
    expect(failed.outcome).toEqual({ code: 1, signal: null, stopped: null });
    const pid = worker.pid;
    expect((await build(worker, { MARK: 'after', SITE_PREVIOUS: dir })).outcome.code).toBe(0);
    expect(worker.pid).toBe(pid);
  });

  it('runs a build with no live release to link from in a fresh worker', async () => {
    const worker = start();
    const first = await build(worker, { MARK: 'first' });
    const pid = worker.pid;
    const full = await build(worker, { MARK: 'full' });
    expect(full.outcome.code).toBe(0);
    expect(first.log).toContain(`built by ${pid}`);
    expect(full.log).not.toContain(`built by ${pid}`);
    await expect.poll(() => processRuns(pid!)).toBe(false);
  });

  it('loads the next worker while a full build runs, for the build after it', async () => {
    const worker = start();
    const controller = new AbortController();
    // a full build (no live release): its worker ends after it (worker.mjs)
    const full = build(worker, { MODE: 'hang' }, { signal: controller.signal });
    await expect.poll(() => worker.sparePid).toBeDefined();
    const builder = worker.pid!;
    const spare = worker.sparePid!;
    expect(spare).not.toBe(builder);
    controller.abort();
    await full;
    const next = await build(worker, { MARK: 'next', SITE_PREVIOUS: dir });
    expect(next.log).toContain(`built by ${spare}`);
    expect(worker.sparePid).toBeUndefined();
    await expect.poll(() => processRuns(builder)).toBe(false);
  });

  it('loads the next worker when this one says it will end soon', async () => {
    const worker = start();
    await build(worker, { MARK: 'one', SITE_PREVIOUS: dir });
    expect(worker.sparePid).toBeUndefined();
    await build(worker, { MODE: 'ending', SITE_PREVIOUS: dir });
    const spare = worker.sparePid;
    expect(spare).toBeDefined();
    const last = await build(worker, { MODE: 'recycle', SITE_PREVIOUS: dir });
    expect(last.log).not.toContain(`built by ${spare}`); // the old worker's last build
    const next = await build(worker, { MARK: 'next', SITE_PREVIOUS: dir });
    expect(next.log).toContain(`built by ${spare}`);
  });

  it('keeps no spare when the worker goes on after a build', async () => {
    const worker = start();
    await build(worker, { MARK: 'full' }); // this stand-in does not end after a full build
    expect(worker.sparePid).toBeUndefined();
    const incremental = await build(worker, { MARK: 'one', SITE_PREVIOUS: dir });
    expect(incremental.outcome.code).toBe(0);
    expect(worker.sparePid).toBeUndefined();
  });

  it('stops a build that hangs, with its process, and starts afresh for the next', async () => {
    const worker = start();
    await worker.warm();
    const pid = worker.pid!;
    const hung = await build(worker, { MODE: 'hang' }, { timeoutMs: 300 });
    expect(hung.outcome.stopped).toMatch(/timed out/);
    await expect.poll(() => processRuns(pid)).toBe(false);
    const next = await build(worker, { MARK: 'next' });
    expect(next.outcome.code).toBe(0);
    expect(worker.pid).not.toBe(pid);
  });

  it('stops a build when the API shuts down', async () => {
    const worker = start();
    const controller = new AbortController();
    const pending = build(worker, { MODE: 'hang' }, { signal: controller.signal });
    await expect.poll(() => worker.pid).toBeDefined();
    controller.abort();
    expect((await pending).outcome.stopped).toMatch(/shut down/);
  });

  it('fails a build whose worker dies, and the next build gets a new one', async () => {
    const worker = start();
    const crashed = await build(worker, { MODE: 'crash' });
    expect(crashed.outcome).toMatchObject({ code: 3, stopped: null });
    expect(crashed.log).toMatch(/worker ended during the build/);
    expect((await build(worker, { MARK: 'again' })).outcome.code).toBe(0);
  });

  it('replaces a worker that ends itself at once, before the next build asks', async () => {
    const worker = start();
    await build(worker, { MODE: 'recycle' });
    const pid = worker.pid;
    expect(pid).toBeDefined(); // the new one, already started
    const next = await build(worker, { MARK: 'fresh' });
    expect(next.log).toContain(`built by ${pid}`);
  });

  const alive = (pid: number | undefined) => {
    try {
      process.kill(pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
    return done();
  };

  describe('a release of the site data', () => {
    /** A builder of releases in the worker, whose data come once it has been handed its build. */
    const builder = (name: string, data: (asked: () => boolean) => Promise<unknown>) => {
      const asked = join(dir, `${name}.asked`);
      const siteRoot = join(dir, name);
      const build = siteBuilder({
        siteRoot,
        command: 'false',
        warm: start(),
        cwd: dir,
        keepReleases: 2,
        env: () => ({ MODE: 'data', ASKED: asked, PAGES: '5' }),
        data: () => data(() => existsSync(asked)),
      });
      return { build, siteRoot };
    };

    it('is built while the database is read, from the data once they are in place', async () => {
      const { build, siteRoot } = builder('overlap', async (asked) => {
        // a builder that read the data before handing the build over would wait here for ever
        if (!(await until(asked))) throw new Error('the worker was not handed its build');
        return { products: ['Ролик'] };
      });
      const built = await build();
      expect(await readFile(join(siteRoot, 'current', 'index.html'), 'utf8')).toBe(
        JSON.stringify({ products: ['Ролик'] }),
      );
      // its pages as the worker counted them, not the release's two HTML files walked on disk
      expect(built.pages).toBe(5);
    });

    it('fails with why when the data cannot be read, the build stopped, nothing made live', async () => {
      const { build, siteRoot } = builder('unread', async (asked) => {
        await until(asked);
        throw new Error('database is locked');
      });
      await expect(build()).rejects.toThrow('database is locked');
      expect(existsSync(join(siteRoot, 'current'))).toBe(false);
      expect(await readdir(join(siteRoot, 'releases'))).toEqual([]);
    });
  });

  it('leaves when idle, and a build after that loads a new one', async () => {
    const worker = start(400);
    const first = await build(worker, { MARK: 'one', SITE_PREVIOUS: dir });
    const pid = worker.pid;
    expect(alive(pid)).toBe(true);
    expect(await until(() => !alive(pid))).toBe(true);
    expect(worker.pid).toBeUndefined();
    const second = await build(worker, { MARK: 'two', SITE_PREVIOUS: first.outDir });
    expect(second.outcome.code).toBe(0);
    expect(second.log).not.toContain(`built by ${pid}`);
  });

  it('does not leave while a build runs longer than the idle time', async () => {
    const worker = start(100);
    await worker.warm();
    const pid = worker.pid;
    const stop = new AbortController();
    const hanging = build(worker, { MODE: 'hang', SITE_PREVIOUS: dir }, { signal: stop.signal });
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(pid)).toBe(true);
    stop.abort();
    await hanging;
  });

  it('counts its idle time from when it is ready, not while it loads', async () => {
    // the stand-in takes longer to load than its idle time (forked with this environment)
    process.env.WARM_TEST_LOAD_MS = '400';
    try {
      const worker = start(150);
      expect(await worker.warm()).toBe(true);
      const pid = worker.pid;
      expect(alive(pid)).toBe(true);
      expect(await until(() => !alive(pid))).toBe(true);
    } finally {
      delete process.env.WARM_TEST_LOAD_MS;
    }
  });

  it('stays while the back office is used, and comes back when a record is opened', async () => {
    // An idle time well above the requests' gap: on a loaded machine a test's timer can fire
    // hundreds of milliseconds late.
    const idleMs = 1_000;
    const worker = start(idleMs);
    await worker.warm();
    const ready = performance.now();
    const pid = worker.pid;
    // requests every 200 ms keep it past its idle time
    for (let i = 0; i < 8; i++) {
      worker.keepWarm({ start: false });
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(performance.now() - ready).toBeGreaterThan(idleMs);
    expect(alive(pid)).toBe(true);
    expect(await until(() => !alive(pid))).toBe(true);
    // a list read does not bring it back; opening a record does
    worker.keepWarm({ start: false });
    expect(worker.pid).toBeUndefined();
    worker.keepWarm({ start: true });
    expect(await worker.warm()).toBe(true);
    expect(alive(worker.pid)).toBe(true);
    expect(worker.pid).not.toBe(pid);
  });
});
