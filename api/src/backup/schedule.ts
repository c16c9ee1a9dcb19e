import { join } from 'node:path';
import type { BackupJob, BackupStatus } from '@conveyor/shared';
import { type Job, listJobs, oldestJobAt } from '../db/repositories/jobs.ts';
import type { Executor } from '../db/repositories/table.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { createBackup, type DatabaseTarget } from './archive.ts';
import { autoArchiveName, listArchives, pruneArchives } from './folder.ts';
import type { JobKindName } from '../jobs/kinds.ts';

// Scheduled backups as one kind of job on the durable runner (DESIGN 9): every
// BACKUP_INTERVAL_HOURS one instance of several writes an archive into BACKUP_DIR (the runner's
// unique key per period), then deletes the job's archives beyond BACKUP_KEEP. "Back up now"
// enqueues the same kind once. A failure is the job's error, retried with backoff.

export const BACKUP_JOB = 'backup.scheduled' satisfies JobKindName;

export interface BackupSchedule extends DatabaseTarget {
  /** 0: no schedule; the kind is still there for "back up now". */
  intervalMs: number;
  keep: number;
  dir: string;
}

export interface BackupPayload {
  /** Who asked for it ("back up now"); absent for a scheduled one. */
  requestedBy?: number;
}

/** Declares the backup job on the runner, recurring when the schedule is on. */
export function defineBackupJob(runner: JobRunner, schedule: BackupSchedule): void {
  // One backup at a time on an instance: a scheduled one that falls due while "back up now"
  // runs waits for it rather than reading the database twice at once.
  let previous: Promise<unknown> = Promise.resolve();
  runner.define<BackupPayload>(BACKUP_JOB, {
    ...(schedule.intervalMs > 0 ? { everyMs: schedule.intervalMs } : {}),
    // An archive is worth little hours late: a few tries, the last about an hour on.
    maxAttempts: 5,
    backoff: { baseMs: 60_000, maxMs: 30 * 60_000 },
    run(payload, { job, signal, log }) {
      const turn = previous.then(async () => {
        signal.throwIfAborted();
        const now = new Date(runner.clock.now());
        const file = join(schedule.dir, autoArchiveName(now, job.id));
        const summary = await createBackup({ ...schedule, file, now, signal });
        const pruned = await pruneArchives(schedule.dir, schedule.keep);
        log.info(
          { file, bytes: summary.bytes, pruned, requestedBy: payload.requestedBy },
          'backup written',
        );
      });
      previous = turn.catch(() => {});
      return turn;
    },
  });
}

const backupJob = (job: Job): BackupJob => ({
  id: job.id,
  status: job.status,
  runAt: job.runAt,
  attempts: job.attempts,
});

/** The backup to report as under way: running, or queued (due, or waiting for a retry). */
const underWay = (job: Job) => job.status === 'running' || job.status === 'queued';

/**
 * Enqueues a one-off backup, unless one is running or due already (a second click, or a
 * scheduled one about to start): then that one is the answer.
 */
export async function requestBackup(
  runner: JobRunner,
  db: Executor,
  requestedBy: number | undefined,
): Promise<BackupJob> {
  const now = new Date(runner.clock.now()).toISOString();
  const jobs = await listJobs(db, { kind: BACKUP_JOB, limit: 20 });
  const current = jobs.find(
    (job) => job.status === 'running' || (job.status === 'queued' && job.runAt <= now),
  );
  if (current) return backupJob(current);
  const payload: BackupPayload = requestedBy === undefined ? {} : { requestedBy };
  const id = (await runner.enqueue(BACKUP_JOB, payload))!;
  return { id, status: 'queued', runAt: now, attempts: 0 };
}

/**
 * What the backups screen shows: the archives, the schedule, the backup under way, the newest
 * failure since the last success, and whether the last good backup is stale: older than twice
 * the interval (a missed run can happen; two in a row is a problem). With no archive at all the
 * reference is when the first backup job was made, so a server whose backups never worked is
 * flagged too, and one that has just turned the schedule on is not.
 */
export async function backupStatus(
  db: Executor,
  schedule: BackupSchedule,
  now: number,
): Promise<BackupStatus> {
  const archives = await listArchives(schedule.dir);
  const jobs = await listJobs(db, { kind: BACKUP_JOB, limit: 50 });
  const lastSuccess = jobs
    .filter((job) => job.status === 'done' && job.finishedAt)
    .map((job) => job.finishedAt!)
    .sort()
    .at(-1);
  const failure = jobs
    .filter(
      (job) =>
        job.lastError !== null &&
        job.status !== 'done' &&
        (lastSuccess === undefined || job.updatedAt > lastSuccess),
    )
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  const lastGoodAt = archives[0]?.createdAt ?? null;
  const since = lastGoodAt ?? (await oldestJobAt(db, BACKUP_JOB));
  const enabled = schedule.intervalMs > 0;
  return {
    schedule: {
      enabled,
      intervalHours: schedule.intervalMs / 3600_000,
      keep: schedule.keep,
    },
    archives: archives.map(({ name, bytes, createdAt, auto, summary }) => ({
      name,
      bytes,
      createdAt,
      auto,
      summary: summary && {
        dialect: summary.dialect,
        schemaVersion: summary.schemaVersion,
        tables: summary.tables,
        uploads: summary.uploads,
      },
    })),
    pending: (() => {
      const job = jobs.find(underWay);
      return job ? backupJob(job) : null;
    })(),
    lastFailure: failure
      ? {
          at: failure.updatedAt,
          error: failure.lastError!,
          retryAt: failure.status === 'queued' ? failure.runAt : null,
        }
      : null,
    lastGoodAt,
    stale: enabled && since !== null && now - Date.parse(since) > 2 * schedule.intervalMs,
  };
}
