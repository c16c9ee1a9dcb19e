import {
  AUDIT_ACTIONS,
  auditEventSchema,
  DAY_MS,
  errorResponses,
  idSchema,
  listResponseSchema,
} from '@conveyor/shared';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { listAudit, pruneAudit } from '../../audit/log.ts';
import { newestFirstPaging } from '../crud/schemas.ts';

const querySchema = {
  type: 'object',
  properties: {
    ...newestFirstPaging,
    user_id: idSchema,
    action: { type: 'string', enum: AUDIT_ACTIONS },
    resource: { type: 'string', maxLength: 50 },
    record_id: idSchema,
    created_from: { type: 'string', format: 'date-time' },
    created_to: { type: 'string', format: 'date-time' },
  },
  additionalProperties: false,
} as const;

/**
 * The activity log: admins read it, filtered by user, action, resource, record and
 * date; nobody writes it through the API (the routes that act add their events themselves).
 * Events past AUDIT_RETENTION_DAYS are pruned daily.
 */
export default async function activityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();

  app.jobs.define('audit.retention', {
    everyMs: DAY_MS,
    async run(_payload, { log }) {
      const days = app.config.auditRetentionDays;
      if (days === 0) return;
      const cutoff = new Date(Date.now() - days * DAY_MS);
      const deleted = await pruneAudit(app.db.kysely, cutoff);
      log[deleted ? 'info' : 'debug']({ deleted, days }, 'activity log pruned');
    },
  });

  api.get(
    '/activity',
    {
      config: { access: 'staff', area: 'activity' },
      schema: {
        tags: ['activity'],
        summary: 'The activity log, newest first (admins only)',
        security: [{ bearer: [] }],
        querystring: querySchema,
        response: { 200: listResponseSchema(auditEventSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit, id, user_id, action, resource, record_id, created_from, created_to } =
        request.query;
      const { rows, total } = await listAudit(
        app.db.kysely,
        {
          ids: id,
          userId: user_id,
          action,
          resource,
          recordId: record_id,
          from: created_from && new Date(created_from).toISOString(),
          before: created_to && new Date(created_to).toISOString(),
        },
        { limit, offset: (page - 1) * limit },
      );
      return {
        data: rows,
        currentPage: page,
        totalPages: Math.max(1, Math.ceil(total / limit)),
        total,
      };
    },
  );
}
