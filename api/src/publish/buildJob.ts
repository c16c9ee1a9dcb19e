import { type QueuedBuild, queuedBuilds } from '../db/repositories/builds.ts';
import { insertJob, moveQueuedJobs } from '../db/repositories/jobs.ts';
import type { Executor } from '../db/repositories/table.ts';
import type { JobKindName } from '../jobs/kinds.ts';

/**
 * A site build is a job of the durable runner (DESIGN section 9), one kind with one job per
 * pending rebuild. What was asked for, and the history staff see, stay in publish_builds: its
 * 'queued' rows are the requests, counted and labelled; the job says when they are built:
 *
 * - debounce: each request moves the pending job's run_at to the quiet window's end, or the
 *   ceiling, whichever comes first (dueAt); a first change on an idle site is due at once
 *   (BuildTiming's `leading`: its row's not-before time is its request's);
 * - one build at a time: the kind is exclusive (a running build holds its running key), and
 *   the pending job holds PENDING_KEY, so a request during a build makes one follow-up job;
 * - retries and dead owners: the runner's backoff, lease and release.
 */
export const BUILD_JOB = 'publish.build' satisfies JobKindName;

/** The unique key of the one pending build job (given up when it starts: jobs.ts runningKey). */
export const PENDING_KEY = `${BUILD_JOB}:pending`;

export interface BuildTiming {
  /** A rebuild starts once no request came for this long... */
  debounceMs: number;
  /** ...or once the first waiting request is this old, whichever comes first. */
  maxWaitMs: number;
  /** Tries of a build in all: 1 + its automatic retries. */
  maxAttempts: number;
  /**
   * A change that finds publishing idle (no build running, none ended within the quiet window)
   * is built at once, without waiting the window: the leading edge of the debounce. The changes
   * that follow it wait the window as before, folded into one follow-up build.
   */
  leading: boolean;
}

/** When a queued row may be built: its quiet window or ceiling, or its not-before time. */
export function dueAt(row: QueuedBuild, timing: BuildTiming, now: number): number {
  let due = row.notBefore ? Date.parse(row.notBefore) : Infinity;
  if (row.requests > 0) {
    due = Math.min(
      due,
      Date.parse(row.lastRequestedAt) + timing.debounceMs,
      Date.parse(row.requestedAt) + timing.maxWaitMs,
    );
  }
  return Number.isFinite(due) ? due : now;
}

/**
 * Makes the pending build job due when the queued rows are: moves the waiting job (a pending
 * one, or one waiting out a retry's backoff, which a `request` makes an ordinary build again,
 * its attempts counted anew), or enqueues one. Returns whether any row waits. A job gives the pending key up as it is
 * claimed (claimExclusiveJob), before its build reads the rows, so a request made during a
 * build enqueues its follow-up.
 */
export async function scheduleBuildJob(
  db: Executor,
  timing: BuildTiming,
  now: number,
  request = false,
): Promise<boolean> {
  const rows = await queuedBuilds(db);
  if (rows.length === 0) return false;
  const runAt = new Date(Math.min(...rows.map((row) => dueAt(row, timing, now))));
  const at = new Date(now);
  const move = { freshAttempts: request };
  if ((await moveQueuedJobs(db, BUILD_JOB, runAt, at, move)) > 0) return true;
  const id = await insertJob(
    db,
    { kind: BUILD_JOB, maxAttempts: timing.maxAttempts, runAt, uniqueKey: PENDING_KEY },
    at,
  );
  // another instance enqueued it just now: move that one
  if (id === null) await moveQueuedJobs(db, BUILD_JOB, runAt, at, move);
  return true;
}
