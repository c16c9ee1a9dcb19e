import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type QueuedBuild, queuedBuilds, type TriggerInput } from '../db/repositories/builds.ts';
import type { Database } from '../db/types.ts';
import { interruptAbandoned, processOwner } from './abandoned.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { RebuildRequests } from './requests.ts';
import { buildNext, pruneHistory, type RunnerContext } from './runner.ts';
import type { Builder } from './types.ts';

export interface QueueOptions {
  /** A rebuild starts once no request came for this long... */
  debounceMs: number;
  /** ...or once the first waiting request is this old, whichever comes first. */
  maxWaitMs: number;
  /** Automatic retries of a failed build (default 0). A new request always builds anew. */
  retries?: number;
  /** Wait before the first retry, doubled for each next one (default 30 s). */
  retryBackoffMs?: number;
  /** How often an idle queue looks for requests other instances recorded (default 1.5 s). */
  pollMs?: number;
  /** The longest a build may run; one 'running' for longer lost its instance (default 10 min). */
  buildTimeoutMs?: number;
  /** Builds kept in the table; older finished ones are deleted (default 200). */
  keepBuilds?: number;
  /** This instance in a running build's `owner` (default host:pid). */
  owner?: string;
  /** The request recorder, when the app shares one (it serialises this process's writes). */
  requests?: RebuildRequests;
  /** Time and timers (default the system's; tests move time on themselves). */
  clock?: Clock;
}

/** How often a publishing queue looks for builds abandoned by instances that went away. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The rebuild queue (DESIGN section 4), run by the instance that publishes. Requests are
 * debounced (a quiet window, with a ceiling so a steady stream of saves still publishes),
 * builds never overlap, and requests that arrive during a build fold into one follow-up build.
 * The pending request is a 'queued' row in publish_builds, so it survives a restart, and other
 * instances record theirs there too: an idle queue looks at the table every `pollMs`. Taking
 * a row for a build is atomic (an update of a row still 'queued'), so two publishers never run
 * the same request. A failed build is retried a few times with a growing backoff (runner.ts).
 *
 * Written here rather than taken from a job-queue library: it needs one worker with
 * debounce-and-ceiling semantics over the app's own database, which job queues do not offer
 * without Redis or a second table layout per database.
 */
export class RebuildQueue {
  readonly #db: Kysely<Database>;
  readonly #options: Required<Omit<QueueOptions, 'requests'>>;
  readonly #requests: RebuildRequests;
  readonly #runner: RunnerContext;
  readonly #log: FastifyBaseLogger;
  /** The timer of the next build, and the one of the next look at the table. */
  #timer: unknown;
  #poll: unknown;
  #running: Promise<void> | null = null;
  #abort: AbortController | null = null;
  /** The build row this queue runs now: never taken for abandoned. */
  #current: number | null = null;
  #ready: Promise<void> = Promise.resolve();
  #lastSweep = 0;
  #closed = false;

  constructor(db: Kysely<Database>, build: Builder, options: QueueOptions, log: FastifyBaseLogger) {
    this.#db = db;
    this.#options = {
      retries: 0,
      retryBackoffMs: 30_000,
      pollMs: 1500,
      buildTimeoutMs: 10 * 60_000,
      keepBuilds: 200,
      owner: processOwner(),
      clock: systemClock,
      ...options,
    };
    const { clock, owner, retries, retryBackoffMs, keepBuilds } = this.#options;
    this.#requests = options.requests ?? new RebuildRequests(db, clock);
    this.#log = log;
    this.#runner = {
      db,
      build,
      requests: this.#requests,
      clock,
      log,
      owner,
      retries,
      retryBackoffMs,
      keepBuilds,
    };
  }

  /**
   * Starts publishing: `prepare` runs before any build may start (the runner clears what a
   * crash left behind); builds this instance could have run when it stopped (or any older than
   * the build timeout) are recorded as interrupted and asked for again; old rows are pruned;
   * then the table is watched for requests.
   */
  async start(prepare?: () => Promise<void>): Promise<void> {
    this.#ready = (async () => {
      await prepare?.();
      const interrupted = await this.#sweep(true);
      await pruneHistory(this.#runner);
      if (interrupted > 0) await this.#requests.record({ trigger: { kind: 'restart' } });
    })();
    await this.#ready;
    this.#options.clock.clearTimeout(this.#poll);
    if (this.#closed) return;
    this.#watch();
    await this.#schedule();
  }

  /** Asks for a rebuild (a content change, unless `trigger` says otherwise). */
  request(trigger?: TriggerInput): Promise<void> {
    return this.#requests.record({ trigger }).then(() => this.#schedule());
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
    this.#options.clock.clearTimeout(this.#timer);
    void this.#run();
  }

  get running(): boolean {
    return this.#running !== null;
  }

  /** Waits for the build in progress, if any (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Stops: a build in progress is cut off (its process group killed) and asked for again. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#options.clock.clearTimeout(this.#timer);
    this.#options.clock.clearTimeout(this.#poll);
    this.#abort?.abort();
    await this.idle();
  }

  /** Looks at the table every `pollMs` until closed. */
  #watch(): void {
    this.#poll = this.#options.clock.setTimeout(() => {
      if (this.#closed) return;
      this.#watch();
      void this.#tick();
    }, this.#options.pollMs);
  }

  /** Idle: look for requests other instances recorded, and now and then for abandoned builds. */
  async #tick(): Promise<void> {
    if (this.#closed || this.#running) return;
    if (this.#options.clock.now() - this.#lastSweep >= SWEEP_EVERY_MS) {
      try {
        if ((await this.#sweep(false)) > 0) {
          await this.#requests.record({ trigger: { kind: 'restart' } });
        }
      } catch (err) {
        this.#log.warn({ err }, 'could not look for abandoned site builds');
      }
    }
    await this.#schedule();
  }

  /** Records builds abandoned by their instance as failed, and returns how many. */
  #sweep(atStart: boolean): Promise<number> {
    this.#lastSweep = this.#options.clock.now();
    return interruptAbandoned(this.#db, {
      atStart,
      current: this.#current,
      buildTimeoutMs: this.#options.buildTimeoutMs,
      now: this.#lastSweep,
    });
  }

  /** When a queued row may start: its quiet window or ceiling, or its not-before time. */
  #dueAt(row: QueuedBuild): number {
    let due = row.notBefore ? Date.parse(row.notBefore) : Infinity;
    if (row.requests > 0) {
      due = Math.min(
        due,
        Date.parse(row.lastRequestedAt) + this.#options.debounceMs,
        Date.parse(row.requestedAt) + this.#options.maxWaitMs,
      );
    }
    return Number.isFinite(due) ? due : this.#options.clock.now();
  }

  /** Sets the timer for the next build. Never rejects: errors are logged. */
  async #schedule(): Promise<void> {
    if (this.#closed || this.#running) return; // the running build looks again when it ends
    try {
      const rows = await queuedBuilds(this.#db);
      if (!rows.length || this.#closed || this.#running) return;
      const { clock } = this.#options;
      const due = Math.min(...rows.map((row) => this.#dueAt(row)));
      clock.clearTimeout(this.#timer);
      this.#timer = clock.setTimeout(() => void this.#run(), Math.max(0, due - clock.now()));
    } catch (err) {
      this.#log.error({ err }, 'could not read the rebuild queue');
    }
  }

  /** Runs the next build. The promise never rejects: a failure is recorded, or logged. */
  #run(): Promise<void> {
    if (this.#running || this.#closed) return this.#running ?? Promise.resolve();
    const abort = new AbortController();
    this.#abort = abort;
    this.#running = this.#buildNext(abort.signal)
      .catch((err: unknown) => this.#log.error({ err }, 'the rebuild queue failed'))
      .finally(() => {
        this.#running = null;
        this.#abort = null;
        this.#current = null;
        void this.#schedule();
      });
    return this.#running;
  }

  async #buildNext(signal: AbortSignal): Promise<void> {
    await this.#ready.catch(() => undefined);
    if (signal.aborted) return;
    await buildNext(this.#runner, signal, (id) => (this.#current = id));
  }
}
