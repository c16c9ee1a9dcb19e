import {
  ERRORS,
  isSchedulable,
  type Resource,
  SCHEDULE_GRACE_MS,
  type Schedule,
  type ScheduleAction,
  type ScheduleInput,
} from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { type Actor, audit } from '../audit/log.ts';
import { dropQueuedJobs } from '../db/repositories/jobs.ts';
import {
  markFailed,
  removeSchedule,
  saveSchedule,
  type ScheduleTimes,
  takeDue,
} from '../db/repositories/schedules.ts';
import type { Executor } from '../db/repositories/table.ts';
import { PermanentJobError, type JobRunner } from '../jobs/runner.ts';
import { ApiError, BadRequest } from '../lib/httpErrors.ts';
import { publish } from '../content/definition.ts';
import { makeLive, SCHEDULER_ACTOR, takeOffline } from './publication.ts';
import type { JobKindName } from '../jobs/kinds.ts';

// Scheduled publishing as a kind of job on the durable runner (DESIGN 9). Where a
// schedule lives, and why not in the jobs table alone: staff set, change, read and cancel a
// schedule, and a job already claimed by another instance cannot be taken back. So the
// `schedules` row is the truth of what staff asked for, and each of its times has a job that
// wakes the server then; the job acts only if the row still holds its time (a compare-and-set
// in the transaction of the change), so a job of a schedule changed or cancelled since does
// nothing even if it was running at that moment. Queued jobs of an old schedule are deleted
// with it, so none lingers. The runner's atomic claim runs each job on one instance; the
// compare-and-set makes a repeat (a lost lease) harmless as well: the change is made once.

export const SCHEDULE_JOB = 'schedule.due' satisfies JobKindName;

/** What a schedule's job carries: whose time, which, and the time itself (to compare). */
export interface DuePayload {
  resource: Resource;
  id: number;
  action: ScheduleAction;
  at: string;
}

/** The job reference of a record's schedule. */
export const scheduleRef = (resource: string, id: number) => `${resource}:${id}`;

/**
 * A schedule's times as stored (ISO-8601 UTC), or a 400 that names the time at fault: none
 * given, one more than SCHEDULE_GRACE_MS in the past (a time in the last minute is taken, and
 * acts at once), an unpublish time not after the publish time.
 */
export function checkTimes(input: ScheduleInput, now: number): ScheduleTimes {
  const times: ScheduleTimes = { publish_at: null, unpublish_at: null };
  for (const field of ['publish_at', 'unpublish_at'] as const) {
    const value = input[field];
    if (value === null || value === undefined) continue;
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) throw new BadRequest(`${field}: is not a time`, { field });
    if (ms < now - SCHEDULE_GRACE_MS) {
      throw new BadRequest(`${field}: ${ERRORS.schedulePast}`, { code: 'schedules.past', field });
    }
    times[field] = new Date(ms).toISOString();
  }
  if (times.publish_at === null && times.unpublish_at === null) {
    throw new BadRequest(ERRORS.scheduleEmpty, { code: 'schedules.empty' });
  }
  if (times.publish_at && times.unpublish_at && times.unpublish_at <= times.publish_at) {
    throw new BadRequest(ERRORS.scheduleOrder, {
      code: 'schedules.order',
      field: 'unpublish_at',
    });
  }
  return times;
}

/**
 * Sets a record's schedule inside `trx`, replacing the one it had: the row, a job for each
 * time (the old schedule's queued jobs are deleted) and the activity log's event. Call
 * `runner.wake()` once `trx` has committed: a time in the last minute is due at once.
 */
export async function setSchedule(
  runner: JobRunner,
  trx: Executor,
  actor: Actor,
  record: { resource: Resource; id: number },
  times: ScheduleTimes,
): Promise<Schedule> {
  const now = new Date(runner.clock.now()).toISOString();
  const schedule = await saveSchedule(trx, record, times, actor.user, now);
  const ref = scheduleRef(record.resource, record.id);
  await dropQueuedJobs(trx, SCHEDULE_JOB, ref);
  const due: [ScheduleAction, string | null][] = [
    ['publish', times.publish_at],
    ['unpublish', times.unpublish_at],
  ];
  for (const [action, at] of due) {
    if (at === null) continue;
    const payload: DuePayload = { resource: record.resource, id: record.id, action, at };
    await runner.enqueue(SCHEDULE_JOB, payload, { db: trx, runAt: new Date(at), ref });
  }
  await audit(trx, actor, {
    action: 'schedule',
    resource: record.resource,
    recordId: record.id,
    details: { ...times },
  });
  return schedule;
}

/**
 * Removes a record's schedule and its queued jobs inside `trx`; answers it as it was. With an
 * `actor` (staff cancelling it) the activity log records it; a delete's own event says enough.
 */
export async function dropSchedule(
  trx: Executor,
  record: { resource: string; id: number },
  actor?: Actor,
): Promise<Schedule | undefined> {
  const schedule = await removeSchedule(trx, record.resource, record.id);
  await dropQueuedJobs(trx, SCHEDULE_JOB, scheduleRef(record.resource, record.id));
  if (schedule && actor) {
    await audit(trx, actor, {
      action: 'unschedule',
      resource: record.resource,
      recordId: record.id,
      details: { publish_at: schedule.publish_at, unpublish_at: schedule.unpublish_at },
    });
  }
  return schedule;
}

/**
 * Declares the schedule's job: when a time comes, takes it off the schedule and makes the
 * record live or takes it offline, in one transaction, then asks for a rebuild of the site.
 * Needs the resources' routes (`app.crud`): the change takes the path a save takes.
 */
export function defineScheduleJob(app: FastifyInstance): void {
  app.jobs.define<DuePayload>(SCHEDULE_JOB, {
    async run(payload, { log }) {
      const { resource, id, action, at } = payload;
      const def = isSchedulable(resource) ? app.crud.get(resource) : undefined;
      if (!def) throw new PermanentJobError(`${resource} cannot be scheduled`);
      const outcome = await app.db.kysely
        .transaction()
        .execute(async (trx) => {
          const schedule = await takeDue(trx, { resource, id }, action, at);
          if (!schedule) return 'stale';
          // who asked for it: the event's user is the scheduler
          const details = { scheduled: action, scheduled_by: schedule.user_name, scheduled_at: at };
          const change = action === 'publish' ? makeLive : takeOffline;
          return (await change(trx, def, SCHEDULER_ACTOR, id, details)) ? 'changed' : 'unchanged';
        })
        .catch((error: unknown) => {
          // A refusal (a draft that would take its record past a cap) says the same at every
          // attempt until staff change something: failed at once, not retried. Anything else
          // (the database away for a moment, a deadlock) may pass, and is retried.
          if (error instanceof ApiError && error.statusCode < 500) {
            throw new PermanentJobError(error.message, { cause: error });
          }
          throw error;
        });
      if (outcome === 'changed') publish(app, def, 'update', id, SCHEDULER_ACTOR);
      log.info({ resource, id, action, at, outcome }, 'scheduled time came');
    },
    // Given up on (a refusal, or the last attempt): the schedule says so, with why, where staff
    // look (the Scheduled screen, the record's schedule panel); its time stays there until they
    // change or cancel it. The transaction was rolled back: the record is as it was.
    async afterFailure(payload, { error, retryAt }) {
      if (retryAt !== null) return;
      const refusal = error instanceof PermanentJobError ? error.cause : error;
      const known = refusal instanceof ApiError;
      const message = error instanceof Error ? error.message : String(error);
      await markFailed(
        app.db.kysely,
        { resource: payload.resource, id: payload.id },
        payload.action,
        payload.at,
        {
          at: new Date(app.jobs.clock.now()).toISOString(),
          message: known ? message : ERRORS.server,
          code: known ? refusal.errorCode : 'server',
        },
      );
    },
  });
}
