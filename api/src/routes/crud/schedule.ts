import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  idParamsSchema,
  scheduleBodySchema,
  scheduleSchema,
} from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { findSchedule } from '../../db/repositories/schedules.ts';
import { NotFound } from '../../lib/httpErrors.ts';
import { checkTimes, dropSchedule, setSchedule } from '../../schedules/schedule.ts';
import type { Crud } from '../../content/definition.ts';

/**
 * A content record's schedule: when it goes live and when it goes offline. Reading
 * it is reading the record; setting or cancelling it is changing the record (editors and
 * admins, not sales). The times act through the job the schedule module declares.
 */
export function registerSchedule(app: FastifyInstance, def: Crud): void {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const tags = [def.name];
  const security = [{ bearer: [] }];
  const config = { access: 'staff', area: def.name } as const;
  const path = `/${def.name}/:id/schedule`;
  const resource = def.name;

  const requireRecord = async (id: number) => {
    if (!(await def.repo.exists(app.db.kysely, id))) throw new NotFound(ERRORS.notFound);
  };

  api.get(
    path,
    {
      config,
      schema: {
        tags,
        summary: `When one of ${def.name} goes live or offline (null: not scheduled)`,
        security,
        params: idParamsSchema,
        response: {
          200: dataResponseSchema({ anyOf: [scheduleSchema, { type: 'null' }] }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireRecord(id);
      return { data: (await findSchedule(app.db.kysely, resource, id)) ?? null };
    },
  );

  api.put(
    path,
    {
      config,
      schema: {
        tags,
        summary: `Schedule one of ${def.name} to go live and/or offline (replaces its schedule)`,
        description:
          'Times are ISO-8601 instants; one more than a minute in the past is refused ' +
          '(schedules.past), an unpublish time must come after the publish time ' +
          '(schedules.order). At that minute the record is switched on or off as a save ' +
          'would: a revision, the activity log (by the scheduler), a rebuild of the site.',
        security,
        params: idParamsSchema,
        body: scheduleBodySchema,
        response: { 200: dataResponseSchema(scheduleSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireRecord(id);
      const times = checkTimes(request.body, app.jobs.clock.now());
      const schedule = await app.db.kysely
        .transaction()
        .execute((trx) => setSchedule(app.jobs, trx, request, { resource, id }, times));
      // committed: a time within the last minute is due now, not at the next poll
      app.jobs.wake();
      return { data: schedule };
    },
  );

  api.delete(
    path,
    {
      config,
      schema: {
        tags,
        summary: `Cancel the schedule of one of ${def.name} (nothing happens at its times)`,
        security,
        params: idParamsSchema,
        response: { 200: dataResponseSchema(idParamsSchema.properties.id), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireRecord(id);
      await app.db.kysely
        .transaction()
        .execute((trx) => dropSchedule(trx, { resource, id }, request));
      return { data: id };
    },
  );
}
