import { existsSync, readFileSync } from 'node:fs';
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PENDING_PICTURES } from '@conveyor/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALLOCATOR_ENV } from '../../src/lib/leanProcess.ts';
import { buildEnvironment, LogTail } from '../../src/publish/buildProcess.ts';
import { pruneImageCache } from '../../src/publish/imageCache.ts';
import { clearLeftovers, currentRelease } from '../../src/publish/releases.ts';
import { siteBuilder } from '../../src/publish/siteBuilder.ts';
import { FAKE_COMMAND, FAKE_INDEX, hungCommand, processRuns } from '../helpers/publishing.ts';

// The bundled site builder on its own: releases on disk, swaps, hung builds, the environment.
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

  it('prunes the picture cache of what no kept release uses and of stopped writes, sparing recent ones', async () => {
    const cache = join(root, 'image-cache');
    await mkdir(cache, { recursive: true });
    const minutes = (n: number) => new Date(Date.now() - n * 60_000);
    const files: Record<string, Date> = {
      'kept.webp': minutes(600),
      'kept.webp.json': minutes(600),
      // no release holds them, and no build can be about to link them
      'gone.avif': minutes(61),
      'gone.avif.json': minutes(61),
      // encoded by a build running now, not linked yet
      'new.webp': minutes(30),
      'new.webp.json': minutes(30),
      // what a build stopped mid-write left, and what one writing now has begun
      'kept.webp.json.4242-7.tmp': minutes(11),
      'new.avif.4343-1.tmp': minutes(0),
    };
    for (const [name, time] of Object.entries(files)) {
      await writeFile(join(cache, name), name);
      await utimes(join(cache, name), time, time);
    }
    const built = await builder(
      `${FAKE_COMMAND} && mkdir -p {outDir}/_astro && echo x > {outDir}/_astro/kept.webp`,
    )();
    expect(built.release).toBe(await currentRelease(root));
    expect(await pruneImageCache(cache, join(root, 'releases'))).toBe(3);
    expect((await readdir(cache)).sort()).toEqual([
      'kept.webp',
      'kept.webp.json',
      'new.avif.4343-1.tmp',
      'new.webp',
      'new.webp.json',
    ]);
  });

  it('keeps only the last few releases', async () => {
    for (let i = 0; i < 3; i++) await builder(FAKE_COMMAND)();
    const releases = await readdir(join(root, 'releases'));
    expect(releases, releases.join(' ')).toHaveLength(2);
    expect(releases).toContain(await currentRelease(root));
    // the older ones left releases/ at once, and are deleted after the build
    const retired = async () =>
      (await readdir(join(root, 'work')).catch(() => [])).filter((name) =>
        name.startsWith('gone-'),
      );
    await expect.poll(retired).toEqual([]);
    expect(await readdir(join(root, 'work')).catch(() => [])).toEqual([]);
  });

  it('requires the not-found page and the search index as well as the home page', async () => {
    const live = await currentRelease(root);
    const home = 'mkdir -p {outDir} && echo home > {outDir}/index.html';
    await expect(builder(home)()).rejects.toThrow('the build made no 404.html');
    await expect(builder(`${home} && echo missing > {outDir}/404.html`)()).rejects.toThrow(
      'the build made no pagefind/pagefind.js',
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
      // whole lines; stdout and stderr may interleave in either order; the runner's account of
      // its time last
      const lines = result.logTail.split('\n');
      expect(lines.at(-1)).toMatch(
        /^runner: build [\d.]+ s, check and swap [\d.]+ s, tidying [\d.]+ s$/,
      );
      expect(lines.slice(0, -1).sort()).toEqual(['first half', 'second line', 'to stderr']);
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
        'could not remove old site releases or cached pictures',
      );
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  /**
   * A build of the pages a site's first release needs, then of its pictures: it writes its
   * pages, its search index and the list of pictures still to come, whether it was told it may
   * go live before them (SITE_PICTURES_LATER), then waits for `go` before it "encodes" and ends
   * with `exit`.
   */
  const twoStages = (go: string, exit: number) =>
    [
      'mkdir -p {outDir}/_astro',
      'echo home > {outDir}/index.html',
      'echo missing > {outDir}/404.html',
      FAKE_INDEX,
      `echo "later=$SITE_PICTURES_LATER" > {outDir}/env.txt`,
      `echo '{"version":1,"pictures":{"/_astro/a.webp":"/uploads/a.jpg"}}' > {outDir}/${PENDING_PICTURES}`,
      `while [ ! -e '${go}' ]; do sleep 0.05; done`,
      `{ [ ${exit} -eq 0 ] || exit ${exit}; }`,
      'echo encoded > {outDir}/_astro/a.webp',
      `rm {outDir}/${PENDING_PICTURES}`,
    ].join(' && ');

  it("makes a site's first release live with its pages, before its pictures", async () => {
    const own = await mkdtemp(join(tmpdir(), 'conveyor-first-'));
    const go = join(own, 'go');
    // what the console shows: the site live, then its pictures in
    const said: string[] = [];
    const log = {
      warn: () => {},
      info: (_: object, message: string) => void said.push(message),
    } as never;
    const build = (exit = 0) =>
      siteBuilder({
        siteRoot: own,
        command: twoStages(go, exit),
        cwd: own,
        env: () => ({}),
        keepReleases: 3,
        log,
      })();
    try {
      let settled = false;
      const first = build().finally(() => (settled = true));
      await vi.waitFor(async () => expect(await currentRelease(own)).not.toBeNull(), {
        timeout: 10_000,
      });
      // live while the build still encodes its pictures
      expect(settled).toBe(false);
      expect(await readFile(join(own, 'current', 'index.html'), 'utf8')).toBe('home\n');
      expect(await readFile(join(own, 'current', 'env.txt'), 'utf8')).toBe('later=1\n');
      expect(existsSync(join(own, 'current', PENDING_PICTURES))).toBe(true);
      expect(said).toEqual(['the site is live; its pictures are being encoded']);
      await writeFile(go, '');
      const result = await first;
      expect(said).toEqual([
        'the site is live; its pictures are being encoded',
        'the pictures are in: the site is complete',
      ]);
      expect(result.release).toBe(await currentRelease(own));
      expect(result.logTail).toMatch(/runner: live with its pages after \d+\.\d\d s/);
      expect(existsSync(join(own, 'current', PENDING_PICTURES))).toBe(false);
      expect(await readFile(join(own, 'current', '_astro', 'a.webp'), 'utf8')).toBe('encoded\n');

      // with a release live, a build swaps in whole: not before its pictures, and not at all
      // when it fails
      await rm(go);
      const second = build(3);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await currentRelease(own)).toBe(result.release);
      await writeFile(go, '');
      await expect(second).rejects.toThrow('the site build failed (exit 3)');
      expect(await currentRelease(own)).toBe(result.release);
      expect(await readdir(join(own, 'releases'))).toEqual([result.release]);
      expect(await readFile(join(own, 'current', 'env.txt'), 'utf8')).toBe('later=1\n');
      expect(said).toHaveLength(2);
    } finally {
      await writeFile(go, '').catch(() => {});
      await rm(own, { recursive: true, force: true });
    }
  });

  it('makes a release live with its pages only once its search index is there too', async () => {
    const own = await mkdtemp(join(tmpdir(), 'conveyor-first-index-'));
    const indexed = join(own, 'indexed');
    // a build that announces its pages before it has written its index (the site's own build
    // writes the index first): the runner waits for the index
    const command = [
      'mkdir -p {outDir}',
      'echo home > {outDir}/index.html',
      'echo missing > {outDir}/404.html',
      `echo '{"version":1,"pictures":{}}' > {outDir}/${PENDING_PICTURES}`,
      `while [ ! -e '${indexed}' ]; do sleep 0.05; done`,
      FAKE_INDEX,
      'sleep 1',
      `rm {outDir}/${PENDING_PICTURES}`,
    ].join(' && ');
    try {
      const first = siteBuilder({
        siteRoot: own,
        command,
        cwd: own,
        env: () => ({}),
        keepReleases: 3,
      })();
      const [release] = await vi.waitFor(
        async () => {
          const names = await readdir(join(own, 'releases'));
          expect(existsSync(join(own, 'releases', names[0] ?? '-', PENDING_PICTURES))).toBe(true);
          return names;
        },
        { timeout: 10_000 },
      );
      // the runner looks every 100 ms: its pages are announced, and it is not live
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await currentRelease(own)).toBeNull();
      await writeFile(indexed, '');
      await vi.waitFor(async () => expect(await currentRelease(own)).toBe(release), {
        timeout: 10_000,
      });
      // live before the build is done, with its index
      expect(existsSync(join(own, 'current', PENDING_PICTURES))).toBe(true);
      expect(existsSync(join(own, 'current', 'pagefind', 'pagefind.js'))).toBe(true);
      const result = await first;
      expect(result.logTail).toMatch(/runner: live with its pages after \d+\.\d\d s/);
    } finally {
      await writeFile(indexed, '').catch(() => {});
      await rm(own, { recursive: true, force: true });
    }
  });

  it('gives way to a newer change once live with its pages; the next build encodes the rest', async () => {
    const own = await mkdtemp(join(tmpdir(), 'conveyor-give-way-'));
    const go = join(own, 'go');
    const builder = siteBuilder({
      siteRoot: own,
      command: twoStages(go, 0),
      cwd: own,
      env: () => ({}),
      keepReleases: 3,
    });
    try {
      // a newer change asked for while the first build is still on its pictures
      const newer = new AbortController();
      const first = builder(undefined, { newer: newer.signal });
      await vi.waitFor(async () => expect(await currentRelease(own)).not.toBeNull(), {
        timeout: 10_000,
      });
      newer.abort();
      const result = await first;
      expect(result.yielded).toBe(true);
      expect(result.release).toBe(await currentRelease(own));
      expect(result.logTail).toMatch(/gave way to a newer change before its pictures were in/);
      // live without those pictures (the server answers them with their originals)
      expect(existsSync(join(own, 'current', PENDING_PICTURES))).toBe(true);

      // the next build (the newer change's) goes live with its pages first too, then completes
      await rm(join(own, 'current', 'env.txt'));
      let settled = false;
      const second = builder(undefined, { newer: new AbortController().signal }).finally(
        () => (settled = true),
      );
      await vi.waitFor(async () => expect(await currentRelease(own)).not.toBe(result.release), {
        timeout: 10_000,
      });
      expect(settled).toBe(false);
      expect(await readFile(join(own, 'current', 'env.txt'), 'utf8')).toBe('later=1\n');
      await writeFile(go, '');
      const done = await second;
      expect(done.yielded).toBeUndefined();
      expect(existsSync(join(own, 'current', PENDING_PICTURES))).toBe(false);
      expect(await readFile(join(own, 'current', '_astro', 'a.webp'), 'utf8')).toBe('encoded\n');
    } finally {
      await writeFile(go, '').catch(() => {});
      await rm(own, { recursive: true, force: true });
    }
  });

  it('gives way to a change asked for before its pages were live only once they are', async () => {
    const own = await mkdtemp(join(tmpdir(), 'conveyor-no-give-way-'));
    const go = join(own, 'go');
    try {
      const newer = new AbortController();
      newer.abort(); // asked for before this build's pages are live: it waits for them
      const first = siteBuilder({
        siteRoot: own,
        command: twoStages(go, 0),
        cwd: own,
        env: () => ({}),
        keepReleases: 3,
      })(undefined, { newer: newer.signal });
      await vi.waitFor(async () => expect(await currentRelease(own)).not.toBeNull(), {
        timeout: 10_000,
      });
      // its pages went live first, then it gave way (the newer change still waits)
      const result = await first;
      expect(result.yielded).toBe(true);
      expect(result.release).toBe(await currentRelease(own));
      await rm(go, { force: true });
    } finally {
      await writeFile(go, '').catch(() => {});
      await rm(own, { recursive: true, force: true });
    }
  });

  it('keeps a first release live when its pictures then fail: it is the only site there is', async () => {
    const own = await mkdtemp(join(tmpdir(), 'conveyor-first-failed-'));
    const go = join(own, 'go');
    try {
      const first = siteBuilder({
        siteRoot: own,
        command: twoStages(go, 4),
        cwd: own,
        env: () => ({}),
        keepReleases: 3,
      })();
      await vi.waitFor(async () => expect(await currentRelease(own)).not.toBeNull(), {
        timeout: 10_000,
      });
      const live = await currentRelease(own);
      await writeFile(go, '');
      await expect(first).rejects.toThrow('the site build failed (exit 4)');
      expect(await currentRelease(own)).toBe(live);
      expect(await readFile(join(own, 'current', 'index.html'), 'utf8')).toBe('home\n');
      // the list stays: the server goes on answering its pictures with their originals
      expect(existsSync(join(own, 'current', PENDING_PICTURES))).toBe(true);
    } finally {
      await writeFile(go, '').catch(() => {});
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
        SMTP_URL: 'smtps://sales:password@smtp.example.com',
        TELEGRAM_BOT_TOKEN: 'h',
        LEAD_WEBHOOK_SECRET: 'i',
        NODE_ENV: 'test',
      },
    );
    expect(Object.keys(env).sort()).toEqual(
      [
        'ADMIN_USER',
        'API_URL',
        ...Object.keys(ALLOCATOR_ENV),
        'NODE_ENV',
        'NODE_OPTIONS',
        'PATH',
        'SITE_URL',
      ].sort(),
    );
    // a release is a production build, whatever mode the API runs in
    expect(env.NODE_ENV).toBe('production');
    // the build runs on the API's own Node, before whatever else the PATH holds
    expect(env.PATH).toBe(`${dirname(process.execPath)}:/usr/bin`);
    // its memory kept near what it uses, unless told otherwise
    expect(env.NODE_OPTIONS).toBe('--max-semi-space-size=8');
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    const told = buildEnvironment(
      {},
      { NODE_OPTIONS: '--max-semi-space-size=32 --trace-warnings', MALLOC_ARENA_MAX: '4' },
    );
    expect(told.NODE_OPTIONS).toBe('--max-semi-space-size=32 --trace-warnings');
    expect(told.MALLOC_ARENA_MAX).toBe('4');
  });
});
