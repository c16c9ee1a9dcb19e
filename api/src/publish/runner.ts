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
import type { Database } from '../db/types.ts';
import { type Clock, isoAt } from '../lib/clock.ts';
import type { RebuildRequests } from './requests.ts';
import { BuildError, type Builder, type BuildResult } from './types.ts';

/** What running one build needs: the queue's settings and collaborators. */
export interface RunnerContext {
  db: Kysely<Database>;
  build: Builder;
  requests: RebuildRequests;
  clock: Clock;
  log: FastifyBaseLogger;
  /** This instance in a running build's `owner`. */
  owner: string;
  retries: number;
  retryBackoffMs: number;
  keepBuilds: number;
}

/** Deletes finished builds beyond the newest `keepBuilds`; a failure is only logged. */
export async function pruneHistory(ctx: RunnerContext): Promise<void> {
  try {
    await pruneBuilds(ctx.db, ctx.keepBuilds);
  } catch (err) {
    ctx.log.warn({ err }, 'could not prune the build history');
  }
}

/**
 * Takes the first queued row for a build (only if it is still queued: another publisher may
 * have taken it). Every other queued row is met by this build, which reads the content from
 * now on: those are folded into it.
 */
async function take(ctx: RunnerContext, startedAt: string): Promise<QueuedBuild | undefined> {
  const rows = await queuedBuilds(ctx.db);
  for (const [index, row] of rows.entries()) {
    if (!(await claimBuild(ctx.db, row.id, startedAt, ctx.owner))) continue;
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
 * Runs the next queued build, if another publisher has not taken it, and records how it ended;
 * `onClaim` learns which row it runs. Rejects only when the database fails.
 */
export async function buildNext(
  ctx: RunnerContext,
  signal: AbortSignal,
  onClaim: (id: number) => void,
): Promise<void> {
  const started = ctx.clock.now();
  const row = await ctx.requests.serial(() => take(ctx, isoAt(ctx.clock, started)));
  if (!row) return;
  onClaim(row.id);
  ctx.log.info(
    { build: row.id, requests: row.requests, attempt: row.attempt, full: row.full },
    'site build started',
  );
  try {
    let result: BuildResult;
    try {
      result = await ctx.build(signal, { full: row.full });
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
      status === 'announced' ? 'site rebuild announced' : 'site published',
    );
  } finally {
    await pruneHistory(ctx);
  }
}

/**
 * Records a failed build; the live site is unchanged. Cut off by shutdown, it is asked for
 * again (the next start builds it); otherwise it is retried after a backoff, a few times at
 * most, unless a request is already waiting (that build comes anyway).
 */
async function failed(
  ctx: RunnerContext,
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
  if (!stopped && row.attempt >= ctx.retries) return;
  const attempt = stopped ? row.attempt : row.attempt + 1;
  const notBefore = isoAt(
    ctx.clock,
    stopped ? finished : finished + ctx.retryBackoffMs * 2 ** row.attempt,
  );
  const queued = await ctx.requests.serial(async () => {
    if ((await queuedBuilds(ctx.db)).length > 0) return false;
    // requests: 0 marks a retry nobody asked for (the status shows it as a retry, not queued)
    const at = isoAt(ctx.clock, finished);
    const retry = await insertQueuedBuild(ctx.db, at, {
      requests: 0,
      attempt,
      notBefore,
      full: row.full,
    });
    await addTrigger(ctx.db, retry, at, { kind: 'retry' });
    return true;
  });
  if (queued && !stopped) {
    ctx.log.info({ build: row.id, attempt, at: notBefore }, 'site build retry scheduled');
  }
}
