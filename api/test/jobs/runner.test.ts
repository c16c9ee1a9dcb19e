import { hostname } from 'node:os';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connect.ts';
import {
  claimExclusiveJob,
  claimJobs,
  findJob,
  listJobs,
  moveQueuedJobs,
  nextRunAt,
  retryJob,
} from '../../src/db/repositories/jobs.ts';
import {
  backoffDelay,
  deadLocalOwner,
  JobRunner,
  PermanentJobError,
} from '../../src/jobs/runner.ts';
import { TestClock } from '../helpers/clock.ts';
import { skipReason } from '../helpers/database.ts';
import { openMigratedDb } from '../helpers/migratedDb.ts';

// The durable job mechanism (DESIGN section 9) on a real database, SQLite or PostgreSQL: jobs
// run once, retry with backoff, survive a dead instance, and two instances never run one job
// twice. Time is a fake clock, so backoff and schedules are driven, not slept through.

const log = Fastify({ logger: { level: 'silent' } }).log;

describe.skipIf(skipReason)('durable jobs', () => {
  let handle: Awaited<ReturnType<typeof openMigratedDb>>;
  let db: Db;
  let clock: TestClock;
  const runners: JobRunner[] = [];

  function runner(options: { owner?: string; db?: Db; concurrency?: number } = {}) {
    const made = new JobRunner({
      db: (options.db ?? db).kysely,
      log,
      clock,
      owner: options.owner ?? 'test:1',
      concurrency: options.concurrency,
      random: () => 0.5,
    });
    runners.push(made);
    return made;
  }

  beforeEach(async () => {
    handle = await openMigratedDb();
    db = handle.db;
    clock = new TestClock(Date.parse('2026-11-24T09:00:00.000Z'));
  });
  afterEach(async () => {
    for (const made of runners.splice(0)) await made.stop();
    await handle.close();
  });

  it('runs an enqueued job once, with its payload, and records it done', async () => {
    const seen: unknown[] = [];
    const jobs = runner();
    jobs.define<{ lead: number }>('test.deliver', {
      async run(payload) {
        seen.push(payload);
      },
    });
    jobs.start();
    const id = await jobs.enqueue('test.deliver', { lead: 7 });
    await jobs.idle();
    expect(seen).toEqual([{ lead: 7 }]);
    const job = await findJob(db.kysely, id!);
    expect(job?.status).toBe('done');
    expect(job?.attempts).toBe(1);
    expect(job?.lockedBy).toBeNull();
    expect(job?.finishedAt).toBe(new Date(clock.now()).toISOString());
  });

  it('retries a failing job with exponential backoff, then gives up with the last error', async () => {
    let calls = 0;
    const jobs = runner();
    const backoff = { baseMs: 1_000, maxMs: 60_000 };
    jobs.define('test.flaky', {
      maxAttempts: 3,
      backoff,
      async run() {
        calls++;
        throw new Error(`channel down (${calls})`);
      },
    });
    jobs.start();
    const id = (await jobs.enqueue('test.flaky', {}))!;
    await jobs.idle();
    expect(calls).toBe(1);
    let job = await findJob(db.kysely, id);
    expect(job?.status).toBe('queued');
    expect(job?.lastError).toBe('channel down (1)');
    // random() = 0.5: three quarters of the ceiling, which doubles with each attempt.
    expect(Date.parse(job!.runAt) - clock.now()).toBe(backoffDelay(1, backoff, () => 0.5));
    expect(backoffDelay(1, backoff, () => 0.5)).toBe(750);

    clock.advance(749);
    jobs.wake();
    await jobs.idle();
    expect(calls).toBe(1);

    clock.advance(1);
    jobs.wake();
    await jobs.idle();
    expect(calls).toBe(2);
    job = await findJob(db.kysely, id);
    expect(Date.parse(job!.runAt) - clock.now()).toBe(1_500);

    clock.advance(1_500);
    jobs.wake();
    await jobs.idle();
    expect(calls).toBe(3);
    job = await findJob(db.kysely, id);
    expect(job?.status).toBe('failed');
    expect(job?.attempts).toBe(3);
    expect(job?.lastError).toBe('channel down (3)');

    clock.advance(3_600_000);
    jobs.wake();
    await jobs.idle();
    expect(calls).toBe(3);

    // Staff's retry gives it a fresh set of attempts.
    expect(await retryJob(db.kysely, id, new Date(clock.now()))).toBe(true);
    jobs.wake();
    await jobs.idle();
    expect(calls).toBe(4);
    expect((await findJob(db.kysely, id))?.attempts).toBe(1);
  });

  it('does not retry a job that failed for a reason trying again cannot fix', async () => {
    let calls = 0;
    const jobs = runner();
    jobs.define('test.refused', {
      async run() {
        calls++;
        throw new PermanentJobError('400 Bad Request: chat not found');
      },
    });
    jobs.start();
    const id = (await jobs.enqueue('test.refused', {}))!;
    await jobs.idle();
    clock.advance(3_600_000);
    jobs.wake();
    await jobs.idle();
    expect(calls).toBe(1);
    const job = await findJob(db.kysely, id);
    expect(job?.status).toBe('failed');
    expect(job?.lastError).toBe('400 Bad Request: chat not found');
  });

  it('keeps a job only when the transaction that enqueued it commits', async () => {
    const jobs = runner();
    jobs.define('test.tx', { async run() {} });
    await db.kysely
      .transaction()
      .execute(async (trx) => {
        await jobs.enqueue('test.tx', { n: 1 }, { db: trx });
        throw new Error('the lead could not be saved');
      })
      .catch(() => undefined);
    await db.kysely.transaction().execute(async (trx) => {
      await jobs.enqueue('test.tx', { n: 2 }, { db: trx });
    });
    const all = await listJobs(db.kysely, { kind: 'test.tx' });
    expect(all.map((job) => job.payload)).toEqual([{ n: 2 }]);
  });

  it('enqueues a job with a unique key once', async () => {
    const jobs = runner();
    jobs.define('test.keyed', { async run() {} });
    const first = await jobs.enqueue('test.keyed', {}, { uniqueKey: 'backup@1' });
    const second = await jobs.enqueue('test.keyed', {}, { uniqueKey: 'backup@1' });
    expect(first).toBeTypeOf('number');
    expect(second).toBeNull();
    expect(await listJobs(db.kysely, { kind: 'test.keyed' })).toHaveLength(1);
  });

  it('runs a job again on another instance when its instance died holding it', async () => {
    const ran: string[] = [];
    // Instance A claims the job and dies before recording anything (kill -9).
    const a = runner({ owner: 'a:1' });
    a.define('test.crash', { leaseMs: 60_000, async run() {} });
    const id = (await a.enqueue('test.crash', {}))!;
    const [claimed] = await claimJobs(db.kysely, {
      kinds: ['test.crash'],
      owner: 'a:1',
      now: new Date(clock.now()),
      leaseMs: 60_000,
      limit: 1,
    });
    expect(claimed?.id).toBe(id);

    const b = runner({ owner: 'b:1', db: handle.connectAgain() });
    b.define('test.crash', {
      leaseMs: 60_000,
      async run() {
        ran.push('b');
      },
    });
    b.start();
    await b.idle();
    expect(ran).toEqual([]);

    clock.advance(60_001);
    b.wake();
    await b.idle();
    expect(ran).toEqual(['b']);
    const job = await findJob(db.kysely, id);
    expect(job?.status).toBe('done');
    expect(job?.attempts).toBe(2);
  });

  it('never runs one job on two instances, and loses none', async () => {
    const runs = new Map<number, string[]>();
    const instances = ['a:1', 'b:1', 'c:1'].map((owner, index) => {
      const made = runner({
        owner,
        db: index === 0 ? db : handle.connectAgain(),
        concurrency: 3,
      });
      made.define<{ n: number }>('test.race', {
        async run({ n }) {
          runs.set(n, [...(runs.get(n) ?? []), owner]);
          await new Promise((resolve) => setImmediate(resolve));
        },
      });
      return made;
    });
    for (let n = 0; n < 60; n++) await instances[0]!.enqueue('test.race', { n });
    for (const made of instances) made.start();
    for (let round = 0; round < 5; round++) {
      await Promise.all(instances.map((made) => made.idle()));
      for (const made of instances) made.wake();
    }
    await Promise.all(instances.map((made) => made.idle()));
    expect(runs.size).toBe(60);
    expect([...runs.values()].filter((owners) => owners.length !== 1)).toEqual([]);
    expect(
      await listJobs(db.kysely, { kind: 'test.race', status: 'done', limit: 100 }),
    ).toHaveLength(60);
  });

  it('runs a recurring job once per period across instances', async () => {
    const runs: string[] = [];
    const hour = 3_600_000;
    const instances = ['a:1', 'b:1'].map((owner, index) => {
      const made = runner({ owner, db: index === 0 ? db : handle.connectAgain() });
      made.define('test.hourly', {
        everyMs: hour,
        async run() {
          runs.push(owner);
        },
      });
      made.start();
      return made;
    });
    await Promise.all(instances.map((made) => made.idle()));
    expect(runs).toHaveLength(1);

    clock.advance(hour / 2);
    for (const made of instances) made.wake();
    await Promise.all(instances.map((made) => made.idle()));
    expect(runs).toHaveLength(1);

    clock.advance(hour);
    for (const made of instances) made.wake();
    await Promise.all(instances.map((made) => made.idle()));
    for (const made of instances) made.wake();
    await Promise.all(instances.map((made) => made.idle()));
    expect(runs).toHaveLength(2);
    const rows = await listJobs(db.kysely, { kind: 'test.hourly' });
    expect(rows.map((job) => job.status)).toEqual(['done', 'done']);
  });

  it('aborts a running job on stop and records the attempt for a retry', async () => {
    const jobs = runner();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    jobs.define('test.long', {
      async run(_payload, { signal }) {
        started();
        await new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('server shutting down'))),
        );
      },
    });
    jobs.start();
    const id = (await jobs.enqueue('test.long', {}))!;
    await running;
    await jobs.stop();
    const job = await findJob(db.kysely, id);
    expect(job?.status).toBe('queued');
    expect(job?.lastError).toBe('server shutting down');
  });

  it('keeps a long job claimed while it runs, by heartbeats', async () => {
    const jobs = runner({ owner: 'a:1' });
    let finish!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    jobs.define('test.backup', {
      leaseMs: 30_000,
      async run() {
        started();
        await new Promise<void>((resolve) => (finish = resolve));
      },
    });
    jobs.start();
    const id = (await jobs.enqueue('test.backup', {}))!;
    await running;
    for (let step = 0; step < 6; step++) {
      clock.advance(10_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const other = await claimJobs(db.kysely, {
      kinds: ['test.backup'],
      owner: 'b:1',
      now: new Date(clock.now()),
      leaseMs: 30_000,
      limit: 1,
    });
    expect(other).toEqual([]);
    finish();
    await jobs.idle();
    expect((await findJob(db.kysely, id))?.status).toBe('done');
  });
});

describe.skipIf(skipReason)('exclusive kinds and pending jobs', () => {
  let handle: Awaited<ReturnType<typeof openMigratedDb>>;
  let clock: TestClock;
  const runners: JobRunner[] = [];
  beforeEach(async () => {
    handle = await openMigratedDb();
    clock = new TestClock(Date.parse('2026-11-24T09:00:00.000Z'));
  });
  afterEach(async () => {
    for (const made of runners.splice(0)) await made.stop();
    await handle.close();
  });

  it('runs one job of an exclusive kind at a time across instances, and loses none', async () => {
    let active = 0;
    let most = 0;
    const done: number[] = [];
    const instances = ['a:1', 'b:1', 'c:1'].map((owner, index) => {
      const made = new JobRunner({
        db: (index === 0 ? handle.db : handle.connectAgain()).kysely,
        log,
        clock,
        owner,
        random: () => 0.5,
      });
      made.define<{ n: number }>('test.build', {
        exclusive: true,
        async run({ n }) {
          active++;
          most = Math.max(most, active);
          await new Promise((resolve) => setTimeout(resolve, 5));
          active--;
          done.push(n);
        },
      });
      runners.push(made);
      return made;
    });
    for (let n = 0; n < 8; n++) await instances[0]!.enqueue('test.build', { n });
    for (const made of instances) made.start();
    for (let round = 0; round < 20 && done.length < 8; round++) {
      for (const made of instances) made.wake();
      await Promise.all(instances.map((made) => made.idle()));
    }
    expect(done.toSorted((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(1);
    const rows = await listJobs(handle.db.kysely, { kind: 'test.build' });
    expect(rows.map((job) => [job.status, job.uniqueKey])).toEqual(
      Array.from({ length: 8 }, () => ['done', null]),
    );
  });

  it('lets exactly one of racing claims of an exclusive kind win', async () => {
    const other = handle.connectAgain();
    const jobs = new JobRunner({ db: handle.db.kysely, log, clock });
    jobs.define('test.build', { exclusive: true, async run() {} });
    for (let round = 0; round < 10; round++) {
      await jobs.enqueue('test.build', { round, n: 1 });
      await jobs.enqueue('test.build', { round, n: 2 });
      const now = new Date(clock.now());
      const claims = await Promise.all(
        [handle.db, other].map((db, index) =>
          claimExclusiveJob(db.kysely, {
            kind: 'test.build',
            owner: `i:${index}`,
            now,
            leaseMs: 60_000,
          }),
        ),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      // while it runs, nobody claims the other
      expect(
        await claimExclusiveJob(other.kysely, {
          kind: 'test.build',
          owner: 'i:2',
          now,
          leaseMs: 60_000,
        }),
      ).toBeUndefined();
      await handle.db.kysely.deleteFrom('jobs').execute();
    }
  });

  it('claims a cut-off job of an exclusive kind first, once its lease ran out', async () => {
    const jobs = new JobRunner({ db: handle.db.kysely, log, clock });
    jobs.define('test.build', { exclusive: true, async run() {} });
    const cut = (await jobs.enqueue('test.build', { n: 1 }))!;
    const claim = (owner: string) =>
      claimExclusiveJob(handle.db.kysely, {
        kind: 'test.build',
        owner,
        now: new Date(clock.now()),
        leaseMs: 60_000,
      });
    expect((await claim('dead:1'))?.id).toBe(cut);
    await jobs.enqueue('test.build', { n: 2 });
    expect(await claim('b:1')).toBeUndefined();
    clock.advance(60_001);
    expect(await claim('b:1')).toMatchObject({ id: cut, attempts: 2, lockedBy: 'b:1' });
  });

  it('moves a pending job to a new time, a retry waiting out its backoff made an ordinary job', async () => {
    const jobs = new JobRunner({ db: handle.db.kysely, log, clock });
    jobs.define('test.build', { exclusive: true, async run() {} });
    const id = (await jobs.enqueue('test.build', {}, { uniqueKey: 'test.build:pending' }))!;
    await handle.db.kysely.updateTable('jobs').set({ attempts: 2 }).where('id', '=', id).execute();
    const at = new Date(clock.now() + 5_000);
    const now = new Date(clock.now());
    expect(await moveQueuedJobs(handle.db.kysely, 'test.build', at, now)).toBe(1);
    expect((await findJob(handle.db.kysely, id))?.attempts).toBe(2);
    expect(
      await moveQueuedJobs(handle.db.kysely, 'test.build', at, now, { freshAttempts: true }),
    ).toBe(1);
    expect(await findJob(handle.db.kysely, id)).toMatchObject({
      runAt: at.toISOString(),
      attempts: 0,
      uniqueKey: 'test.build:pending',
    });
    expect(await nextRunAt(handle.db.kysely, ['test.build'])).toBe(at.toISOString());
    expect(await moveQueuedJobs(handle.db.kysely, 'test.other', at, new Date(clock.now()))).toBe(0);
  });

  it('starts a job due before its next poll on time', async () => {
    const ran: number[] = [];
    const jobs = new JobRunner({ db: handle.db.kysely, log, clock, pollMs: 60_000 });
    runners.push(jobs);
    jobs.define('test.soon', {
      async run() {
        ran.push(clock.now());
      },
    });
    jobs.start();
    await jobs.idle();
    const start = clock.now();
    await jobs.enqueue('test.soon', {}, { runAt: new Date(start + 250) });
    await jobs.idle();
    clock.advance(249);
    await jobs.idle();
    expect(ran).toEqual([]);
    clock.advance(1);
    await jobs.idle();
    expect(ran).toEqual([start + 250]);
  });
});

describe.skipIf(skipReason)('jobs of a killed process', () => {
  it('are put back at once when an instance on the same machine starts', async () => {
    const handle = await openMigratedDb();
    try {
      // A real process that is gone: its pid can no longer be signalled.
      const { spawnSync } = await import('node:child_process');
      const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
      const clock = new TestClock(Date.parse('2026-11-24T09:00:00.000Z'));
      const dead = new JobRunner({
        db: handle.db.kysely,
        log,
        clock,
        owner: `${hostname()}:${gone}`,
      });
      dead.define('test.cut', { leaseMs: 3_600_000, async run() {} });
      const id = (await dead.enqueue('test.cut', {}))!;
      await claimJobs(handle.db.kysely, {
        kinds: ['test.cut'],
        owner: `${hostname()}:${gone}`,
        now: new Date(clock.now()),
        leaseMs: 3_600_000,
        limit: 1,
      });
      // A claim of a live process (this one) or of another machine is left alone.
      expect(deadLocalOwner(`${hostname()}:${process.pid}`)).toBe(false);
      expect(deadLocalOwner(`another-host:${gone}`)).toBe(false);
      expect(deadLocalOwner(`${hostname()}:${gone}`)).toBe(true);

      let ran = 0;
      const next = new JobRunner({ db: handle.db.kysely, log, clock });
      next.define('test.cut', {
        leaseMs: 3_600_000,
        async run() {
          ran++;
        },
      });
      next.start();
      await next.idle();
      await next.stop();
      expect(ran).toBe(1);
      expect((await findJob(handle.db.kysely, id))?.status).toBe('done');
    } finally {
      await handle.close();
    }
  });
});
