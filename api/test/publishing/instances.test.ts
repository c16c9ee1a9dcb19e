import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { SHOWN_TRIGGERS } from '@conveyor/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTrigger, buildHistory } from '../../src/db/repositories/builds.ts';
import { runningKey } from '../../src/db/repositories/jobs.ts';
import { BUILD_JOB } from '../../src/publish/buildJob.ts';
import { RebuildRequests } from '../../src/publish/requests.ts';
import { currentRelease } from '../../src/publish/releases.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { TestClock } from '../helpers/clock.ts';
import { skipReason } from '../helpers/database.ts';
import { FAKE_COMMAND, fakeBuilder, queueHarness, sleep } from '../helpers/publishing.ts';

// Several API instances share one builds table: atomic claims, folded races, abandoned builds.
describe.skipIf(skipReason)('rebuild queues sharing a database', () => {
  const { api, queue, rows } = queueHarness();

  it('two publishers never run the same request', async () => {
    const clock = new TestClock();
    const fake = fakeBuilder({ ms: 50, clock });
    const a = queue(fake.build, 10, 50, { pollMs: 20, owner: 'host-a:1', clock });
    const b = queue(fake.build, 10, 50, { pollMs: 20, owner: 'host-b:2', clock });
    await Promise.all([a.start(), b.start()]);
    const idle = () => Promise.all([a.idle(), b.idle()]);
    // requests recorded by a third instance, which does not publish
    const elsewhere = new RebuildRequests(api().app.db.kysely, clock);
    for (let round = 1; round <= 5; round++) {
      await elsewhere.record({ now: true });
      // both publishers see the request at their next poll, and both go for it
      await expect
        .poll(
          async () => {
            clock.advance(20);
            await idle();
            return fake.calls.length;
          },
          { timeout: 3000 },
        )
        .toBe(round);
      clock.advance(100);
      await idle();
    }
    expect(fake.calls).toHaveLength(5);
    expect(fake.maxActive()).toBe(1);
    const owners = new Set((await rows()).map((row) => row.owner));
    expect([...owners].every((owner) => owner === 'host-a:1' || owner === 'host-b:2')).toBe(true);
  });

  it('two publishers never build at once: a request during a build waits for it, wherever made', async () => {
    const clock = new TestClock();
    const fake = fakeBuilder({ clock, held: true });
    const a = queue(fake.build, 10, 50, { pollMs: 20, owner: 'host-a:1', clock });
    const b = queue(fake.build, 10, 50, { pollMs: 20, owner: 'host-b:2', clock });
    await Promise.all([a.start(), b.start()]);
    const step = async () => {
      clock.advance(20);
      await Promise.all([a.idle(), b.idle()].map((idle) => Promise.race([idle, sleep(50)])));
    };
    await a.requestNow();
    await expect.poll(async () => (await step(), fake.calls.length), { timeout: 3000 }).toBe(1);
    // requests on both while the first build runs: one follow-up, not started meanwhile
    await a.request();
    await b.request();
    for (let i = 0; i < 10; i++) await step();
    expect(fake.calls).toHaveLength(1);
    fake.release();
    await expect.poll(async () => (await step(), fake.calls.length), { timeout: 3000 }).toBe(2);
    fake.release();
    await Promise.all([a.idle(), b.idle()]);
    expect(fake.maxActive()).toBe(1);
    expect((await rows()).map((row) => [row.status, row.requests])).toEqual([
      ['success', 1],
      ['success', 2],
    ]);
  });

  it('folds requests that racing instances recorded as separate rows into one build', async () => {
    const now = new Date().toISOString();
    const queued = { status: 'queued', requested_at: now, last_requested_at: now } as const;
    const db = api().app.db.kysely;
    await db
      .insertInto('publish_builds')
      .values([
        { ...queued, requests: 2 },
        { ...queued, requests: 3 },
      ])
      .execute();
    // what asked for each row asked for the build that folds them
    const [first, second] = await rows();
    for (const [row, id] of [
      [first!.id, 1],
      [second!.id, 2],
    ] as const) {
      await addTrigger(db, row, now, { kind: 'change', resource: 'clients', recordId: id });
    }
    const fake = fakeBuilder();
    const q = queue(fake.build, 10, 50);
    await q.requestNow();
    await q.idle();
    expect(fake.calls).toHaveLength(1);
    expect((await rows()).map((row) => [row.status, row.requests])).toEqual([['success', 6]]);
    const { builds } = await buildHistory(db, 10);
    expect(builds[0]!.triggers.map((one) => [one.kind, one.recordId])).toEqual([
      ['change', 1],
      ['change', 2],
      ['rebuild', null],
    ]);
  });

  it('names the first few requests of a build, and counts the rest', async () => {
    const db = api().app.db.kysely;
    const requests = new RebuildRequests(db);
    for (let id = 1; id <= SHOWN_TRIGGERS + 3; id++) {
      await requests.record({ trigger: { kind: 'change', resource: 'products', recordId: id } });
    }
    const queued = (await rows()).filter((row) => row.status === 'queued');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ requests: SHOWN_TRIGGERS + 3 });
    const labels = await db
      .selectFrom('publish_triggers')
      .select('record_id')
      .where('build_id', '=', queued[0]!.id)
      .orderBy('id')
      .execute();
    expect(labels.map((row) => row.record_id)).toEqual(
      Array.from({ length: SHOWN_TRIGGERS }, (_, i) => i + 1),
    );
    await db.deleteFrom('publish_builds').where('id', '=', queued[0]!.id).execute();
  });

  it('on start, marks as interrupted only the builds this instance could have run', async () => {
    const ended = spawn(process.execPath, ['-e', '']);
    await once(ended, 'exit');
    const clock = new TestClock();
    const now = new Date(clock.now() - 1000).toISOString();
    const old = new Date(clock.now() - 3 * 3600_000).toISOString();
    const running = (owner: string | null, startedAt: string) =>
      ({
        status: 'running',
        requested_at: startedAt,
        last_requested_at: startedAt,
        started_at: startedAt,
        owner,
      }) as const;
    const db = api().app.db.kysely;
    await db
      .insertInto('publish_builds')
      .values([
        running('another-host:4242', now), // another instance's build, under way
        running(`${hostname()}:${ended.pid}`, now), // this host, a process that is gone
        running('another-host:4242', old), // older than the build timeout
        running(null, now), // from before owners were recorded
      ])
      .execute();
    // the other instance's build job, its lease held for two more minutes
    await db
      .insertInto('jobs')
      .values({
        kind: BUILD_JOB,
        payload: '{}',
        status: 'running',
        attempts: 1,
        max_attempts: 1,
        run_at: now,
        locked_by: 'another-host:4242',
        locked_until: new Date(clock.now() + 120_000).toISOString(),
        unique_key: runningKey(BUILD_JOB),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const fake = fakeBuilder({ clock });
    const q = queue(fake.build, 10, 50, { buildTimeoutMs: 60_000, clock });
    await q.start();
    const [other, ...mine] = await rows();
    expect(other).toMatchObject({ status: 'running', owner: 'another-host:4242' });
    for (const row of mine.slice(0, 3)) {
      expect(row).toMatchObject({ status: 'failed', error: 'interrupted by a restart' });
    }
    // and asked for again, built once the other instance's build is over: never two at once
    clock.advance(10);
    await q.idle();
    expect(fake.calls).toHaveLength(0);
    // that instance died: its lease runs out, and this one builds, its build interrupted
    clock.advance(120_000);
    await expect.poll(() => fake.calls.length, { timeout: 2000 }).toBe(1);
    await q.idle();
    expect((await rows())[0]).toMatchObject({
      status: 'failed',
      error: 'interrupted: its API instance stopped',
    });
  });

  it('keeps the newest builds in the table and prunes the rest', async () => {
    const now = new Date().toISOString();
    await api()
      .app.db.kysely.insertInto('publish_builds')
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
    // the instance says it does not publish, and the request is recorded as the save answers:
    // seen queued there, unless the publisher (on a busy machine) took it up between two polls
    const status = async () => (await other.request('GET', '/api/publishing', { token })).body.data;
    expect(await status()).toMatchObject({ enabled: false, mode: 'off' });
    await expect
      .poll(async () => ((await status()).queued || (await built()) === 2 ? 'recorded' : 'none'), {
        interval: 20,
      })
      .toBe('recorded');
    await expect.poll(built, { timeout: 10_000 }).toBe(2);
    const { builds } = await buildHistory(publisher.app.db.kysely, 1);
    expect(builds[0]!.triggers).toMatchObject([
      { kind: 'change', resource: 'categories', action: 'create', by: 'admin' },
    ]);

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
      expect(status.retry).toEqual({ attempt: 1, at });
    } finally {
      await publisher.app.db.kysely
        .deleteFrom('publish_builds')
        .where('status', '=', 'queued')
        .execute();
    }
  });
});
