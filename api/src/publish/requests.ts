import { SHOWN_TRIGGERS } from '@conveyor/shared';
import type { Kysely } from 'kysely';
import {
  addRequest,
  addTrigger,
  buildsIdleSince,
  insertQueuedBuild,
  queuedBuilds,
  type TriggerInput,
} from '../db/repositories/builds.ts';
import type { Database } from '../db/types.ts';
import { type Clock, isoAt, systemClock } from '../lib/clock.ts';
import { type BuildTiming, scheduleBuildJob } from './buildJob.ts';

/**
 * The configuration's defaults (PUBLISH_DEBOUNCE_MS, PUBLISH_MAX_WAIT_MS, PUBLISH_LEADING_EDGE,
 * no retries).
 */
const DEFAULT_TIMING: BuildTiming = {
  debounceMs: 500,
  maxWaitMs: 30_000,
  maxAttempts: 1,
  leading: true,
};

/**
 * Rebuild requests, recorded in the database: the pending request is the one 'queued' row of
 * publish_builds, and the build job (buildJob.ts) that will build it. Every API instance
 * records them, whether it publishes or not; the instance that publishes runs the job. Writes
 * of this process are serialised, so a burst of saves never inserts two rows; instances racing
 * each other may, and the build folds them.
 */
export class RebuildRequests {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #timing: BuildTiming;
  #chain: Promise<unknown> = Promise.resolve();
  /** Told when the build job's time was set (the publishing instance wakes its job runner). */
  onScheduled: () => void = () => {};

  constructor(db: Kysely<Database>, clock: Clock = systemClock, timing = DEFAULT_TIMING) {
    this.#db = db;
    this.#clock = clock;
    this.#timing = timing;
  }

  /** Runs this process's publishing writes one after another. */
  serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.#chain.then(step, step);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  /**
   * Sets the build job's time from the queued rows (after a restart, with new settings);
   * `request`: for a request just recorded.
   */
  async schedule(request = false): Promise<void> {
    const now = this.#clock.now();
    if (await this.serial(() => scheduleBuildJob(this.#db, this.#timing, now, request))) {
      this.onScheduled();
    }
  }

  /**
   * Records a change of public content, and what asked for it (`trigger`, a change by default:
   * the releases list says what made each); `now`: a rebuild that skips the quiet window;
   * `full`: one that renders every page rather than only those whose data changed;
   * `schedule: false`: no job needed (the build about to take the row records it).
   */
  async record(
    options: { now?: boolean; full?: boolean; trigger?: TriggerInput; schedule?: boolean } = {},
  ): Promise<void> {
    await this.serial(() => this.#record(options));
    if (options.schedule !== false) await this.schedule(true);
  }

  /** No build runs, and none ended within the quiet window. */
  #idle(): Promise<boolean> {
    return buildsIdleSince(
      this.#db,
      isoAt(this.#clock, this.#clock.now() - this.#timing.debounceMs),
    );
  }

  async #record(options: { now?: boolean; full?: boolean; trigger?: TriggerInput }): Promise<void> {
    const now = options.now ?? false;
    const full = options.full ?? false;
    const trigger = options.trigger ?? { kind: 'change' };
    for (;;) {
      const at = isoAt(this.#clock);
      const [queued] = await queuedBuilds(this.#db);
      if (!queued) {
        // the leading edge: a change on an idle site is built at once
        const idle = this.#timing.leading && (await this.#idle());
        const row = await insertQueuedBuild(this.#db, at, {
          requests: 1,
          notBefore: now || idle ? at : null,
          full,
        });
        await addTrigger(this.#db, row, at, trigger);
        return;
      }
      if (await addRequest(this.#db, queued, at, now, full)) {
        // A label only: the request itself is counted above. The first few name what asked
        // for the build; the rest are counted only (a bulk import's thousands of saves read
        // "and 2,995 more", not 3,000 rows to list). If a publisher folds the row into its
        // build meanwhile, this label is left out of that build's list (and pruned later).
        if (queued.requests < SHOWN_TRIGGERS) {
          await addTrigger(this.#db, queued.id, at, trigger);
        }
        return;
      }
      // a publisher took that row for a build just now: this change needs one of its own
    }
  }
}
