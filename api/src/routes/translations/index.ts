import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  type IncompleteTranslations,
  incompleteTranslationsSchema,
  LANGUAGES,
  may,
  TRANSLATED_FIELDS,
  TRANSLATED_RESOURCES,
} from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Forbidden } from '../../lib/httpErrors.ts';

/**
 * Incomplete translations (the editors' dashboard): per content resource, how many
 * records have their name or description (TRANSLATED_FIELDS) empty in uz, ru or en. Only the
 * resources the caller may change are counted, the work being theirs; a role that may change
 * none (sales) is refused.
 */
export default async function translationRoutes(app: FastifyInstance) {
  app.get(
    '/translations/incomplete',
    {
      // the area is each resource's: checked below, per resource
      config: { access: 'staff', area: 'any' },
      schema: {
        tags: ['translations'],
        operationId: 'listIncompleteTranslations',
        summary: 'Per content resource, the records with a name or description empty in a language',
        security: [{ bearer: [] }],
        response: {
          200: dataResponseSchema({ type: 'array', items: incompleteTranslationsSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const role = request.user?.role;
      const resources = TRANSLATED_RESOURCES.filter((name) => may(role, name, 'write'));
      if (resources.length === 0) throw new Forbidden(ERRORS.forbidden, { code: 'forbidden' });
      const db = app.db.kysely;
      const data: IncompleteTranslations[] = [];
      for (const resource of resources) {
        const columns = TRANSLATED_FIELDS[resource].flatMap((field) =>
          LANGUAGES.map((language) => `${field}_${language}`),
        );
        const empty = sql.join(
          columns.map((column) => sql`coalesce(trim(${sql.ref(column)}), '') = ''`),
          sql` or `,
        );
        const row = await db
          .selectFrom(resource)
          .select([
            sql<number | string>`count(*)`.as('total'),
            sql<number | string | null>`sum(case when ${empty} then 1 else 0 end)`.as('incomplete'),
          ])
          .executeTakeFirstOrThrow();
        data.push({
          resource,
          total: Number(row.total),
          incomplete: Number(row.incomplete ?? 0),
        });
      }
      return { data };
    },
  );
}
