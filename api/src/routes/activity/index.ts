import {
  AUDIT_ACTIONS,
  auditEventSchema,
  errorResponses,
  idSchema,
  listResponseSchema,
} from '@conveyor/shared';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../../audit/log.ts';
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
 * Events past AUDIT_RETENTION_DAYS are pruned daily (audit/retention.ts).
 */
export default async function activityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();

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
