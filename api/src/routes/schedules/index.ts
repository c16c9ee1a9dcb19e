import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  errorResponses,
  LANGUAGES,
  listResponseSchema,
  recordLabel,
  SCHEDULE_RESOURCES,
  type Schedule,
  type ScheduledItem,
  scheduledItemSchema,
} from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { listSchedules } from '../../db/repositories/schedules.ts';
import { defineScheduleJob } from '../../schedules/schedule.ts';
import { newestFirstPaging } from '../crud/schemas.ts';

const querySchema = {
  type: 'object',
  properties: {
    // the same paging as the trash's; the order is always the schedule's, soonest first
    ...newestFirstPaging,
    resource: { type: 'string', enum: SCHEDULE_RESOURCES },
  },
  additionalProperties: false,
} as const;

/**
 * What is scheduled: every pending publish and unpublish, soonest first, with the
 * record's name and whether it is live now, for the Scheduled screen. A record's own schedule
 * is set and cancelled under the record (`/{resource}/{id}/schedule`).
 *
 * The schedule's job is declared here, beside the routes of every resource, because it
 * changes records through their definitions (`app.crud`), which only this scope holds.
 */
export default async function scheduleRoutes(app: FastifyInstance) {
  defineScheduleJob(app);
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();

  /** A schedule with the record it is for, as it is now. */
  const withRecord = async (schedule: Schedule): Promise<ScheduledItem> => {
    const record = await app.crud
      .get(schedule.resource)
      ?.repo.get(app.db.kysely, schedule.record_id);
    const fields = record ?? {};
    const name = Object.fromEntries(
      LANGUAGES.map((language) => [language, recordLabel(schedule.resource, fields, language)]),
    ) as ScheduledItem['name'];
    return { ...schedule, name, is_active: Boolean(record?.is_active) };
  };

  api.get(
    '/schedules',
    {
      config: { access: 'staff', area: 'schedules' },
      schema: {
        tags: ['schedules'],
        summary: 'Everything scheduled to go live or offline, soonest first',
        security: [{ bearer: [] }],
        querystring: querySchema,
        response: { 200: listResponseSchema(scheduledItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit, id, resource } = request.query;
      const resources = SCHEDULE_RESOURCES.filter((name) => !resource || name === resource);
      const { rows, total } = await listSchedules(app.db.kysely, resources, {
        limit,
        offset: (page - 1) * limit,
        ids: id,
      });
      return {
        data: await Promise.all(rows.map(withRecord)),
        currentPage: page,
        totalPages: Math.max(1, Math.ceil(total / limit)),
        total,
      };
    },
  );
}
