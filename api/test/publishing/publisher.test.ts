import { describe, expect, it, vi } from 'vitest';
import { connect } from '../../src/db/connect.ts';
import { listJobs } from '../../src/db/repositories/jobs.ts';
import { BUILD_JOB, PENDING_KEY } from '../../src/publish/buildJob.ts';
import { BuildError, type BuildResult } from '../../src/publish/types.ts';
import { TestClock } from '../helpers/clock.ts';
import { skipReason } from '../helpers/database.ts';
import {
  fakeBuilder,
  ownPublisher,
  queueHarness,
  scheduled,
  sleep,
} from '../helpers/publishing.ts';

// Debouncing, folding and retries, on a clock the tests move: no real time passes waiting.
describe.skipIf(skipReason)('publisher', () => {
  const { api, queue, rows } = queueHarness();

  it('debounces a burst of requests into one build', async () => {
    const clock = new TestClock();
    const fake = fakeBuilder({ clock });
    const q = queue(fake.build, 100, 400, { clock });
    for (let i = 0; i < 10; i++) {
      await q.request();
      clock.advance(10);
    }
    expect(fake.calls).toHaveLength(0);
    clock.advance(250);
    await q.idle();
    expect(fake.calls).toHaveLength(1);
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'success', requests: 10, pages: 3 });
  });

  it('builds a change on an idle site at once, and folds the burst behind it into one follow-up', async () => {
    const clock = new TestClock();
    const fake = fakeBuilder({ clock, held: true });
    const q = queue(fake.build, 100, 400, { clock, leading: true });
    const first = clock.now();
    await q.request();
    // no time passes: the leading edge
    await expect.poll(() => fake.calls.length, { timeout: 2000 }).toBe(1);
    expect(fake.calls[0]).toBe(first);
    for (let i = 0; i < 9; i++) {
      await q.request();
      clock.advance(10);
    }
    fake.release();
    await q.idle();
    await scheduled(clock);
    // the burst waits its quiet window, counted from its last change
    clock.advance(99 - 10);
    expect(fake.calls).toHaveLength(1);
    clock.advance(1);
    await expect.poll(() => fake.calls.length, { timeout: 2000 }).toBe(2);
    fake.release();
    await q.idle();
    expect((await rows()).map((row) => [row.status, row.requests])).toEqual([
      ['success', 1],
      ['success', 9],
    ]);
  });

  it('waits the quiet window for a change that comes soon after a build ended', async () => {
    const clock = new TestClock();
    const fake = fakeBuilder({ clock, ms: 5 });
    const q = queue(fake.build, 100, 400, { clock, leading: true });
    await q.request();
    await expect.poll(() => fake.calls.length, { timeout: 2000 }).toBe(1);
    await q.idle();
    clock.advance(50); // the build ended 50 ms ago: not idle yet
    await q.request();
    await scheduled(clock);
    clock.advance(99);
    expect(fake.calls).toHaveLength(1);
    clock.advance(1);
    await expect.poll(() => fake.calls.length, { timeout: 2000 }).toBe(2);
    await q.idle();
    clock.advance(100); // quiet for the whole window: the next change goes at once
    const third = clock.now();
    await q.request();
    await expect.poll(() => fake.calls.length, { timeout: 2000 }).toBe(3);
    expect(fake.calls[2]).toBe(third);
  });

  it('renders every page for the Rebuild button, also when it meets a change, and in its retry', async () => {
    const clock = new TestClock();
    const fake = fakeBuilder({ clock, fail: 2, ms: 5 }); // the first two builds fail
    const q = queue(fake.build, 100, 400, { clock, retries: 1, retryBackoffMs: 1000 });
    await q.request();
    clock.advance(150);
    await q.idle(); // an ordinary change: fails, its retry is not full either
    await scheduled(clock);
    await q.request(); // a change waits in the quiet window…
    await q.requestNow({ full: true }); // …and the button's rebuild takes it along
    await q.idle();
    await scheduled(clock);
    clock.advance(2000); // the full build failed: its retry renders everything too
    await q.idle();
    await q.request();
    clock.advance(150);
    await q.idle();
    expect(fake.fulls).toEqual([false, true, true, false]);
  });

  it('builds at the ceiling even while requests keep coming', async () => {
    const clock = new TestClock();
    const fake = fakeBuilder({ clock });
    const q = queue(fake.build, 100, 300, { clock });
    const start = clock.now();
    while (clock.now() - start < 700) {
      await q.request();
      clock.advance(40);
      await q.idle();
    }
    expect(fake.calls.length).toBeGreaterThanOrEqual(1);
    expect(fake.calls[0]! - start).toBeGreaterThanOrEqual(300);
    expect(fake.calls[0]! - start).toBeLessThan(550);
  });

  it('folds requests made during a build into one follow-up, never two builds at once', async () => {
    const clock = new TestClock();
    const fake = fakeBuilder({ clock, held: true });
    const q = queue(fake.build, 50, 200, { clock });
    await q.request();
    clock.advance(50);
    await expect.poll(() => q.running, { timeout: 2000 }).toBe(true);
    await expect.poll(() => fake.calls.length).toBe(1);
    for (let i = 0; i < 5; i++) await q.request();
    fake.release();
    await q.idle();
    await scheduled(clock);
    clock.advance(50);
    await expect.poll(() => fake.calls.length).toBe(2);
    fake.release();
    await q.idle();
    clock.advance(1000);
    await q.idle();
    expect(fake.calls).toHaveLength(2);
    expect(fake.maxActive()).toBe(1);
    expect((await rows()).map((row) => [row.status, row.requests])).toEqual([
      ['success', 1],
      ['success', 5],
    ]);
  });

  it("keeps one pending build job, due at the quiet window's end, never past the ceiling", async () => {
    const clock = new TestClock();
    const fake = fakeBuilder({ clock });
    const q = queue(fake.build, 100, 250, { clock });
    const first = clock.now();
    const pending = async () =>
      (await listJobs(api().app.db.kysely, { kind: BUILD_JOB })).map((job) => [
        job.status,
        Date.parse(job.runAt) - first,
        job.uniqueKey,
      ]);
    await q.request();
    expect(await pending()).toEqual([['queued', 100, PENDING_KEY]]);
    for (const at of [60, 120]) {
      clock.advance(60);
      await q.request();
      expect(await pending()).toEqual([['queued', at + 100, PENDING_KEY]]);
    }
    clock.advance(60);
    await q.request(); // 180 + 100 is past the ceiling: 250 it is
    expect(await pending()).toEqual([['queued', 250, PENDING_KEY]]);
    clock.advance(70);
    await q.idle();
    expect(fake.calls).toEqual([first + 250]);
    expect((await pending()).map(([status, , key]) => [status, key])).toEqual([['done', null]]);
  });

  it('keeps a pending request across a restart', async () => {
    const clock = new TestClock();
    const fake = fakeBuilder({ clock });
    const first = queue(fake.build, 60_000, 120_000, { clock });
    await first.request();
    await first.close();
    expect(fake.calls).toHaveLength(0);
    const second = queue(fake.build, 50, 100, { clock });
    await second.start();
    clock.advance(200);
    await second.idle();
    expect(fake.calls).toHaveLength(1);
  });

  it('records a failed build with its error and log tail', async () => {
    const fake = fakeBuilder({ ms: 10, fail: true });
    const q = queue(fake.build, 10, 50);
    await q.requestNow();
    await q.idle();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', error: 'the site build failed (exit 1)' });
    expect(row!.log_tail).toContain('API unreachable');
  });

  it('retries a failed build a few times with a growing backoff, then stops', async () => {
    const clock = new TestClock();
    const fake = fakeBuilder({ ms: 5, fail: true, clock });
    const q = queue(fake.build, 10, 50, { retries: 2, retryBackoffMs: 100, clock });
    await q.requestNow();
    await q.idle();
    for (const backoff of [100, 200]) {
      await scheduled(clock);
      const before = fake.calls.length;
      clock.advance(backoff - 1);
      expect(fake.calls).toHaveLength(before);
      clock.advance(1);
      await expect.poll(() => fake.calls.length, { timeout: 3000 }).toBe(before + 1);
      await q.idle();
    }
    clock.advance(600);
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
    const clock = new TestClock();
    const fake = fakeBuilder({ ms: 5, fail: 1, clock }); // only the first build fails
    const q = queue(fake.build, 50, 400, { retries: 2, retryBackoffMs: 60_000, clock });
    await q.requestNow();
    await q.idle();
    await scheduled(clock); // the retry, a minute away
    const [, retry] = await rows();
    expect(retry).toMatchObject({ status: 'queued', requests: 0, attempt: 1 });
    expect(Date.parse(retry!.not_before!) - clock.now()).toBeGreaterThan(50_000);
    const changed = clock.now();
    await q.request();
    clock.advance(50);
    await expect.poll(() => fake.calls.length, { timeout: 2000 }).toBe(2);
    expect(fake.calls[1]! - changed).toBeLessThan(1000);
    await q.idle();
    expect((await rows()).at(-1)).toMatchObject({ status: 'success', requests: 1, attempt: 0 });
  });

  it('a database failure while recording a build is logged, never an unhandled rejection', async () => {
    const db = connect({
      databaseUrl: api().config.databaseUrl,
      sqliteFile: api().config.sqliteFile,
    });
    const log = api().app.log.child({});
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
      const { publisher: q, stop } = ownPublisher(
        db.kysely,
        build,
        { debounceMs: 10, maxWaitMs: 50 },
        log,
      );
      await q.requestNow();
      await expect.poll(() => fail !== undefined).toBe(true);
      await db.destroy(); // the failure cannot be recorded now
      fail!();
      await q.idle();
      await sleep(50); // an unhandled rejection would be reported by now
      expect(unhandled).toEqual([]);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.anything() }),
        // the build job's runner, which records how each job ended
        'could not record a job outcome',
      );
      await stop();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
