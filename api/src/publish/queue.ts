import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

export interface BuildResult {
  pages: number;
  release: string;
  logTail: string;
}

/** A failed build: its message and the end of its output. */
export class BuildError extends Error {
  readonly logTail: string;
  constructor(message: string, logTail = '') {
    super(message);
    this.logTail = logTail;
  }
}

export type Builder = () => Promise<BuildResult>;

export interface QueueOptions {
  /** A rebuild starts once no request came for this long... */
  debounceMs: number;
  /** ...or once the first waiting request is this old, whichever comes first. */
  maxWaitMs: number;
}

/**
 * The rebuild queue (DESIGN section 4). Requests are debounced (a quiet window, with a ceiling
 * so a steady stream of saves still publishes), builds never overlap, and requests that arrive
 * during a build fold into one follow-up build. The pending request is a 'queued' row in
 * publish_builds, so it survives a restart.
 *
 * Written here rather than taken from a job-queue library: it needs one in-process worker with
 * debounce-and-ceiling semantics over the app's own database, which job queues do not offer
 * without Redis or a second table layout per database.
 */
export class RebuildQueue {
  readonly #db: Kysely<Database>;
  readonly #build: Builder;
  readonly #options: QueueOptions;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #chain: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(db: Kysely<Database>, build: Builder, options: QueueOptions, log: FastifyBaseLogger) {
    this.#db = db;
    this.#build = build;
    this.#options = options;
    this.#log = log;
  }

  /** Serialises the queue's own database steps, so two requests never insert two rows. */
  #serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.#chain.then(step, step);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  /** After a restart: a build cut off mid-way is recorded as failed and asked for again. */
  async start(): Promise<void> {
    const interrupted = await this.#db
      .updateTable('publish_builds')
      .set({
        status: 'failed',
        finished_at: new Date().toISOString(),
        error: 'interrupted by a restart',
      })
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(interrupted.numUpdatedRows) > 0) await this.request();
    else await this.#schedule();
  }

  /** Asks for a rebuild (a content change). */
  request(): Promise<void> {
    return this.#serial(async () => {
      const now = new Date().toISOString();
      const queued = await this.#queuedRow();
      if (queued) {
        await this.#db
          .updateTable('publish_builds')
          .set({ last_requested_at: now, requests: queued.requests + 1 })
          .where('id', '=', queued.id)
          .execute();
      } else {
        await this.#db
          .insertInto('publish_builds')
          .values({ status: 'queued', requested_at: now, last_requested_at: now, requests: 1 })
          .execute();
      }
    }).then(() => this.#schedule());
  }

  /** Asks for a rebuild that starts as soon as no other build runs (the admin's button). */
  async requestNow(): Promise<void> {
    await this.request();
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

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.idle();
  }

  #queuedRow() {
    return this.#db
      .selectFrom('publish_builds')
      .selectAll()
      .where('status', '=', 'queued')
      .orderBy('id')
      .executeTakeFirst();
  }

  async #schedule(): Promise<void> {
    if (this.#closed || this.#running) return; // the running build looks again when it ends
    const queued = await this.#queuedRow();
    if (!queued) return;
    const due = Math.min(
      Date.parse(queued.last_requested_at) + this.#options.debounceMs,
      Date.parse(queued.requested_at) + this.#options.maxWaitMs,
    );
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#run(), Math.max(0, due - Date.now()));
  }

  #run(): Promise<void> {
    if (this.#running || this.#closed) return this.#running ?? Promise.resolve();
    this.#running = (async () => {
      const started = new Date();
      const row = await this.#serial(async () => {
        const queued = await this.#queuedRow();
        if (!queued) return undefined;
        await this.#db
          .updateTable('publish_builds')
          .set({ status: 'running', started_at: started.toISOString() })
          .where('id', '=', queued.id)
          .execute();
        return queued;
      });
      if (!row) return;
      this.#log.info({ build: row.id, requests: row.requests }, 'site build started');
      try {
        const result = await this.#build();
        const finished = new Date();
        await this.#db
          .updateTable('publish_builds')
          .set({
            status: 'success',
            finished_at: finished.toISOString(),
            duration_ms: finished.getTime() - started.getTime(),
            pages: result.pages,
            release: result.release,
            log_tail: result.logTail,
          })
          .where('id', '=', row.id)
          .execute();
        this.#log.info(
          { build: row.id, pages: result.pages, release: result.release },
          'site published',
        );
      } catch (error) {
        const finished = new Date();
        await this.#db
          .updateTable('publish_builds')
          .set({
            status: 'failed',
            finished_at: finished.toISOString(),
            duration_ms: finished.getTime() - started.getTime(),
            error: (error as Error).message,
            log_tail: error instanceof BuildError ? error.logTail : '',
          })
          .where('id', '=', row.id)
          .execute();
        this.#log.error(
          { build: row.id, err: error },
          'site build failed; the live site is unchanged',
        );
      }
    })().finally(() => {
      this.#running = null;
      void this.#schedule();
    });
    return this.#running;
  }
}
