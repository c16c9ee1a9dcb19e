import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import {
  claimExclusiveJob,
  claimJobs,
  completeJob,
  extendLease,
  failJob,
  insertJob,
  type Job,
  type NewJob,
  nextRunAt,
  releaseDeadClaims,
} from '../db/repositories/jobs.ts';
import type { Executor } from '../db/repositories/table.ts';
import { type Clock, systemClock } from '../lib/clock.ts';

// The one durable job mechanism of DESIGN section 9. Job libraries exist (BullMQ, pg-boss,
// graphile-worker), but each needs Redis or PostgreSQL, and ours must run on the embedded
// SQLite file as well; a table and a compare-and-set claim is all it takes on both.
//
// Delivery is at least once: a job runs again when its instance dies before recording the
// result (the lease runs out and another instance claims it). Handlers are written so that a
// repeat does no harm, or carries an idempotency key to the outside service.

/** Thrown by a handler when trying again cannot help (a 4xx from a channel): no retry. */
export class PermanentJobError extends Error {}

/**
 * Thrown by a handler told when to try again (a 429's retry_after): the retry waits that long
 * at least, rather than the backoff's guess.
 */
export class RetryLaterError extends Error {
  readonly delayMs: number;
  constructor(message: string, delayMs: number) {
    super(message);
    this.delayMs = delayMs;
  }
}

export interface JobContext {
  job: Job;
  /** Aborted when the server shuts down or the claim is lost. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface JobKind<P = unknown> {
  run(payload: P, context: JobContext): Promise<void>;
  /** Tries in all, the first included (default 8). */
  maxAttempts?: number;
  /** Exponential backoff: the first retry after about `baseMs`, doubling up to `maxMs`. */
  backoff?: { baseMs: number; maxMs: number };
  /** How long a claim holds without a heartbeat (default 2 min); heartbeats extend it. */
  leaseMs?: number;
  /** Runs every this many milliseconds, on one instance per period (a purge, a backup). */
  everyMs?: number;
  /** One job of this kind at a time across all instances (a site build): see claimExclusiveJob. */
  exclusive?: boolean;
  /**
   * Told after a failed attempt is recorded: when it will be tried again (null: given up on),
   * so a feature can show it (the publishing screen's "retry at").
   */
  afterFailure?(
    payload: P,
    failure: { job: Job; error: unknown; retryAt: Date | null },
  ): Promise<void>;
}

export interface RunnerOptions {
  db: Executor;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** This instance, as recorded in `locked_by` (default host:pid). */
  owner?: string;
  /** How often to look for due jobs another instance enqueued (default 1 s). */
  pollMs?: number;
  /** Jobs run at once by this instance (default 4). */
  concurrency?: number;
  /** A number in [0, 1) for the jitter (tests make it fixed). */
  random?: () => number;
  /** The kinds that may be defined (the app's: jobs/kinds.ts); any, when absent. */
  kinds?: readonly string[];
}

const DEFAULTS = {
  maxAttempts: 8,
  backoff: { baseMs: 5_000, maxMs: 30 * 60_000 },
  leaseMs: 2 * 60_000,
};
const MAX_ERROR_LENGTH = 2_000;

/** The retry delay after `attempt` failed tries: exponential, with equal jitter. */
export function backoffDelay(
  attempt: number,
  backoff: { baseMs: number; maxMs: number },
  random: () => number,
): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Whether `owner` is a process of this machine that no longer runs. */
export function deadLocalOwner(owner: string): boolean {
  const at = owner.lastIndexOf(':');
  const pid = Number(owner.slice(at + 1));
  if (owner.slice(0, at) !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export class JobRunner {
  readonly #db: Executor;
  readonly #log: FastifyBaseLogger;
  readonly #clock: Clock;
  readonly #owner: string;
  readonly #pollMs: number;
  readonly #concurrency: number;
  readonly #random: () => number;
  readonly #allowed: ReadonlySet<string> | null;
  readonly #kinds = new Map<string, JobKind<never>>();
  readonly #running = new Map<number, { done: Promise<void>; abort: AbortController }>();
  /** The period of each recurring kind whose job this instance has made sure of. */
  readonly #ensured = new Map<string, number>();
  readonly #paused = new Set<string>();
  #timer: unknown = null;
  #ticking: Promise<void> | null = null;
  #again = false;
  /** When to look again after a poll: the poll interval, or sooner for a job due sooner. */
  #nextWake = 0;
  #started = false;
  #closed = false;

  constructor(options: RunnerOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.#clock = options.clock ?? systemClock;
    this.#owner = options.owner ?? `${hostname()}:${process.pid}`;
    this.#pollMs = options.pollMs ?? 1_000;
    this.#concurrency = options.concurrency ?? 4;
    this.#random = options.random ?? Math.random;
    this.#allowed = options.kinds ? new Set(options.kinds) : null;
  }

  /** The kinds defined so far. */
  get kinds(): string[] {
    return [...this.#kinds.keys()];
  }

  /** The clock jobs are scheduled by; features that report on them read the time from it. */
  get clock(): Clock {
    return this.#clock;
  }

  /** Declares a kind of job and its handler; before `start`. */
  define<P>(kind: string, definition: JobKind<P>): void {
    if (this.#kinds.has(kind)) throw new Error(`job kind ${kind} is defined twice`);
    if (this.#allowed && !this.#allowed.has(kind)) {
      throw new Error(`job kind ${kind} is not listed in api/src/jobs/kinds.ts`);
    }
    this.#kinds.set(kind, definition as JobKind<never>);
  }

  /**
   * Adds a job; inside `db` when given (the transaction of what the job is about). Call
   * `wake()` after that transaction commits to start it at once rather than at the next poll.
   */
  async enqueue(
    kind: string,
    payload: unknown,
    options: { db?: Executor; runAt?: Date; uniqueKey?: string; ref?: string } = {},
  ): Promise<number | null> {
    const definition = this.#kinds.get(kind);
    if (!definition) throw new Error(`unknown job kind ${kind}`);
    const job: NewJob = {
      kind,
      payload,
      maxAttempts: definition.maxAttempts ?? DEFAULTS.maxAttempts,
      runAt: options.runAt,
      uniqueKey: options.uniqueKey,
      ref: options.ref,
    };
    const id = await insertJob(options.db ?? this.#db, job, new Date(this.#clock.now()));
    if (!options.db) this.wake();
    return id;
  }

  /**
   * Starts polling. First puts back the jobs that a dead process of this machine held (its
   * `host:pid` owner no longer runs), so work cut off by a crash resumes at once.
   */
  start(): void {
    if (this.#started || this.#closed) return;
    this.#started = true;
    this.#ticking = releaseDeadClaims(this.#db, deadLocalOwner, new Date(this.#clock.now()))
      .then((released) => {
        if (released) this.#log.warn({ released }, 'jobs of a stopped instance put back');
      })
      .catch((err: unknown) => this.#log.error({ err }, 'could not release dead claims'))
      .finally(() => {
        this.#ticking = null;
        this.wake();
      });
  }

  /**
   * Stops claiming jobs of `kind` (its feature is shutting down before the runner does): they
   * wait in the table for another instance, or this one's next start.
   */
  pause(kind: string): void {
    this.#paused.add(kind);
  }

  /** Looks for due jobs now. */
  wake(): void {
    if (!this.#started || this.#closed) return;
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    this.#ticking = this.#tick()
      .catch((err: unknown) => this.#log.error({ err }, 'the job runner failed to poll'))
      .finally(() => {
        this.#ticking = null;
        if (this.#again) {
          this.#again = false;
          this.wake();
        } else this.#arm(this.#nextWake || this.#pollMs);
      });
  }

  /** Looks for due jobs now, and resolves once those it could claim have started. */
  async poll(): Promise<void> {
    this.wake();
    while (this.#ticking) await this.#ticking;
  }

  /** Resolves once every job this instance is running has settled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#ticking || this.#running.size > 0) {
      await this.#ticking;
      await Promise.all([...this.#running.values()].map((run) => run.done));
    }
  }

  /** Stops polling, aborts running jobs and waits for them to record their outcome. */
  async stop(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    for (const run of this.#running.values()) run.abort.abort();
    await this.idle();
  }

  #arm(ms: number): void {
    if (this.#closed) return;
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      this.wake();
    }, ms);
  }

  async #tick(): Promise<void> {
    await this.#ensureRecurring();
    this.#nextWake = this.#pollMs;
    let free = this.#concurrency - this.#running.size;
    if (free <= 0) return;
    const now = new Date(this.#clock.now());
    const kinds = [...this.#kinds.entries()].filter(([kind]) => !this.#paused.has(kind));
    for (const [kind, definition] of kinds) {
      if (!definition.exclusive || free <= 0) continue;
      const leaseMs = definition.leaseMs ?? DEFAULTS.leaseMs;
      const job = await claimExclusiveJob(this.#db, { kind, owner: this.#owner, now, leaseMs });
      if (job) {
        this.#launch(job);
        free--;
      }
    }
    const shared = kinds.filter(([, definition]) => !definition.exclusive);
    const jobs = await claimJobs(this.#db, {
      kinds: shared.map(([kind]) => kind),
      owner: this.#owner,
      now,
      // The shortest lease of the kinds: a claim is renewed by heartbeats while it runs.
      leaseMs: Math.min(...shared.map(([, k]) => k.leaseMs ?? DEFAULTS.leaseMs)),
      limit: free,
    });
    for (const job of jobs) this.#launch(job);
    // A job due before the next poll (a debounced build, a retry's backoff) starts on time.
    const next = await nextRunAt(
      this.#db,
      kinds.map(([kind]) => kind),
    );
    const due = next === null ? Infinity : Date.parse(next);
    // due when this look began, yet not claimed: it waits for a slot (or its kind's running job)
    if (due <= now.getTime()) return;
    // due since (time moved on meanwhile): look again at once
    if (due <= this.#clock.now()) this.#again = true;
    else this.#nextWake = Math.min(this.#pollMs, due - this.#clock.now());
  }

  /** Makes sure each recurring kind has its job for the current period (one per key). */
  async #ensureRecurring(): Promise<void> {
    const now = this.#clock.now();
    for (const [kind, definition] of this.#kinds) {
      if (!definition.everyMs) continue;
      const period = Math.floor(now / definition.everyMs);
      if (this.#ensured.get(kind) === period) continue;
      const runAt = new Date(period * definition.everyMs);
      await insertJob(
        this.#db,
        {
          kind,
          maxAttempts: definition.maxAttempts ?? DEFAULTS.maxAttempts,
          runAt,
          uniqueKey: `${kind}@${runAt.toISOString()}`,
        },
        new Date(now),
      );
      this.#ensured.set(kind, period);
    }
  }

  #launch(job: Job): void {
    const abort = new AbortController();
    const done = this.#execute(job, abort).finally(() => {
      this.#running.delete(job.id);
      // A slot is free: take the next due job without waiting for the poll.
      this.wake();
    });
    this.#running.set(job.id, { done, abort });
  }

  async #execute(job: Job, abort: AbortController): Promise<void> {
    const definition = this.#kinds.get(job.kind);
    if (!definition) return;
    const claim = { id: job.id, attempts: job.attempts, owner: this.#owner };
    const leaseMs = definition.leaseMs ?? DEFAULTS.leaseMs;
    const log = this.#log.child({ job: job.id, kind: job.kind, attempt: job.attempts });
    let heartbeat: unknown = null;
    const beat = () => {
      heartbeat = this.#clock.setTimeout(() => {
        const now = this.#clock.now();
        void extendLease(this.#db, claim, new Date(now + leaseMs), new Date(now))
          .then((held) => {
            if (held) beat();
            else abort.abort();
          })
          .catch((err: unknown) => log.warn({ err }, 'could not extend a job lease'));
      }, leaseMs / 3);
    };
    beat();
    let failure: unknown = null;
    try {
      await definition.run(job.payload as never, { job, signal: abort.signal, log });
    } catch (err) {
      failure = err;
    } finally {
      this.#clock.clearTimeout(heartbeat);
    }
    const now = new Date(this.#clock.now());
    try {
      if (failure === null) {
        await completeJob(this.#db, claim, now);
        return;
      }
      const message = (failure instanceof Error ? failure.message : String(failure)).slice(
        0,
        MAX_ERROR_LENGTH,
      );
      const maxAttempts = definition.maxAttempts ?? DEFAULTS.maxAttempts;
      const giveUp = failure instanceof PermanentJobError || job.attempts >= maxAttempts;
      const backoff = backoffDelay(
        job.attempts,
        definition.backoff ?? DEFAULTS.backoff,
        this.#random,
      );
      const asked = failure instanceof RetryLaterError ? failure.delayMs : 0;
      const retryAt = giveUp ? null : new Date(now.getTime() + (asked > 0 ? asked : backoff));
      await failJob(this.#db, claim, message, retryAt, now);
      await definition
        .afterFailure?.(job.payload as never, { job, error: failure, retryAt })
        .catch((err: unknown) => log.warn({ err }, 'could not report a failed attempt'));
      if (giveUp) log.error({ err: failure }, 'job failed for good');
      else if (this.#closed)
        log.info({ retryAt: retryAt?.toISOString() }, 'job cut off by shutdown');
      else log.warn({ err: failure, retryAt: retryAt?.toISOString() }, 'job failed; will retry');
    } catch (err) {
      // The outcome could not be recorded: the lease runs out and the job runs again.
      log.error({ err }, 'could not record a job outcome');
    }
  }
}
