import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { recordInterrupted, runningBuilds } from '../db/repositories/builds.ts';
import type { Database } from '../db/types.ts';

/** A build still 'running' this long past the build timeout has certainly lost its instance. */
const STALE_GRACE_MS = 60_000;

/** This process as a build's owner: `host:pid`. */
export function processOwner(): string {
  return `${hostname()}:${process.pid}`;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether this instance could own a build: this host, and a process that is gone; at start
 * also this very pid (a previous life of it) or no owner (a row from before owners were
 * recorded).
 */
function couldBeOurs(owner: string | null, atStart: boolean): boolean {
  if (owner === null) return atStart;
  const at = owner.lastIndexOf(':');
  const pid = Number(owner.slice(at + 1));
  if (owner.slice(0, at) !== hostname() || !Number.isInteger(pid)) return false;
  return (atStart && pid === process.pid) || !processAlive(pid);
}

/**
 * Records 'running' builds whose instance is gone as failed, and returns how many: builds this
 * instance could own, or older than the build timeout (their owner would have stopped them by
 * now). `current`, the build this instance runs, is never one.
 */
export async function interruptAbandoned(
  db: Kysely<Database>,
  options: { atStart: boolean; current: number | null; buildTimeoutMs: number; now: number },
): Promise<number> {
  const cutoff = options.now - options.buildTimeoutMs - STALE_GRACE_MS;
  const error = options.atStart
    ? 'interrupted by a restart'
    : 'interrupted: its API instance stopped';
  let interrupted = 0;
  for (const build of await runningBuilds(db)) {
    if (build.id === options.current) continue;
    const stale = Date.parse(build.startedAt ?? '') < cutoff;
    if (!stale && !couldBeOurs(build.owner, options.atStart)) continue;
    const finishedAt = new Date(options.now).toISOString();
    if (await recordInterrupted(db, build.id, finishedAt, error)) interrupted++;
  }
  return interrupted;
}
