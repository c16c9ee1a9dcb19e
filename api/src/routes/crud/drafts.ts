import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  dataResponseSchema,
  draftSchema,
  ERRORS,
  errorResponses,
  idParamsSchema,
  PREVIEW_LINK_HOURS,
  previewBodySchema,
  previewSchema,
} from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { checkDraft, draftValues, publishDraft } from '../../drafts/drafts.ts';
import { buildPreview } from '../../drafts/preview.ts';
import { findDraft, listDrafts, removeDraft, saveDraft } from '../../db/repositories/drafts.ts';
import { ApiError, NotFound } from '../../lib/httpErrors.ts';
import { ensurePreviewCookie } from '../../plugins/auth.ts';
import { type Crud, present, publish } from './definition.ts';

/**
 * A content record's draft (issue 17): changes saved without going live, previewed as the real
 * page, then published through the one update path (a revision, the activity log, a rebuild)
 * or discarded. Reading drafts is reading the record; the rest is changing it.
 */
export function registerDrafts(app: FastifyInstance, def: Crud): void {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const tags = [def.name];
  const security = [{ bearer: [] }];
  const config = { access: 'staff', area: def.name } as const;
  const path = `/${def.name}/:id/draft`;
  const db = app.db.kysely;

  const existing = async (id: number) => {
    const record = await def.repo.get(db, id);
    if (!record) throw new NotFound(ERRORS.notFound);
    return record;
  };
  const noDraft = () =>
    new NotFound('This record has no unpublished changes', { code: 'drafts.none' });

  api.get(
    `/${def.name}/drafts`,
    {
      config,
      schema: {
        tags,
        summary: `The ${def.name} with unpublished changes (their drafts, newest first)`,
        security,
        response: {
          200: dataResponseSchema({ type: 'array', items: draftSchema }),
          ...errorResponses,
        },
      },
    },
    async () => ({ data: await listDrafts(db, def.name) }),
  );

  api.get(
    path,
    {
      config,
      schema: {
        tags,
        summary: `The unpublished changes of one of ${def.name} (null: none)`,
        security,
        params: idParamsSchema,
        response: {
          200: dataResponseSchema({ anyOf: [draftSchema, { type: 'null' }] }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      await existing(request.params.id);
      return { data: (await findDraft(db, def.name, request.params.id)) ?? null };
    },
  );

  api.put(
    path,
    {
      config,
      schema: {
        tags,
        summary: `Save changes to one of ${def.name} as a draft (the live record stays)`,
        description:
          'The body is an update’s, JSON only: it replaces what the draft held. Pictures are ' +
          'saved at once, never drafted (drafts.pictures).',
        security,
        params: idParamsSchema,
        body: def.bodies.update,
        response: { 200: dataResponseSchema(draftSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = await existing(id);
      const values = draftValues(def, { ...(request.body as object) });
      await checkDraft(def, db, current, values);
      return { data: await saveDraft(db, request, def.name, id, values) };
    },
  );

  api.delete(
    path,
    {
      config,
      schema: {
        tags,
        summary: `Discard the unpublished changes of one of ${def.name}`,
        security,
        params: idParamsSchema,
        response: { 200: dataResponseSchema(idParamsSchema.properties.id), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await existing(id);
      if (!(await removeDraft(db, def.name, id))) throw noDraft();
      return { data: id };
    },
  );

  api.post(
    `${path}/publish`,
    {
      config,
      schema: {
        tags,
        summary: `Publish the draft of one of ${def.name}: it becomes the live record`,
        security,
        params: idParamsSchema,
        response: { 200: dataResponseSchema(def.detail ?? def.record), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await existing(id);
      const published = await db
        .transaction()
        .execute((trx) => publishDraft(trx, def, request, id));
      if (!published) throw noDraft();
      publish(app, def, 'update', id, request);
      return { data: await present(def, db, await existing(id), true) };
    },
  );

  api.post(
    `/${def.name}/:id/preview`,
    {
      config,
      schema: {
        tags,
        summary: `Build a preview of one of ${def.name}, with its draft, as the site would show it`,
        description:
          'Answers its pages in each language under a signed link that lasts `hours` ' +
          `(${PREVIEW_LINK_HOURS.join(', ')}; default ${PREVIEW_LINK_HOURS[0]}). A hidden ` +
          'record is previewed as if it were live.',
        security,
        params: idParamsSchema,
        body: previewBodySchema,
        response: { 200: dataResponseSchema(previewSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const hours = request.body?.hours ?? PREVIEW_LINK_HOURS[0];
      ensurePreviewCookie(request, reply);
      try {
        return { data: await buildPreview(app, def, request.params.id, hours) };
      } catch (error) {
        // a failed build is the server's, but staff should know it was the preview's (its log
        // has the build's output)
        if (error instanceof ApiError && error.errorCode === 'drafts.previewFailed') {
          return reply.status(502).send({ error: error.message, code: error.errorCode });
        }
        throw error;
      }
    },
  );
}
