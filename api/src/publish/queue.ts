import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PublishBuildsTable } from '../db/types.ts';
import { BuildError, type Builder, type BuildResult } from './types.ts';

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
}

type BuildRow = Selectable<PublishBuildsTable>;

/** A build still 'running' this long past the build timeout has certainly lost its instance. */
const STALE_GRACE_MS = 60_000;
/** How often a publishing queue looks for builds abandoned by instances that went away. */
const SWEEP_EVERY_MS = 60_000;

/** This process as a build's owner: `host:pid`. */
export function processOwner(): string {
  return `${hostname()}:${process.pid}`;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function queuedRows(db: Kysely<Database>): Promise<BuildRow[]> {
  return db
    .selectFrom('publish_builds')
    .selectAll()
    .where('status', '=', 'queued')
    .orderBy('id')
    .execute();
}

/** The pending rebuild request: the one 'queued' row. */
async function insertQueued(
  db: Kysely<Database>,
  now: string,
  row: { requests: number; attempt?: number; notBefore: string | null },
): Promise<void> {
  await db
    .insertInto('publish_builds')
    .values({
      status: 'queued',
      requested_at: now,
      last_requested_at: now,
      requests: row.requests,
      ...(row.attempt === undefined ? {} : { attempt: row.attempt }),
      not_before: row.notBefore,
    })
    .execute();
}

/**
 * Rebuild requests, recorded in the database: the pending request is the one 'queued' row of
 * publish_builds. Every API instance records them, whether it publishes or not; the instance
 * that publishes picks them up (RebuildQueue). Writes of this process are serialised, so a burst
 * of saves never inserts two rows; instances racing each other may, and the build folds them.
 */
export class RebuildRequests {
  readonly #db: Kysely<Database>;
  #chain: Promise<unknown> = Promise.resolve();

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Runs this process's publishing writes one after another. */
  serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.#chain.then(step, step);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  /** Records a change of public content; `now`: a rebuild that skips the quiet window. */
  record(options: { now?: boolean } = {}): Promise<void> {
    return this.serial(async () => {
      for (;;) {
        const now = new Date().toISOString();
        const [queued] = await queuedRows(this.#db);
        if (!queued) {
          await insertQueued(this.#db, now, { requests: 1, notBefore: options.now ? now : null });
          return;
        }
        const updated = await this.#db
          .updateTable('publish_builds')
          .set((eb) => ({
            requests: eb('requests', '+', 1),
            last_requested_at: now,
            // a change makes a pending retry an ordinary request, with retries of its own
            attempt: 0,
            ...(queued.requests === 0 ? { requested_at: now } : {}),
            ...(options.now ? { not_before: now } : {}),
          }))
          .where('id', '=', queued.id)
          .where('status', '=', 'queued')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0) return;
        // a publisher took that row for a build just now: this change needs one of its own
      }
    });
  }
}

/**
 * The rebuild queue (DESIGN section 4), run by the instance that publishes. Requests are
 * debounced (a quiet window, with a ceiling so a steady stream of saves still publishes),
 * builds never overlap, and requests that arrive during a build fold into one follow-up build.
 * The pending request is a 'queued' row in publish_builds, so it survives a restart, and other
 * instances record theirs there too: an idle queue looks at the table every `pollMs`. Taking
 * a row for a build is atomic (an update of a row still 'queued'), so two publishers never run
 * the same request. A failed build is retried a few times with a growing backoff.
 *
 * Written here rather than taken from a job-queue library: it needs one worker with
 * debounce-and-ceiling semantics over the app's own database, which job queues do not offer
 * without Redis or a second table layout per database.
 */
export class RebuildQueue {
  readonly #db: Kysely<Database>;
  readonly #build: Builder;
  readonly #options: Required<Omit<QueueOptions, 'requests'>>;
  readonly #requests: RebuildRequests;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;
  #poll: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #abort: AbortController | null = null;
  /** The build row this queue runs now: never taken for abandoned. */
  #current: number | null = null;
  #ready: Promise<void> = Promise.resolve();
  #lastSweep = 0;
  #closed = false;

  constructor(db: Kysely<Database>, build: Builder, options: QueueOptions, log: FastifyBaseLogger) {
    this.#db = db;
    this.#build = build;
    this.#options = {
      retries: 0,
      retryBackoffMs: 30_000,
      pollMs: 1500,
      buildTimeoutMs: 10 * 60_000,
      keepBuilds: 200,
      owner: processOwner(),
      ...options,
    };
    this.#requests = options.requests ?? new RebuildRequests(db);
    this.#log = log;
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
      await this.#prune();
      if (interrupted > 0) await this.#requests.record();
    })();
    await this.#ready;
    clearInterval(this.#poll);
    if (this.#closed) return;
    this.#poll = setInterval(() => void this.#tick(), this.#options.pollMs);
    this.#poll.unref();
    await this.#schedule();
  }

  /** Asks for a rebuild (a content change). */
  request(): Promise<void> {
    return this.#requests.record().then(() => this.#schedule());
  }

  /** Asks for a rebuild that starts as soon as no other build runs (the admin's button). */
  async requestNow(): Promise<void> {
    await this.#requests.record({ now: true });
    clearTimeout(this.#timer);
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
    clearTimeout(this.#timer);
    clearInterval(this.#poll);
    this.#abort?.abort();
    await this.idle();
  }

  /** Idle: look for requests other instances recorded, and now and then for abandoned builds. */
  async #tick(): Promise<void> {
    if (this.#closed || this.#running) return;
    if (Date.now() - this.#lastSweep >= SWEEP_EVERY_MS) {
      try {
        if ((await this.#sweep(false)) > 0) await this.#requests.record();
      } catch (err) {
        this.#log.warn({ err }, 'could not look for abandoned site builds');
      }
    }
    await this.#schedule();
  }

  /**
   * Records 'running' builds whose instance is gone as failed, and returns how many. Such a
   * build is one this instance could own (this host, and a process that is gone; at start also
   * this very pid, a previous life of it, or no owner, a row from before owners were recorded),
   * or one older than the build timeout, which its owner would have stopped by now.
   */
  async #sweep(atStart: boolean): Promise<number> {
    this.#lastSweep = Date.now();
    const rows = await this.#db
      .selectFrom('publish_builds')
      .select(['id', 'owner', 'started_at'])
      .where('status', '=', 'running')
      .execute();
    const cutoff = Date.now() - this.#options.buildTimeoutMs - STALE_GRACE_MS;
    const host = hostname();
    const ours = (owner: string | null) => {
      if (owner === null) return atStart;
      const at = owner.lastIndexOf(':');
      const pid = Number(owner.slice(at + 1));
      if (owner.slice(0, at) !== host || !Number.isInteger(pid)) return false;
      return (atStart && pid === process.pid) || !processAlive(pid);
    };
    let interrupted = 0;
    for (const row of rows) {
      if (row.id === this.#current) continue;
      const stale = Date.parse(row.started_at ?? '') < cutoff;
      if (!stale && !ours(row.owner)) continue;
      const updated = await this.#db
        .updateTable('publish_builds')
        .set({
          status: 'failed',
          finished_at: new Date().toISOString(),
          error: atStart ? 'interrupted by a restart' : 'interrupted: its API instance stopped',
        })
        .where('id', '=', row.id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      interrupted += Number(updated.numUpdatedRows);
    }
    return interrupted;
  }

  /** Deletes finished builds beyond the newest `keepBuilds` rows. */
  async #prune(): Promise<void> {
    try {
      const edge = await this.#db
        .selectFrom('publish_builds')
        .select('id')
        .orderBy('id', 'desc')
        .limit(1)
        .offset(this.#options.keepBuilds - 1)
        .executeTakeFirst();
      if (!edge) return;
      await this.#db
        .deleteFrom('publish_builds')
        .where('id', '<', edge.id)
        .where('status', 'in', ['success', 'failed', 'announced'])
        .execute();
    } catch (err) {
      this.#log.warn({ err }, 'could not prune the build history');
    }
  }

  /** When a queued row may start: its quiet window or ceiling, or its not-before time. */
  #dueAt(row: BuildRow): number {
    let due = row.not_before ? Date.parse(row.not_before) : Infinity;
    if (row.requests > 0) {
      due = Math.min(
        due,
        Date.parse(row.last_requested_at) + this.#options.debounceMs,
        Date.parse(row.requested_at) + this.#options.maxWaitMs,
      );
    }
    return Number.isFinite(due) ? due : Date.now();
  }

  /** Sets the timer for the next build. Never rejects: errors are logged. */
  async #schedule(): Promise<void> {
    if (this.#closed || this.#running) return; // the running build looks again when it ends
    try {
      const rows = await queuedRows(this.#db);
      if (!rows.length || this.#closed || this.#running) return;
      const due = Math.min(...rows.map((row) => this.#dueAt(row)));
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => void this.#run(), Math.max(0, due - Date.now()));
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

  /**
   * Takes the first queued row for a build (only if it is still queued: another publisher may
   * have taken it). Every other queued row is met by this build, which reads the content from
   * now on: those are folded into it.
   */
  async #take(started: Date): Promise<BuildRow | undefined> {
    const rows = await queuedRows(this.#db);
    for (const [index, row] of rows.entries()) {
      const taken = await this.#db
        .updateTable('publish_builds')
        .set({ status: 'running', started_at: started.toISOString(), owner: this.#options.owner })
        .where('id', '=', row.id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) continue;
      let folded = 0;
      for (const other of rows.slice(index + 1)) {
        const gone = await this.#db
          .deleteFrom('publish_builds')
          .where('id', '=', other.id)
          .where('status', '=', 'queued')
          .executeTakeFirst();
        if (Number(gone.numDeletedRows) > 0) folded += other.requests;
      }
      if (folded > 0) {
        await this.#db
          .updateTable('publish_builds')
          .set((eb) => ({ requests: eb('requests', '+', folded) }))
          .where('id', '=', row.id)
          .execute();
      }
      return { ...row, requests: row.requests + folded };
    }
    return undefined;
  }

  async #buildNext(signal: AbortSignal): Promise<void> {
    await this.#ready.catch(() => undefined);
    if (signal.aborted) return;
    const started = new Date();
    const row = await this.#requests.serial(() => this.#take(started));
    if (!row) return;
    this.#current = row.id;
    this.#log.info(
      { build: row.id, requests: row.requests, attempt: row.attempt },
      'site build started',
    );
    try {
      let result: BuildResult;
      try {
        result = await this.#build(signal);
      } catch (error) {
        await this.#failed(row, started, error as Error, signal.aborted);
        return;
      }
      const finished = new Date();
      const status = result.status ?? 'success';
      await this.#db
        .updateTable('publish_builds')
        .set({
          status,
          finished_at: finished.toISOString(),
          duration_ms: finished.getTime() - started.getTime(),
          pages: result.pages,
          release: result.release || null,
          log_tail: result.logTail,
        })
        .where('id', '=', row.id)
        .execute();
      this.#log.info(
        { build: row.id, pages: result.pages, release: result.release },
        status === 'announced' ? 'site rebuild announced' : 'site published',
      );
    } finally {
      await this.#prune();
    }
  }

  /**
   * Records a failed build; the live site is unchanged. Cut off by shutdown, it is asked for
   * again (the next start builds it); otherwise it is retried after a backoff, a few times at
   * most, unless a request is already waiting (that build comes anyway).
   */
  async #failed(row: BuildRow, started: Date, error: Error, stopped: boolean): Promise<void> {
    const finished = new Date();
    await this.#db
      .updateTable('publish_builds')
      .set({
        status: 'failed',
        finished_at: finished.toISOString(),
        duration_ms: finished.getTime() - started.getTime(),
        error: stopped ? 'stopped: the API shut down' : error.message,
        log_tail: error instanceof BuildError ? error.logTail : '',
      })
      .where('id', '=', row.id)
      .execute();
    this.#log.error({ build: row.id, err: error }, 'site build failed; the live site is unchanged');
    const { retries, retryBackoffMs } = this.#options;
    if (!stopped && row.attempt >= retries) return;
    const attempt = stopped ? row.attempt : row.attempt + 1;
    const notBefore = stopped
      ? finished.getTime()
      : finished.getTime() + retryBackoffMs * 2 ** row.attempt;
    const queued = await this.#requests.serial(async () => {
      if ((await queuedRows(this.#db)).length > 0) return false;
      const now = finished.toISOString();
      // requests: 0 marks a retry nobody asked for (the status shows it as a retry, not queued)
      await insertQueued(this.#db, now, {
        requests: 0,
        attempt,
        notBefore: new Date(notBefore).toISOString(),
      });
      return true;
    });
    if (queued && !stopped) {
      this.#log.info(
        { build: row.id, attempt, at: new Date(notBefore).toISOString() },
        'site build retry scheduled',
      );
    }
  }
}
