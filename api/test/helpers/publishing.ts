import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/db/types.ts';
import { JobRunner, type RunnerOptions } from '../../src/jobs/runner.ts';
import { Publisher, type PublisherOptions } from '../../src/publish/publisher.ts';
import { BuildError, type Builder, type BuildResult } from '../../src/publish/types.ts';
import { startApi, type TestApi } from './api.ts';
import type { TestClock } from './clock.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A builder that records when it was called (by `clock`, or the system's time), how many ran at
 * once, and takes `ms` of real time to finish, or (`held`) until `release()`. `fail`: every
 * call fails, or (a number) the first so many.
 */
export function fakeBuilder(
  options: { ms?: number; fail?: boolean | number; clock?: TestClock; held?: boolean } = {},
) {
  const { ms = 20, fail = false, clock, held = false } = options;
  const calls: number[] = [];
  /** Whether each call was asked to render every page. */
  const fulls: boolean[] = [];
  let active = 0;
  let maxActive = 0;
  let release: () => void = () => {};
  const build = async (
    _signal?: AbortSignal,
    options?: { full?: boolean },
  ): Promise<BuildResult> => {
    calls.push(clock ? clock.now() : Date.now());
    fulls.push(options?.full ?? false);
    active++;
    maxActive = Math.max(maxActive, active);
    await (held ? new Promise<void>((resolve) => (release = resolve)) : sleep(ms));
    active--;
    if (fail === true || calls.length <= Number(fail))
      throw new BuildError('the site build failed (exit 1)', 'line 1\nAPI unreachable');
    return { pages: 3, release: `r${calls.length}`, logTail: 'ok' };
  };
  return { build, calls, fulls, maxActive: () => maxActive, release: () => release() };
}

/** Whether a process runs (a zombie, ended but not yet reaped, does not). */
export function processRuns(pid: number): boolean {
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
export const hungCommand = (pidFile: string) =>
  `trap '' TERM; sleep 60 & echo $! > ${JSON.stringify(pidFile)}; echo "waiting for the API"; wait`;

/**
 * The files of a search index a release must hold to go live (REQUIRED_FILES), as a shell
 * command on `{outDir}`: stand-ins, for builds that are not the real site's.
 */
export const FAKE_INDEX =
  "mkdir -p {outDir}/pagefind && echo 'export {}' > {outDir}/pagefind/pagefind.js && echo '{\"languages\":{}}' > {outDir}/pagefind/pagefind-entry.json";

/**
 * A build command that writes a one-page release with a search index (the real Astro build is
 * slow for tests).
 */
export const FAKE_COMMAND = `node -e "const fs=require('fs');const d=process.argv[1];fs.mkdirSync(d+'/catalog',{recursive:true});fs.writeFileSync(d+'/index.html','<h1>built '+Date.now()+'</h1>');fs.writeFileSync(d+'/catalog/index.html','c');fs.writeFileSync(d+'/404.html','missing')" {outDir} && ${FAKE_INDEX}`;

/**
 * Waits until a publisher's job runner has set its one timer, for its next poll or the next job
 * due sooner (a retry, a debounced build), which it does once no job runs.
 */
export async function scheduled(clock: TestClock): Promise<void> {
  await expect.poll(() => clock.pending).toBe(1);
}

/** What a test sets of a publisher and of the job runner made for it. */
type HarnessOptions = Partial<Omit<PublisherOptions, 'jobs'>> &
  Partial<Pick<RunnerOptions, 'clock' | 'owner' | 'pollMs'>>;

/**
 * A publisher on its own job runner (started now; close both with `stop`). The runner's
 * jitter is fixed at the top of the range, so a retry waits the full doubling of the backoff
 * that the assertions name.
 */
export function ownPublisher(
  db: Kysely<Database>,
  build: Builder,
  options: HarnessOptions & Pick<PublisherOptions, 'debounceMs' | 'maxWaitMs'>,
  log: FastifyBaseLogger,
): { publisher: Publisher; stop: () => Promise<void> } {
  const { clock, owner, pollMs, ...publishing } = options;
  const jobs = new JobRunner({
    db,
    log,
    clock,
    owner,
    pollMs,
    random: () => 0.999_999,
  });
  const publisher = new Publisher(db, build, { ...publishing, jobs }, log);
  jobs.start();
  return {
    publisher,
    async stop() {
      await publisher.close();
      await jobs.stop();
    },
  };
}

/**
 * Publishers over a fresh API's database, closed after each test, which also empties the
 * builds and jobs tables. The API itself does not publish: each test makes the publishers it
 * needs, each with a job runner of its own (ownPublisher).
 */
export function queueHarness() {
  let started: TestApi | undefined;
  const made: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    started = await startApi();
  });
  afterEach(async () => {
    await Promise.all(made.splice(0).map((stop) => stop()));
    await started?.app.db.kysely.deleteFrom('publish_builds').execute();
    await started?.app.db.kysely.deleteFrom('jobs').execute();
  });
  afterAll(() => started?.close());

  const api = (): TestApi => {
    if (!started) throw new Error('the API has not started');
    return started;
  };
  return {
    api,
    queue(
      build: Builder,
      debounceMs = 100,
      maxWaitMs = 400,
      options: HarnessOptions = {},
    ): Publisher {
      const { app } = api();
      // the quiet window alone, unless a test asks for the leading edge
      const { publisher, stop } = ownPublisher(
        app.db.kysely,
        build,
        { debounceMs, maxWaitMs, leading: false, ...options },
        app.log,
      );
      made.push(stop);
      return publisher;
    },
    rows: () =>
      api().app.db.kysely.selectFrom('publish_builds').selectAll().orderBy('id').execute(),
  };
}
