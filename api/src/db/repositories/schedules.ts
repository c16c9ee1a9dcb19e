import type { Schedule, ScheduleAction } from '@conveyor/shared';
import type { Selectable } from 'kysely';
import type { SchedulesTable } from '../types.ts';
import type { Executor } from './table.ts';

// Content records' pending publish and unpublish times: the only module that
// queries `schedules`. The row is the truth of what staff asked for; the jobs that wake the
// server at those times check it before they act (`takeDue`).

type Row = Selectable<SchedulesTable>;

const COLUMN: Record<ScheduleAction, 'publish_at' | 'unpublish_at'> = {
  publish: 'publish_at',
  unpublish: 'unpublish_at',
};

function toSchedule(row: Row): Schedule {
  return {
    id: row.id,
    resource: row.resource as Schedule['resource'],
    record_id: row.record_id,
    publish_at: row.publish_at,
    unpublish_at: row.unpublish_at,
    next_at: row.next_at,
    user_name: row.user_name,
    updated_at: row.updated_at,
    failed_at: row.failed_at,
    failure: row.failure,
    failure_code: row.failure_code,
  };
}

/** A schedule's two times: ISO-8601 UTC, or null for none (never both null). */
export interface ScheduleTimes {
  publish_at: string | null;
  unpublish_at: string | null;
}

/** The sooner of the pending times: when a schedule next acts. */
export function nextAt(times: ScheduleTimes): string {
  const pending = [times.publish_at, times.unpublish_at].filter((at): at is string => !!at);
  if (!pending.length) throw new Error('a schedule needs a time');
  return pending.sort()[0]!;
}

export async function findSchedule(
  db: Executor,
  resource: string,
  recordId: number,
): Promise<Schedule | undefined> {
  const row = await db
    .selectFrom('schedules')
    .selectAll()
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row ? toSchedule(row) : undefined;
}

/** Sets a record's schedule, replacing the one it had; answers it. */
export async function saveSchedule(
  db: Executor,
  record: { resource: string; id: number },
  times: ScheduleTimes,
  author: { id: number; user_name: string } | null,
  now: string,
): Promise<Schedule> {
  const values = {
    publish_at: times.publish_at,
    unpublish_at: times.unpublish_at,
    next_at: nextAt(times),
    user_id: author?.id ?? null,
    user_name: author?.user_name ?? '',
    updated_at: now,
    // a schedule set again starts over: the failure was of the times it replaces
    failed_at: null,
    failure: null,
    failure_code: null,
  };
  const row = await db
    .insertInto('schedules')
    .values({ resource: record.resource, record_id: record.id, created_at: now, ...values })
    .onConflict((oc) => oc.columns(['resource', 'record_id']).doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSchedule(row);
}

/** Deletes a record's schedule; answers it as it was (undefined: there was none). */
export async function removeSchedule(
  db: Executor,
  resource: string,
  recordId: number,
): Promise<Schedule | undefined> {
  const row = await db
    .deleteFrom('schedules')
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .returningAll()
    .executeTakeFirst();
  return row ? toSchedule(row) : undefined;
}

/**
 * Takes a time that has come off a record's schedule, if the schedule still says it: the
 * schedule keeps its other time, or goes when none is left. Answers the schedule as it was, or
 * undefined when it no longer holds this time (changed or cancelled since): the job that came
 * for it is stale and must do nothing.
 *
 * A compare-and-set: the write's WHERE says the time again, so of two takers (a job run twice
 * after a lost lease, a change committed meanwhile) exactly one matches, on SQLite (writes are
 * serialised) and on PostgreSQL (a waiting UPDATE re-reads the row). Inside the transaction
 * that makes the change, so the time is spent only if the change is kept.
 */
export async function takeDue(
  db: Executor,
  record: { resource: string; id: number },
  action: ScheduleAction,
  at: string,
): Promise<Schedule | undefined> {
  const column = COLUMN[action];
  const other = COLUMN[action === 'publish' ? 'unpublish' : 'publish'];
  const row = await db
    .selectFrom('schedules')
    .selectAll()
    .where('resource', '=', record.resource)
    .where('record_id', '=', record.id)
    .where(column, '=', at)
    .executeTakeFirst();
  if (!row) return undefined;
  const rest = row[other];
  const result =
    rest === null
      ? await db
          .deleteFrom('schedules')
          .where('id', '=', row.id)
          .where(column, '=', at)
          .executeTakeFirst()
      : await db
          .updateTable('schedules')
          .set({ [column]: null, next_at: rest })
          .where('id', '=', row.id)
          .where(column, '=', at)
          .executeTakeFirst();
  const taken = 'numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows;
  return Number(taken) === 1 ? toSchedule(row) : undefined;
}

/**
 * Marks a record's schedule failed at one of its times: the change that time asked for was
 * refused, or failed for good. Only while the schedule still holds that time (a compare-and-set
 * like `takeDue`'s): one set again or cancelled since is not the one that failed. The time
 * stays on the schedule, so that the Scheduled screen shows what did not happen and why.
 */
export async function markFailed(
  db: Executor,
  record: { resource: string; id: number },
  action: ScheduleAction,
  at: string,
  failure: { at: string; message: string; code: string },
): Promise<boolean> {
  const result = await db
    .updateTable('schedules')
    .set({ failed_at: failure.at, failure: failure.message, failure_code: failure.code })
    .where('resource', '=', record.resource)
    .where('record_id', '=', record.id)
    .where(COLUMN[action], '=', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The schedules of these resources, soonest first, a page of them and how many there are. */
export async function listSchedules(
  db: Executor,
  resources: readonly string[],
  page: { limit: number; offset: number; ids?: readonly number[] | undefined },
): Promise<{ rows: Schedule[]; total: number }> {
  let query = db
    .selectFrom('schedules')
    .where('resource', 'in', resources.length ? resources : ['-']);
  if (page.ids) query = query.where('id', 'in', page.ids.length ? page.ids : [0]);
  const { count } = await query
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('next_at')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows: rows.map(toSchedule), total: Number(count) };
}
