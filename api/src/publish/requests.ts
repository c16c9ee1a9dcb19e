import type { Kysely } from 'kysely';
import {
  addRequest,
  addTrigger,
  insertQueuedBuild,
  queuedBuilds,
  type TriggerInput,
} from '../db/repositories/builds.ts';
import type { Database } from '../db/types.ts';
import { type Clock, isoAt, systemClock } from '../lib/clock.ts';

/**
 * Rebuild requests, recorded in the database: the pending request is the one 'queued' row of
 * publish_builds. Every API instance records them, whether it publishes or not; the instance
 * that publishes picks them up (RebuildQueue). Writes of this process are serialised, so a burst
 * of saves never inserts two rows; instances racing each other may, and the build folds them.
 */
export class RebuildRequests {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  #chain: Promise<unknown> = Promise.resolve();

  constructor(db: Kysely<Database>, clock: Clock = systemClock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** Runs this process's publishing writes one after another. */
  serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.#chain.then(step, step);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  /**
   * Records a change of public content, and what asked for it (`trigger`, a change by default:
   * the releases list says what made each); `now`: a rebuild that skips the quiet window;
   * `full`: one that renders every page rather than only those whose data changed.
   */
  record(options: { now?: boolean; full?: boolean; trigger?: TriggerInput } = {}): Promise<void> {
    const now = options.now ?? false;
    const full = options.full ?? false;
    const trigger = options.trigger ?? { kind: 'change' };
    return this.serial(async () => {
      for (;;) {
        const at = isoAt(this.#clock);
        const [queued] = await queuedBuilds(this.#db);
        let row: number | null = null;
        if (!queued) {
          row = await insertQueuedBuild(this.#db, at, {
            requests: 1,
            notBefore: now ? at : null,
            full,
          });
        } else if (await addRequest(this.#db, queued, at, now, full)) {
          row = queued.id;
        }
        if (row !== null) {
          // A label only: the request itself is counted above. If a publisher folds the row
          // into its build in between, this one is left out of that build's list (pruned later).
          await addTrigger(this.#db, row, at, trigger);
          return;
        }
        // a publisher took that row for a build just now: this change needs one of its own
      }
    });
  }
}
