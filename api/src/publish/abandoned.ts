import { hostname } from 'node:os';
import { recordInterrupted, runningBuilds } from '../db/repositories/builds.ts';
import { listJobs } from '../db/repositories/jobs.ts';
import type { Executor } from '../db/repositories/table.ts';
import { BUILD_JOB } from './buildJob.ts';

/** A build still 'running' this long past the build timeout has certainly lost its instance. */
const STALE_GRACE_MS = 60_000;

/**
 * Records as failed the 'running' builds no instance runs any more, and returns how many. A
 * build runs as long as its job holds its lease (the runner renews it while the build goes on,
 * and puts back a dead owner's job, which builds again); so a 'running' row that no live build
 * job's instance owns, and that started before this look, lost its instance. So did one older
 * than the build timeout, whoever owns it. Its text says which: a restart (at this instance's
 * start, or a build of this machine's that a build job finds), or another instance that stopped.
 */
export async function interruptAbandoned(
  db: Executor,
  options: { atStart: boolean; buildTimeoutMs: number; now: number },
): Promise<number> {
  const at = new Date(options.now).toISOString();
  const live = new Set(
    (await listJobs(db, { kind: BUILD_JOB, status: 'running' }))
      .filter((job) => job.lockedUntil !== null && job.lockedUntil >= at)
      .map((job) => job.lockedBy),
  );
  const cutoff = options.now - options.buildTimeoutMs - STALE_GRACE_MS;
  let interrupted = 0;
  for (const build of await runningBuilds(db)) {
    const started = Date.parse(build.startedAt ?? '');
    const stale = started < cutoff;
    if (!stale && (started >= options.now || (build.owner !== null && live.has(build.owner)))) {
      continue;
    }
    const here =
      options.atStart ||
      build.owner === null ||
      build.owner.slice(0, build.owner.lastIndexOf(':')) === hostname();
    const error = here ? 'interrupted by a restart' : 'interrupted: its API instance stopped';
    if (await recordInterrupted(db, build.id, at, error)) interrupted++;
  }
  return interrupted;
}
