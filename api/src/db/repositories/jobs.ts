import { DAY_MS } from '@conveyor/shared';
import type { ExpressionBuilder } from 'kysely';
import type { Database, JobsTable } from '../types.ts';
import type { Executor } from './table.ts';
import { isUniqueViolation } from '../../lib/dbErrors.ts';

export type JobStatus = JobsTable['status'];

/** A job as the runner and the back office see it. */
export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lockedBy: string | null;
  lockedUntil: string | null;
  lastError: string | null;
  uniqueKey: string | null;
  ref: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface NewJob {
  kind: string;
  payload?: unknown;
  maxAttempts: number;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one job ever holds this key: enqueueing it again does nothing. */
  uniqueKey?: string;
  /** What the job is about (`leads:12`), to find a record's jobs. */
  ref?: string;
}

type Row = {
  [K in keyof JobsTable]: K extends 'id' | 'attempts' ? number : JobsTable[K];
};

function toJob(row: Row): Job {
  return {
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: row.run_at,
    lockedBy: row.locked_by,
    lockedUntil: row.locked_until,
    lastError: row.last_error,
    uniqueKey: row.unique_key,
    ref: row.ref,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

/**
 * Adds a job. Pass the transaction that writes what the job is about (a lead and its
 * deliveries), so both are kept or neither. Returns the new job's id, or null when a job with
 * the same unique key exists already.
 */
export async function insertJob(db: Executor, job: NewJob, now: Date): Promise<number | null> {
  const at = now.toISOString();
  // A keyed insert that finds its key taken is no error; ON CONFLICT rather than catching,
  // since a failed statement would abort the caller's PostgreSQL transaction.
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      status: 'queued',
      max_attempts: job.maxAttempts,
      run_at: (job.runAt ?? now).toISOString(),
      unique_key: job.uniqueKey ?? null,
      ref: job.ref ?? null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Claims up to `limit` due jobs of the given kinds for `owner` until `lockedUntil`: queued
 * jobs whose time has come, and running jobs whose lease ran out (their instance died).
 *
 * One UPDATE takes them all, and its WHERE says again what makes a job due: of several
 * instances racing for a job exactly one update matches it, on SQLite (writes are serialised)
 * and on PostgreSQL (a waiting UPDATE re-reads the row, which is no longer due). One
 * statement rather than one per job: each write transaction costs a disk sync.
 */
export async function claimJobs(
  db: Executor,
  options: { kinds: readonly string[]; owner: string; now: Date; leaseMs: number; limit: number },
): Promise<Job[]> {
  if (options.kinds.length === 0 || options.limit <= 0) return [];
  const now = options.now.toISOString();
  const due = (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.or([
      eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
      eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
    ]);
  const candidates = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', options.kinds)
    .where(due)
    .orderBy('run_at')
    .orderBy('id')
    .limit(options.limit)
    .execute();
  if (candidates.length === 0) return [];
  const rows = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      locked_by: options.owner,
      locked_until: new Date(options.now.getTime() + options.leaseMs).toISOString(),
      updated_at: now,
    }))
    .where(
      'id',
      'in',
      candidates.map((candidate) => candidate.id),
    )
    .where(due)
    .returningAll()
    .execute();
  return rows
    .map((row) => toJob(row as Row))
    .sort((a, b) => a.runAt.localeCompare(b.runAt) || a.id - b.id);
}

/**
 * Claims the next due job of `kind` for `owner`, unless a job of that kind runs (its lease
 * not run out) on any instance: a kind whose jobs must never overlap (a site build). A running
 * job whose lease ran out goes first: its work was cut off. The claimed job takes the kind's
 * running key, so the unique index on unique_key refuses a second claim racing this one, on
 * SQLite and on PostgreSQL alike; the loser claims nothing. Its own key (a pending job's slot)
 * is given up with it, so a new pending job of the kind may be enqueued while it runs.
 */
export async function claimExclusiveJob(
  db: Executor,
  options: { kind: string; owner: string; now: Date; leaseMs: number },
): Promise<Job | undefined> {
  const now = options.now.toISOString();
  const key = runningKey(options.kind);
  const live = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', options.kind)
    .where('status', '=', 'running')
    .where('locked_until', '>=', now)
    .executeTakeFirst();
  if (live) return undefined;
  const due = (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.or([
      eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
      eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
    ]);
  const candidate = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', options.kind)
    .where(due)
    // 'running' sorts after 'queued': a job cut off comes before any waiting one
    .orderBy('status', 'desc')
    .orderBy('run_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return undefined;
  try {
    const row = await db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        unique_key: key,
        locked_by: options.owner,
        locked_until: new Date(options.now.getTime() + options.leaseMs).toISOString(),
        updated_at: now,
      }))
      .where('id', '=', candidate.id)
      .where(due)
      .returningAll()
      .executeTakeFirst();
    return row ? toJob(row as Row) : undefined;
  } catch (error) {
    // another instance's claim holds the running key: it runs, this one waits
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/**
 * Moves the queued jobs of `kind` to run at `runAt` (a pending site build: each request moves
 * its time); `freshAttempts`: with their attempts back at 0 (a request makes one waiting out a
 * retry's backoff an ordinary job again). Returns how many moved; 0 when none waits.
 */
export async function moveQueuedJobs(
  db: Executor,
  kind: string,
  runAt: Date,
  now: Date,
  options: { freshAttempts?: boolean } = {},
): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({
      run_at: runAt.toISOString(),
      ...(options.freshAttempts ? { attempts: 0 } : {}),
      updated_at: now.toISOString(),
    })
    .where('kind', '=', kind)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** When the next queued job of these kinds is due (null: none waits). */
export async function nextRunAt(db: Executor, kinds: readonly string[]): Promise<string | null> {
  if (kinds.length === 0) return null;
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('at'))
    .where('kind', 'in', kinds)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

/** Which claim a finishing update belongs to: a stale owner (lease lost) changes nothing. */
interface Claim {
  id: number;
  attempts: number;
  owner: string;
}

/**
 * The unique key a running job of an exclusive kind holds (claimExclusiveJob): the table's
 * unique index then lets one such job run at a time, whichever instance claims it.
 */
export const runningKey = (kind: string) => `${kind}#running`;

/** A job leaving 'running' gives its running key back (any other key it keeps). */
const releaseRunningKey = (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.case().when('unique_key', 'like', '%#running').then(null).else(eb.ref('unique_key')).end();

function ownClaim(db: Executor, claim: Claim) {
  return db
    .updateTable('jobs')
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('locked_by', '=', claim.owner)
    .where('status', '=', 'running');
}

/** Marks a claimed job done. False when the claim was lost meanwhile. */
export async function completeJob(db: Executor, claim: Claim, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await ownClaim(db, claim)
    .set((eb) => ({
      status: 'done',
      unique_key: releaseRunningKey(eb),
      locked_by: null,
      locked_until: null,
      last_error: null,
      finished_at: at,
      updated_at: at,
    }))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a failed attempt: queued again for `retryAt`, or failed for good when `retryAt` is
 * null. False when the claim was lost meanwhile.
 */
export async function failJob(
  db: Executor,
  claim: Claim,
  error: string,
  retryAt: Date | null,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const result = await ownClaim(db, claim)
    .set((eb) =>
      retryAt
        ? {
            status: 'queued',
            unique_key: releaseRunningKey(eb),
            run_at: retryAt.toISOString(),
            locked_by: null,
            locked_until: null,
            last_error: error,
            updated_at: at,
          }
        : {
            status: 'failed',
            unique_key: releaseRunningKey(eb),
            locked_by: null,
            locked_until: null,
            last_error: error,
            finished_at: at,
            updated_at: at,
          },
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends a running job's lease (a long job shows it is alive). */
export async function extendLease(
  db: Executor,
  claim: Claim,
  lockedUntil: Date,
  now: Date,
): Promise<boolean> {
  const result = await ownClaim(db, claim)
    .set({ locked_until: lockedUntil.toISOString(), updated_at: now.toISOString() })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Puts back in the queue the running jobs of owners that `isDead` says are gone (a process of
 * this machine killed mid-job), so a restart need not wait for their leases to run out.
 */
export async function releaseDeadClaims(
  db: Executor,
  isDead: (owner: string) => boolean,
  now: Date,
): Promise<number> {
  const running = await db
    .selectFrom('jobs')
    .select(['id', 'attempts', 'locked_by'])
    .where('status', '=', 'running')
    .execute();
  let released = 0;
  for (const job of running) {
    if (!job.locked_by || !isDead(job.locked_by)) continue;
    const result = await db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'queued',
        unique_key: releaseRunningKey(eb),
        run_at: now.toISOString(),
        locked_by: null,
        locked_until: null,
        last_error: 'the instance running it stopped',
        updated_at: now.toISOString(),
      }))
      .where('id', '=', job.id)
      .where('attempts', '=', job.attempts)
      .where('status', '=', 'running')
      .executeTakeFirst();
    released += Number(result.numUpdatedRows);
  }
  return released;
}

/**
 * Deletes the queued jobs of a kind about `ref` (a schedule changed or cancelled): a job that
 * will not be wanted leaves no row to fire later. One running at this moment is left alone; its
 * handler must find out for itself that it is stale.
 */
export async function dropQueuedJobs(db: Executor, kind: string, ref: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Puts a failed job back in the queue with a fresh set of attempts (staff's "retry"). */
export async function retryJob(db: Executor, id: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', attempts: 0, run_at: at, finished_at: null, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findJob(db: Executor, id: number): Promise<Job | undefined> {
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toJob(row as Row) : undefined;
}

export async function listJobs(
  db: Executor,
  filter: { kind?: string; status?: JobStatus; ref?: string; limit?: number } = {},
): Promise<Job[]> {
  let query = db.selectFrom('jobs').selectAll();
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.ref) query = query.where('ref', '=', filter.ref);
  if (filter.status) query = query.where('status', '=', filter.status);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 100)
    .execute();
  return rows.map((row) => toJob(row as Row));
}

/** Deletes finished jobs (done or failed) that finished before `before`; returns how many. */
export async function pruneJobs(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', 'in', ['done', 'failed'])
    .where('finished_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How a kind of job has been faring: its last success, and the failures still open. */
export interface KindHealth {
  lastSuccessAt: string | null;
  /** When the oldest open failure began (null: none). */
  failingSince: string | null;
  lastError: string | null;
}

/**
 * A kind's health. An open failure is a job of the last day that failed and is not done yet
 * (waiting for a retry, or given up on): one chat refusing while another works is still a
 * problem for whoever is in that chat.
 */
export async function kindHealth(db: Executor, kind: string, now: Date): Promise<KindHealth> {
  const success = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.max('finished_at').as('at'))
    .where('kind', '=', kind)
    .where('status', '=', 'done')
    .executeTakeFirst();
  const failures = await db
    .selectFrom('jobs')
    .select(['created_at', 'updated_at', 'last_error'])
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'running', 'failed'])
    .where('last_error', 'is not', null)
    .where('updated_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
    .orderBy('updated_at', 'desc')
    .limit(500)
    .execute();
  const since = failures.map((job) => job.created_at).sort()[0] ?? null;
  return {
    lastSuccessAt: (success?.at as string | null | undefined) ?? null,
    failingSince: since,
    lastError: failures[0]?.last_error ?? null,
  };
}

/** When the oldest job of a kind still in the table was made (null: none). */
export async function oldestJobAt(db: Executor, kind: string): Promise<string | null> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('kind', '=', kind)
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}
