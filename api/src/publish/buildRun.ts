import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  addFoldedRequests,
  addTrigger,
  claimBuild,
  dropQueuedBuild,
  insertQueuedBuild,
  moveTriggers,
  pruneBuilds,
  type QueuedBuild,
  queuedBuilds,
  recordBuilt,
  recordFailed,
} from '../db/repositories/builds.ts';
import type { Job } from '../db/repositories/jobs.ts';
import type { Database } from '../db/types.ts';
import { type Clock, isoAt } from '../lib/clock.ts';
import { interruptAbandoned } from './abandoned.ts';
import type { RebuildRequests } from './requests.ts';
import { BuildError, type Builder, type BuildResult } from './types.ts';

/** What running one build job needs: the publisher's settings and collaborators. */
export interface BuildContext {
  db: Kysely<Database>;
  build: Builder;
  requests: RebuildRequests;
  clock: Clock;
  log: FastifyBaseLogger;
  buildTimeoutMs: number;
  keepBuilds: number;
}

/** A build that failed (recorded already): the runner tries it again after its backoff. */
export class FailedBuild extends Error {
  readonly full: boolean;
  constructor(message: string, full: boolean) {
    super(message);
    this.full = full;
  }
}

/** Deletes finished builds beyond the newest `keepBuilds`; a failure is only logged. */
export async function pruneHistory(ctx: BuildContext): Promise<void> {
  try {
    await pruneBuilds(ctx.db, ctx.keepBuilds);
  } catch (err) {
    ctx.log.warn({ err }, 'could not prune the build history');
  }
}

/**
 * Takes the first queued row for a build (only if it is still queued: racing instances'
 * requests may have made several). Every other queued row is met by this build, which reads
 * the content from now on: those are folded into it.
 */
async function take(
  ctx: BuildContext,
  startedAt: string,
  owner: string,
): Promise<QueuedBuild | undefined> {
  const rows = await queuedBuilds(ctx.db);
  for (const [index, row] of rows.entries()) {
    if (!(await claimBuild(ctx.db, row.id, startedAt, owner))) continue;
    let folded = 0;
    let full = row.full;
    for (const other of rows.slice(index + 1)) {
      if (await dropQueuedBuild(ctx.db, other.id)) {
        folded += other.requests;
        full ||= other.full;
        await moveTriggers(ctx.db, other.id, row.id);
      }
    }
    if (folded > 0) await addFoldedRequests(ctx.db, row.id, folded);
    return { ...row, requests: row.requests + folded, full };
  }
  return undefined;
}

/**
 * Runs a build job: the queued rows, taken and folded, are built, and how it ended recorded.
 * Builds cut off before (this very job, put back after its instance died, may be one) are
 * recorded as interrupted first, and asked for again by this build. A failed build rejects with FailedBuild, for the runner's retry; one stopped
 * by shutdown hands its request back instead. Also rejects when the database fails.
 */
export async function runBuildJob(
  ctx: BuildContext,
  job: Job,
  signal: AbortSignal,
  newer?: AbortSignal,
): Promise<void> {
  const owner = job.lockedBy ?? '';
  const interrupted = await interruptAbandoned(ctx.db, {
    atStart: false,
    buildTimeoutMs: ctx.buildTimeoutMs,
    now: ctx.clock.now(),
  });
  if (interrupted > 0) {
    await ctx.requests.record({ trigger: { kind: 'restart' }, schedule: false });
  }
  const started = ctx.clock.now();
  const row = await ctx.requests.serial(() => take(ctx, isoAt(ctx.clock, started), owner));
  if (!row) return;
  ctx.log.info(
    { build: row.id, requests: row.requests, attempt: row.attempt, full: row.full },
    'site build started',
  );
  try {
    let result: BuildResult;
    try {
      result = await ctx.build(signal, { full: row.full, buildId: row.id, newer });
    } catch (error) {
      await failed(ctx, row, started, error as Error, signal.aborted);
      return;
    }
    const finished = ctx.clock.now();
    const status = result.status ?? 'success';
    await recordBuilt(ctx.db, row.id, {
      status,
      finishedAt: isoAt(ctx.clock, finished),
      durationMs: finished - started,
      pages: result.pages,
      release: result.release || null,
      logTail: result.logTail,
      dataHash: result.dataHash,
    });
    ctx.log.info(
      { build: row.id, pages: result.pages, release: result.release },
      status === 'announced'
        ? 'site rebuild announced'
        : result.yielded
          ? 'site published; its pictures go on in the next build, after a newer change'
          : 'site published',
    );
    // the pictures it left: a build follows (the newer change's, which this joins)
    if (result.yielded) await ctx.requests.record({ trigger: { kind: 'pictures' } });
  } finally {
    await pruneHistory(ctx);
  }
}

/**
 * Records a failed build; the live site is unchanged. Cut off by shutdown, it is asked for
 * again at once (another publisher, or this one's next start, builds it); otherwise it rejects,
 * and the runner tries the job again after its backoff (retryRow shows when).
 */
async function failed(
  ctx: BuildContext,
  row: QueuedBuild,
  started: number,
  error: Error,
  stopped: boolean,
): Promise<void> {
  const finished = ctx.clock.now();
  await recordFailed(ctx.db, row.id, {
    finishedAt: isoAt(ctx.clock, finished),
    durationMs: finished - started,
    error: stopped ? 'stopped: the API shut down' : error.message,
    logTail: error instanceof BuildError ? error.logTail : '',
  });
  ctx.log.error({ build: row.id, err: error }, 'site build failed; the live site is unchanged');
  if (!stopped) throw new FailedBuild(error.message, row.full);
  await addRetryRow(ctx, { attempt: row.attempt, notBefore: finished, full: row.full });
  await ctx.requests.schedule();
}

/**
 * Shows a failed build's retry as a queued row nobody asked for (requests: 0), with its try
 * and time, unless a request waits already (that build comes anyway).
 */
async function addRetryRow(
  ctx: BuildContext,
  retry: { attempt: number; notBefore: number; full: boolean },
): Promise<boolean> {
  return ctx.requests.serial(async () => {
    if ((await queuedBuilds(ctx.db)).length > 0) return false;
    const at = isoAt(ctx.clock);
    const id = await insertQueuedBuild(ctx.db, at, {
      requests: 0,
      attempt: retry.attempt,
      notBefore: isoAt(ctx.clock, retry.notBefore),
      full: retry.full,
    });
    await addTrigger(ctx.db, id, at, { kind: 'retry' });
    return true;
  });
}

/** After the runner recorded a failed build job: its retry, if any, shown in publish_builds. */
export async function retryRow(
  ctx: BuildContext,
  failure: { job: Job; error: unknown; retryAt: Date | null },
): Promise<void> {
  if (!failure.retryAt || !(failure.error instanceof FailedBuild)) return;
  const attempt = failure.job.attempts;
  if (
    await addRetryRow(ctx, {
      attempt,
      notBefore: failure.retryAt.getTime(),
      full: failure.error.full,
    })
  ) {
    ctx.log.info({ attempt, at: failure.retryAt.toISOString() }, 'site build retry scheduled');
  }
}
