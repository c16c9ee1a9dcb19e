import { RESOURCES, isWorkflow } from '@conveyor/shared';
import type { Executor } from '../db/repositories/table.ts';

// The retention setting (issue 14, privacy): leads and supplier applications older than N
// months are deleted, with their notes, by a daily job. Off (0) by default.

/** The instant N calendar months before `now`: records created before it have expired. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Deletes what was created before `cutoff`; answers how many records of each kind went. */
export async function purgeExpired(db: Executor, cutoff: Date): Promise<Record<string, number>> {
  const before = cutoff.toISOString();
  return db.transaction().execute(async (trx) => {
    const deleted: Record<string, number> = {};
    for (const subject of RESOURCES.filter(isWorkflow)) {
      const expired = trx.selectFrom(subject).select('id').where('created_at', '<', before);
      await trx
        .deleteFrom('notes')
        .where('subject', '=', subject)
        .where('subject_id', 'in', expired)
        .execute();
      const result = await trx
        .deleteFrom(subject)
        .where('created_at', '<', before)
        .executeTakeFirst();
      deleted[subject] = Number(result.numDeletedRows);
    }
    return deleted;
  });
}
