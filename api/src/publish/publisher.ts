import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { TriggerInput } from '../db/repositories/builds.ts';
import type { Database } from '../db/types.ts';
import type { JobContext, JobRunner } from '../jobs/runner.ts';
import { interruptAbandoned } from './abandoned.ts';
import { BUILD_JOB } from './buildJob.ts';
import { RebuildRequests } from './requests.ts';
import { pruneHistory, retryRow, runBuildJob, type BuildContext } from './buildRun.ts';
import type { Builder } from './types.ts';

export interface PublisherOptions {
  /** A rebuild starts once no request came for this long... */
  debounceMs: number;
  /** ...or once the first waiting request is this old, whichever comes first. */
  maxWaitMs: number;
  /** A change on an idle site is built at once (BuildTiming's `leading`; default true). */
  leading?: boolean;
  /** Automatic retries of a failed build (default 0). A new request always builds anew. */
  retries?: number;
  /** Wait before the first retry, about doubled for each next one (default 30 s). */
  retryBackoffMs?: number;
  /** The longest a build may run; one 'running' for longer lost its instance (default 10 min). */
  buildTimeoutMs?: number;
  /** Builds kept in the table; older finished ones are deleted (default 200). */
  keepBuilds?: number;
  /** The request recorder, when the app shares one (it serialises this process's writes). */
  requests?: RebuildRequests;
  /** The job runner builds run on (the app's; a test starts and stops its own). */
  jobs: JobRunner;
  /** Builds wait for start() (the app: the build reads this API, which must listen first). */
  waitForStart?: boolean;
}

/**
 * The publisher (DESIGN section 4): the instance that publishes: site builds as a kind of
 * job on the durable runner (buildJob.ts says how debounce, one build at a time, retries and
 * dead owners map onto it). Requests are recorded in publish_builds, whichever instance takes
 * the save, with the build job's time; the runner of a publishing instance claims the job when
 * it is due. A build job takes every queued row, so requests that arrived during a build fold
 * into one follow-up build.
 */
export class Publisher {
  readonly #requests: RebuildRequests;
  readonly #ctx: BuildContext;
  readonly #jobs: JobRunner;
  #running: Promise<void> | null = null;
  #abort: AbortController | null = null;
  /** Aborted when a change is asked for during the running build (Builder's `newer`). */
  #newer: AbortController | null = null;
  #ready: Promise<void>;
  #open: () => void = () => {};
  #closed = false;

  constructor(
    db: Kysely<Database>,
    build: Builder,
    options: PublisherOptions,
    log: FastifyBaseLogger,
  ) {
    const retries = options.retries ?? 0;
    const retryBackoffMs = options.retryBackoffMs ?? 30_000;
    this.#jobs = options.jobs;
    const { clock } = this.#jobs;
    this.#requests =
      options.requests ??
      new RebuildRequests(db, clock, {
        debounceMs: options.debounceMs,
        maxWaitMs: options.maxWaitMs,
        maxAttempts: retries + 1,
        leading: options.leading ?? true,
      });
    // a request's job may be due before the runner's next poll
    this.#requests.onScheduled = () => this.#jobs.wake();
    this.#ctx = {
      db,
      build,
      requests: this.#requests,
      clock,
      log,
      buildTimeoutMs: options.buildTimeoutMs ?? 10 * 60_000,
      keepBuilds: options.keepBuilds ?? 200,
    };
    this.#ready = options.waitForStart
      ? new Promise<void>((resolve) => (this.#open = resolve))
      : Promise.resolve();
    this.#jobs.define(BUILD_JOB, {
      exclusive: true,
      maxAttempts: retries + 1,
      backoff: { baseMs: retryBackoffMs, maxMs: retryBackoffMs * 2 ** Math.max(0, retries - 1) },
      run: (_payload, context) => this.#run(context),
      afterFailure: (_payload, failure) => retryRow(this.#ctx, failure),
    });
  }

  /**
   * Starts publishing: `prepare` runs before any build may start (the runner clears what a
   * crash left behind); builds no live instance runs any more (or any older than the build
   * timeout) are recorded as interrupted and asked for again; old rows are pruned; the build
   * job is set for what waits; `then` runs last, before any build may start.
   */
  async start(prepare?: () => Promise<void>, then?: () => Promise<void>): Promise<void> {
    try {
      await prepare?.();
      const interrupted = await interruptAbandoned(this.#ctx.db, {
        atStart: true,
        buildTimeoutMs: this.#ctx.buildTimeoutMs,
        now: this.#ctx.clock.now(),
      });
      await pruneHistory(this.#ctx);
      if (interrupted > 0) await this.#requests.record({ trigger: { kind: 'restart' } });
      else await this.#requests.schedule();
      await then?.();
    } finally {
      this.#open();
    }
  }

  /** Asks for a rebuild (a content change, unless `trigger` says otherwise). */
  async request(trigger?: TriggerInput): Promise<void> {
    await this.#requests.record({ trigger });
    this.#newer?.abort();
  }

  /**
   * Asks for a rebuild that starts as soon as no other build runs; `full` (the admin's button):
   * every page rendered.
   */
  async requestNow(options: { full?: boolean; trigger?: TriggerInput } = {}): Promise<void> {
    await this.#requests.record({
      now: true,
      full: options.full ?? false,
      trigger: options.trigger ?? { kind: 'rebuild' },
    });
    this.#newer?.abort();
    // under way when this returns, unless a build runs (here or on another instance)
    await this.#jobs.poll();
  }

  /** Whether this instance builds now. */
  get running(): boolean {
    return this.#running !== null;
  }

  /** Waits until this instance's runner has no due job left to start and no build runs. */
  async idle(): Promise<void> {
    await this.#jobs.idle();
    while (this.#running) await this.#running;
  }

  /**
   * Stops: this instance claims no more builds, and a build in progress is cut off (its process
   * group killed) and asked for again.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#jobs.pause(BUILD_JOB);
    this.#open(); // a build waiting for start() finds the publisher closed
    this.#abort?.abort();
    while (this.#running) await this.#running;
  }

  /** A claimed build job: this instance builds (`running`) from the claim on. */
  #run(context: JobContext): Promise<void> {
    const done = this.#build(context);
    this.#running = done.then(
      () => undefined,
      () => undefined,
    );
    return done.finally(() => {
      this.#running = null;
      this.#abort = null;
      this.#newer = null;
    });
  }

  async #build({ job, signal }: JobContext): Promise<void> {
    await this.#ready;
    if (this.#closed) {
      // claimed as this instance stopped: the request goes back for another publisher
      await this.#requests.schedule();
      return;
    }
    const abort = new AbortController();
    this.#abort = abort;
    this.#newer = new AbortController();
    await runBuildJob(this.#ctx, job, AbortSignal.any([signal, abort.signal]), this.#newer.signal);
  }
}
