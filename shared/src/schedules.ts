import type { FromSchema } from 'json-schema-to-ts';
import { RESOURCE_REGISTRY, RESOURCES, type Resource } from './resources.ts';
import { booleanSchema, idSchema, recordSchema, timestampSchema } from './schemas/common.ts';

/**
 * Scheduled publishing: a record of the content the site shows may be given a time
 * to go live and a time to go offline; the server makes the change at that minute, as a save
 * would be made (a revision, the activity log, a rebuild of the site).
 */
export const SCHEDULE_RESOURCES = RESOURCES.filter((name) => RESOURCE_REGISTRY[name].publishes);

export function isSchedulable(name: string): name is Resource {
  return (SCHEDULE_RESOURCES as readonly string[]).includes(name);
}

/** What a schedule's time does when it comes: makes the record live, or takes it offline. */
export const SCHEDULE_ACTIONS = ['publish', 'unpublish'] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];

/**
 * How far in the past a time may be and still be taken (it then goes at once): the minute a
 * form was filled in, and clocks a little apart. Anything older is refused as a mistake.
 */
export const SCHEDULE_GRACE_MS = 60_000;

/**
 * Who a scheduled change is by, in the history and the activity log (no user: the server).
 * Staff's screens say it in their language; who set the schedule is in the event's details.
 */
export const SCHEDULER = 'scheduler';

const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;

/** PUT /{resource}/{id}/schedule: the whole schedule; a time left out or null is none. */
export const scheduleBodySchema = {
  type: 'object',
  properties: { publish_at: nullableTime, unpublish_at: nullableTime },
  additionalProperties: false,
} as const;
export type ScheduleInput = FromSchema<typeof scheduleBodySchema>;

const scheduleProperties = {
  id: idSchema,
  resource: { type: 'string', enum: SCHEDULE_RESOURCES },
  record_id: idSchema,
  /** When the record goes live; null: no publish is pending. */
  publish_at: nullableTime,
  /** When it goes offline; null: it stays. */
  unpublish_at: nullableTime,
  /** The sooner of the two pending times: when the schedule next acts. */
  next_at: timestampSchema,
  /** Who set it last. */
  user_name: { type: 'string' },
  updated_at: timestampSchema,
  /**
   * When a time came and its change was refused for a reason that waiting cannot change (a
   * draft that would take its record past a cap), or failed for good; null: not failed. The
   * schedule stays, with that time, until staff change or cancel it.
   */
  failed_at: nullableTime,
  /** Why, in English (the refusal's message). */
  failure: { type: ['string', 'null'] },
  /** Why, as an error code (ERROR_CODES) that staff's screens say in their language. */
  failure_code: { type: ['string', 'null'] },
} as const;

/** A record's pending schedule. */
export const scheduleSchema = recordSchema(scheduleProperties);
export type Schedule = FromSchema<typeof scheduleSchema>;

/** One line of the Scheduled screen: a schedule, and the record it is for as it is now. */
export const scheduledItemSchema = recordSchema({
  ...scheduleProperties,
  /** The record's name (its registry `label`) in each language, falling back as the site does. */
  name: recordSchema({
    ru: { type: 'string' },
    uz: { type: 'string' },
    en: { type: 'string' },
  }),
  is_active: booleanSchema,
});
export type ScheduledItem = FromSchema<typeof scheduledItemSchema>;
