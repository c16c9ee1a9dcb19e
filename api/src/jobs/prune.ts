import { DAY_MS } from '@conveyor/shared';
import { pruneJobs } from '../db/repositories/jobs.ts';
import type { Executor } from '../db/repositories/table.ts';
import type { JobKindName } from './kinds.ts';
import type { JobRunner } from './runner.ts';

export const JOBS_PRUNE_JOB = 'jobs.prune' satisfies JobKindName;

/** Finished jobs are kept this long, for the status screens, then pruned. */
const KEEP_FINISHED_DAYS = 30;

/** The daily prune of finished jobs. */
export function defineJobsPrune(runner: JobRunner, db: Executor): void {
  runner.define(JOBS_PRUNE_JOB, {
    everyMs: DAY_MS,
    async run(_payload, { log }) {
      const pruned = await pruneJobs(db, new Date(Date.now() - KEEP_FINISHED_DAYS * DAY_MS));
      log[pruned ? 'info' : 'debug']({ pruned }, 'finished jobs pruned');
    },
  });
}
