import { type Build, type PublishingRetry, SHOWN_TRIGGERS, type Trigger } from '@conveyor/shared';
import { type Selectable, sql } from 'kysely';
import type { PublishBuildsTable, PublishTriggersTable } from '../types.ts';
import type { Executor } from './table.ts';

/**
 * The publish_builds table (DESIGN section 4): one row per site build, and the pending rebuild
 * request as its 'queued' row. Every change of a row is conditional on the status it had when
 * read, so instances racing each other never both take, end or fold the same row.
 */

type BuildRow = Selectable<PublishBuildsTable>;

/** A pending rebuild request: a 'queued' row (one, unless racing instances each added one). */
export interface QueuedBuild {
  id: number;
  /** How many changes asked for it; 0 marks a failed build's retry nobody asked for. */
  requests: number;
  /** 0 for a requested build, n for the nth automatic retry of a failed one. */
  attempt: number;
  requestedAt: string;
  lastRequestedAt: string;
  /** It does not start before this time (a retry's backoff, or now for "rebuild now"). */
  notBefore: string | null;
  /** Every page rendered, none carried over (the admin's Rebuild). */
  full: boolean;
}

export interface RunningBuild {
  id: number;
  /** The instance (host:pid) running it; null on rows from before owners were recorded. */
  owner: string | null;
  startedAt: string | null;
}

/** The recent builds, newest first, and what the waiting rows among them mean. */
export interface BuildHistory {
  builds: Build[];
  /** A rebuild somebody asked for waits. */
  queued: boolean;
  retry: PublishingRetry;
}

const isRetry = (row: BuildRow) => row.status === 'queued' && row.requests === 0 && row.attempt > 0;

/** What a rebuild request says asked for it (publish_triggers; `at` is the request's time). */
export interface TriggerInput {
  kind: PublishTriggersTable['kind'];
  resource?: string | null;
  action?: string | null;
  recordId?: number | null;
  by?: string;
}

function toBuild(row: BuildRow, triggers: Trigger[] = []): Build {
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requested_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    durationMs: row.duration_ms,
    pages: row.pages,
    release: row.release,
    requests: row.requests,
    attempt: row.attempt,
    error: row.error,
    logTail: row.log_tail,
    triggers,
  };
}

/** Records what asked for the build of row `buildId`, at `at`. */
export async function addTrigger(
  db: Executor,
  buildId: number,
  at: string,
  trigger: TriggerInput,
): Promise<void> {
  await db
    .insertInto('publish_triggers')
    .values({
      build_id: buildId,
      at,
      kind: trigger.kind,
      resource: trigger.resource ?? null,
      action: trigger.action ?? null,
      record_id: trigger.recordId ?? null,
      user_name: trigger.by ?? '',
    })
    .execute();
}

/** The first SHOWN_TRIGGERS triggers of each of these builds, oldest first. */
async function triggersOf(db: Executor, ids: number[]): Promise<Map<number, Trigger[]>> {
  const byBuild = new Map<number, Trigger[]>();
  if (ids.length === 0) return byBuild;
  const rows = await db
    .selectFrom('publish_triggers')
    .selectAll()
    .where('build_id', 'in', ids)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byBuild.get(row.build_id) ?? [];
    if (list.length >= SHOWN_TRIGGERS) continue;
    list.push({
      kind: row.kind,
      at: row.at,
      resource: row.resource,
      action: row.action,
      recordId: row.record_id,
      by: row.user_name,
    });
    byBuild.set(row.build_id, list);
  }
  return byBuild;
}

async function withTriggers(db: Executor, rows: BuildRow[]): Promise<Build[]> {
  const triggers = await triggersOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toBuild(row, triggers.get(row.id)));
}

/** A queued row folded into a build: what asked for it asked for that build. */
export async function moveTriggers(db: Executor, from: number, to: number): Promise<void> {
  await db
    .updateTable('publish_triggers')
    .set({ build_id: to })
    .where('build_id', '=', from)
    .execute();
}

export async function queuedBuilds(db: Executor): Promise<QueuedBuild[]> {
  const rows = await db
    .selectFrom('publish_builds')
    .select([
      'id',
      'requests',
      'attempt',
      'requested_at',
      'last_requested_at',
      'not_before',
      'full',
    ])
    .where('status', '=', 'queued')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    requests: row.requests,
    attempt: row.attempt,
    requestedAt: row.requested_at,
    lastRequestedAt: row.last_requested_at,
    notBefore: row.not_before,
    full: Boolean(row.full),
  }));
}

/** Whether no build runs and none ended after `since`: publishing is idle. */
export async function buildsIdleSince(db: Executor, since: string): Promise<boolean> {
  const busy = await db
    .selectFrom('publish_builds')
    .select('id')
    .where((eb) => eb.or([eb('status', '=', 'running'), eb('finished_at', '>', since)]))
    .limit(1)
    .executeTakeFirst();
  return busy === undefined;
}

/** Records a pending request, requested `at`. */
export async function insertQueuedBuild(
  db: Executor,
  at: string,
  row: { requests: number; attempt?: number; notBefore: string | null; full?: boolean },
): Promise<number> {
  const inserted = await db
    .insertInto('publish_builds')
    .values({
      status: 'queued',
      requested_at: at,
      last_requested_at: at,
      requests: row.requests,
      ...(row.attempt === undefined ? {} : { attempt: row.attempt }),
      not_before: row.notBefore,
      full: row.full ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Adds a change to a queued row; false when a publisher took the row for a build meanwhile. A
 * change makes a pending retry an ordinary request, with retries of its own: its quiet window
 * starts now. `now`: the build may start at once.
 */
export async function addRequest(
  db: Executor,
  queued: Pick<QueuedBuild, 'id' | 'requests'>,
  at: string,
  now: boolean,
  full = false,
): Promise<boolean> {
  const updated = await db
    .updateTable('publish_builds')
    .set((eb) => ({
      requests: eb('requests', '+', 1),
      last_requested_at: at,
      attempt: 0,
      ...(queued.requests === 0 ? { requested_at: at } : {}),
      ...(now ? { not_before: at } : {}),
      ...(full ? { full: true } : {}),
    }))
    .where('id', '=', queued.id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Takes a queued row for a build; false when another publisher took it first. */
export async function claimBuild(
  db: Executor,
  id: number,
  startedAt: string,
  owner: string,
): Promise<boolean> {
  const taken = await db
    .updateTable('publish_builds')
    .set({ status: 'running', started_at: startedAt, owner })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/** Deletes a queued row a build met; false when it was no longer queued. */
export async function dropQueuedBuild(db: Executor, id: number): Promise<boolean> {
  const gone = await db
    .deleteFrom('publish_builds')
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** Counts requests of rows folded into a build as its own. */
export async function addFoldedRequests(db: Executor, id: number, count: number): Promise<void> {
  await db
    .updateTable('publish_builds')
    .set((eb) => ({ requests: eb('requests', '+', count) }))
    .where('id', '=', id)
    .execute();
}

/** Records a build that ended well: published here, or announced to build hooks. */
export async function recordBuilt(
  db: Executor,
  id: number,
  outcome: {
    status: 'success' | 'announced';
    finishedAt: string;
    durationMs: number;
    pages: number | null;
    release: string | null;
    logTail: string;
    /** The hash of the content a runner's build was made from (siteDataHash). */
    dataHash?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('publish_builds')
    .set({
      status: outcome.status,
      finished_at: outcome.finishedAt,
      duration_ms: outcome.durationMs,
      pages: outcome.pages,
      release: outcome.release,
      log_tail: outcome.logTail,
      data_hash: outcome.dataHash ?? null,
      // a runner's release is live once its build is recorded (it went live just before)
      live_at: outcome.status === 'success' && outcome.release ? outcome.finishedAt : null,
    })
    .where('id', '=', id)
    .execute();
}

/** Records that a kept release is live again (a rollback), as of `at`. */
export async function markLive(db: Executor, release: string, at: string): Promise<void> {
  await db
    .updateTable('publish_builds')
    .set({ live_at: at })
    .where('release', '=', release)
    .where('status', '=', 'success')
    .execute();
}

/**
 * The content hash of the newest successful build, if it recorded one (builds announced to
 * hooks, and those before hashes were recorded, did not): what the site was last built from,
 * whichever release a rollback has made live since.
 */
export async function lastBuiltDataHash(db: Executor): Promise<string | null> {
  const row = await db
    .selectFrom('publish_builds')
    .select('data_hash')
    .where('status', '=', 'success')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.data_hash ?? null;
}

/** The release that went live last, as the database knows it (for instances without the files). */
export async function lastLiveRelease(db: Executor): Promise<string | null> {
  const row = await db
    .selectFrom('publish_builds')
    .select('release')
    .where('status', '=', 'success')
    .where('live_at', 'is not', null)
    .orderBy('live_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.release ?? null;
}

/** Adds a line to a build's log (a build hook's answer, as it comes). */
export async function appendLogLine(db: Executor, id: number, line: string): Promise<void> {
  await db
    .updateTable('publish_builds')
    .set((eb) => ({ log_tail: sql<string>`coalesce(${eb.ref('log_tail')}, '') || ${`${line}\n`}` }))
    .where('id', '=', id)
    .execute();
}

/** A build's log as written so far. */
export async function buildLog(db: Executor, id: number): Promise<string> {
  const row = await db
    .selectFrom('publish_builds')
    .select('log_tail')
    .where('id', '=', id)
    .executeTakeFirst();
  return (row?.log_tail ?? '').trimEnd();
}

export async function recordFailed(
  db: Executor,
  id: number,
  outcome: { finishedAt: string; durationMs: number; error: string; logTail: string },
): Promise<void> {
  await db
    .updateTable('publish_builds')
    .set({
      status: 'failed',
      finished_at: outcome.finishedAt,
      duration_ms: outcome.durationMs,
      error: outcome.error,
      log_tail: outcome.logTail,
    })
    .where('id', '=', id)
    .execute();
}

export async function runningBuilds(db: Executor): Promise<RunningBuild[]> {
  const rows = await db
    .selectFrom('publish_builds')
    .select(['id', 'owner', 'started_at'])
    .where('status', '=', 'running')
    .execute();
  return rows.map((row) => ({ id: row.id, owner: row.owner, startedAt: row.started_at }));
}

/** Records a build that lost its instance as failed; false when it had ended meanwhile. */
export async function recordInterrupted(
  db: Executor,
  id: number,
  finishedAt: string,
  error: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('publish_builds')
    .set({ status: 'failed', finished_at: finishedAt, error })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Deletes finished builds beyond the newest `keep` rows. */
export async function pruneBuilds(db: Executor, keep: number): Promise<void> {
  const edge = await db
    .selectFrom('publish_builds')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(keep - 1)
    .executeTakeFirst();
  if (!edge) return;
  await db
    .deleteFrom('publish_builds')
    .where('id', '<', edge.id)
    .where('status', 'in', ['success', 'failed', 'announced'])
    .execute();
  // and what asked for them (or for a queued row a build folded and deleted)
  await db
    .deleteFrom('publish_triggers')
    .where('build_id', 'not in', (eb) => eb.selectFrom('publish_builds').select('id'))
    .execute();
}

/** The releases successful builds made: what may stay in the site root. */
export async function builtReleases(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('publish_builds')
    .select('release')
    .where('status', '=', 'success')
    .where('release', 'is not', null)
    .execute();
  return rows.map((row) => row.release ?? '');
}

/**
 * The newest `limit` builds. A retry nobody asked for waits out its backoff: it is reported
 * apart, not as a queued request (staff see the failure, and when it is tried again).
 */
export async function buildHistory(db: Executor, limit: number): Promise<BuildHistory> {
  const rows = await db
    .selectFrom('publish_builds')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const retryRow = rows.find(isRetry);
  return {
    builds: await withTriggers(db, rows),
    queued: rows.some((row) => row.status === 'queued' && row !== retryRow),
    retry: retryRow ? { attempt: retryRow.attempt, at: retryRow.not_before ?? '' } : null,
  };
}

/**
 * The releases still on disk, newest first, as successful builds made them: the newest `keep`
 * (the builder prunes the rest) and the live one however old.
 */
export async function keptReleases(
  db: Executor,
  keep: number,
  live: string | null,
): Promise<Build[]> {
  const rows = await db
    .selectFrom('publish_builds')
    .selectAll()
    .where('status', '=', 'success')
    .where('release', 'is not', null)
    .orderBy('id', 'desc')
    .execute();
  return withTriggers(
    db,
    rows.filter((row, index) => index < keep || (live !== null && row.release === live)),
  );
}
