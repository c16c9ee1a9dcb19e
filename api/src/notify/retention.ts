import { DAY_MS, RESOURCES, isWorkflow } from '@conveyor/shared';
import { getNotificationSettings } from '../db/repositories/notificationSettings.ts';
import type { Executor } from '../db/repositories/table.ts';
import type { JobKindName } from '../jobs/kinds.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { deleteRevisions } from '../revisions/prune.ts';
import { removeConversationOf } from '../telegram/store.ts';

// The retention setting (privacy): leads and supplier applications older than N
// months are deleted, with their notes, by a daily job; so are those in the trash,
// whose snapshots are personal data too. Off (0) by default.

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
      if (subject === 'leads') {
        // their Telegram chats and conversations too
        const ids = (await expired.execute()).map((row) => row.id);
        for (let start = 0; start < ids.length; start += 500) {
          await removeConversationOf(trx, ids.slice(start, start + 500));
        }
      }
      await trx
        .deleteFrom('notes')
        .where('subject', '=', subject)
        .where('subject_id', 'in', expired)
        .execute();
      const result = await trx
        .deleteFrom(subject)
        .where('created_at', '<', before)
        .executeTakeFirst();
      deleted[subject] = Number(result.numDeletedRows) + (await purgeTrash(trx, subject, before));
    }
    return deleted;
  });
}

/** Deletes the trashed records of `subject` created before `before`; answers how many. */
async function purgeTrash(db: Executor, subject: string, before: string): Promise<number> {
  // few rows (only what staff deleted, for TRASH_DAYS); the creation time is in the snapshot
  const rows = await db
    .selectFrom('revisions')
    .select(['id', 'record_id', 'snapshot'])
    .where('resource', '=', subject)
    .execute();
  const expired = rows.filter((row) => {
    const created = (JSON.parse(row.snapshot) as { created_at?: unknown }).created_at;
    return typeof created === 'string' && Date.parse(created) < Date.parse(before);
  });
  await deleteRevisions(
    db,
    expired.map((row) => row.id),
  );
  return new Set(expired.map((row) => row.record_id)).size;
}

export const PRIVACY_RETENTION_JOB = 'privacy.retention' satisfies JobKindName;

/** The daily job that deletes what the retention setting (notification settings) lets go. */
export function definePrivacyRetention(runner: JobRunner, db: Executor): void {
  runner.define(PRIVACY_RETENTION_JOB, {
    everyMs: DAY_MS,
    async run(_payload, { log }) {
      const { retention_months: months } = await getNotificationSettings(db);
      if (months === 0) return;
      const cutoff = retentionCutoff(new Date(), months);
      const deleted = await purgeExpired(db, cutoff);
      // The record of what the retention setting removed, and up to when.
      log.info({ deleted, months, cutoff: cutoff.toISOString() }, 'expired records deleted');
    },
  });
}
