import { DAY_MS } from '@conveyor/shared';
import type { Executor } from '../db/repositories/table.ts';
import type { JobKindName } from '../jobs/kinds.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { pruneAudit } from './log.ts';

export const AUDIT_RETENTION_JOB = 'audit.retention' satisfies JobKindName;

/** The daily prune of activity log events older than `days` (AUDIT_RETENTION_DAYS; 0: kept). */
export function defineAuditRetention(runner: JobRunner, db: Executor, days: number): void {
  runner.define(AUDIT_RETENTION_JOB, {
    everyMs: DAY_MS,
    async run(_payload, { log }) {
      if (days === 0) return;
      const cutoff = new Date(Date.now() - days * DAY_MS);
      const deleted = await pruneAudit(db, cutoff);
      log[deleted ? 'info' : 'debug']({ deleted, days }, 'activity log pruned');
    },
  });
}
