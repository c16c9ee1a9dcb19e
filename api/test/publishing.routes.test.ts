import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRelease } from '../src/publish/siteBuilder.ts';
import { startApi, type TestApi } from './helpers/api.ts';
import { skipReason } from './helpers/database.ts';
import { FAKE_COMMAND, sleep } from './helpers/publishing.ts';

describe.skipIf(skipReason)('publishing in the API', () => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startApi({
      PUBLISH_ENABLED: true,
      PUBLISH_BUILD_COMMAND: FAKE_COMMAND,
      // wide enough that ten saves over HTTP on a loaded machine still make one burst
      PUBLISH_DEBOUNCE_MS: 500,
      PUBLISH_MAX_WAIT_MS: 5000,
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

  // The response schema drops what it does not declare: this checks it declares all we send.
  it('answers the whole state, and every field of a build', async () => {
    await api.app.publishing!.idle();
    const data = await status();
    expect(Object.keys(data).sort()).toEqual([
      'enabled',
      'history',
      'lastBuild',
      'live',
      'mode',
      'queued',
      'retry',
      'running',
      'siteUrlProblem',
    ]);
    expect(data).toMatchObject({
      enabled: true,
      mode: 'runner',
      running: false,
      queued: false,
      retry: null,
    });
    // Publishing here with SITE_URL unset: the screen says what is wrong.
    expect(data.siteUrlProblem).toBe('unset');
    expect(data.live).toEqual({ release: expect.any(String), finishedAt: expect.any(String) });
    expect(data.lastBuild).toEqual({
      id: expect.any(Number),
      status: 'success',
      requestedAt: expect.any(String),
      startedAt: expect.any(String),
      finishedAt: data.live.finishedAt,
      durationMs: expect.any(Number),
      pages: 3,
      release: data.live.release,
      requests: 1,
      attempt: 0,
      error: null,
      logTail: expect.any(String),
    });
    expect(data.history).toEqual([data.lastBuild]);
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
