import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  idSchema,
  type IncompleteTranslations,
  incompleteTranslationsSchema,
  LANGUAGES,
  may,
  outdatedTranslationSchema,
  TRANSLATED_FIELDS,
  TRANSLATED_RESOURCES,
  type TranslatedResource,
  type TranslationGap,
  translationGapSchema,
} from '@conveyor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../audit/log.ts';
import { incompleteCount, translationGaps } from '../../content/translationGaps.ts';
import { markCurrent, outdatedTranslations } from '../../content/translationMarks.ts';
import { Forbidden, NotFound } from '../../lib/httpErrors.ts';

/** The content resources the caller may translate (change); a 403 when none. */
function translatable(request: FastifyRequest, only?: TranslatedResource): TranslatedResource[] {
  const role = request.user?.role;
  const resources = TRANSLATED_RESOURCES.filter(
    (name) => (only === undefined || name === only) && may(role, name, 'write'),
  );
  if (resources.length === 0) throw new Forbidden(ERRORS.forbidden, { code: 'forbidden' });
  return resources;
}

const resourceSchema = { type: 'string', enum: TRANSLATED_RESOURCES } as const;
const fieldSchema = {
  type: 'string',
  enum: [...new Set(Object.values(TRANSLATED_FIELDS).flat())],
} as const;
const languageSchema = { type: 'string', enum: LANGUAGES } as const;

/** How many gaps one answer lists at most. */
const MAX_GAPS = 1000;

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
        const { total, incomplete } = await incompleteCount(db, resource);
        data.push({ resource, total, incomplete });
      }
      return { data };
    },
  );

  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const config = { access: 'staff', area: 'any' } as const;
  const security = [{ bearer: [] }];

  api.get(
    '/translations/outdated',
    {
      config,
      schema: {
        tags: ['translations'],
        operationId: 'listOutdatedTranslations',
        summary: "A resource's (or one record's) texts that another language changed after",
        security,
        querystring: {
          type: 'object',
          properties: { resource: resourceSchema, id: idSchema },
          required: ['resource'],
          additionalProperties: false,
        },
        response: {
          200: dataResponseSchema({ type: 'array', items: outdatedTranslationSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { resource, id } = request.query;
      translatable(request, resource);
      return { data: await outdatedTranslations(app.db.kysely, resource, id) };
    },
  );

  api.post(
    '/translations/current',
    {
      config,
      schema: {
        tags: ['translations'],
        operationId: 'markTranslationCurrent',
        summary: 'Mark an outdated text current: its translator checked it',
        security,
        body: {
          type: 'object',
          properties: {
            resource: resourceSchema,
            record_id: idSchema,
            field: fieldSchema,
            language: languageSchema,
          },
          required: ['resource', 'record_id', 'field', 'language'],
          additionalProperties: false,
        },
        response: { 200: dataResponseSchema({ type: 'boolean' }), ...errorResponses },
      },
    },
    async (request) => {
      const mark = request.body;
      translatable(request, mark.resource);
      const db = app.db.kysely;
      const done = await db.transaction().execute(async (trx) => {
        if (!(await markCurrent(trx, mark))) return false;
        await audit(trx, request, {
          action: 'update',
          resource: mark.resource,
          recordId: mark.record_id,
          details: { fields: [`${mark.field}_${mark.language}`], translation_current: true },
        });
        return true;
      });
      if (!done) throw new NotFound('This text is not outdated', { code: 'notFound' });
      return { data: true };
    },
  );

  api.get(
    '/translations/gaps',
    {
      config,
      schema: {
        tags: ['translations'],
        operationId: 'listTranslationGaps',
        summary: 'What the catalogue lacks in a language: empty texts and outdated ones',
        security,
        querystring: {
          type: 'object',
          properties: { language: languageSchema, resource: resourceSchema },
          additionalProperties: false,
        },
        response: {
          200: dataResponseSchema({ type: 'array', items: translationGapSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const languages = request.query.language ? [request.query.language] : [...LANGUAGES];
      const db = app.db.kysely;
      const gaps: TranslationGap[] = [];
      for (const resource of translatable(request, request.query.resource)) {
        gaps.push(...(await translationGaps(db, resource, languages, MAX_GAPS)));
      }
      return { data: gaps.slice(0, MAX_GAPS) };
    },
  );
}
