import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  DRAFT_KEPT_PICTURES,
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
import { checkDraft, publishDraft } from '../../drafts/drafts.ts';
import {
  droppedFiles,
  filesOf,
  nextPictures,
  picturesData,
  picturesOf,
} from '../../drafts/pictures.ts';
import { answerPreview, buildPreview } from '../../drafts/preview.ts';
import {
  findDraft,
  listDrafts,
  removeDraft,
  saveDraft,
  setDraftFiles,
} from '../../db/repositories/drafts.ts';
import { NotFound } from '../../lib/httpErrors.ts';
import { orphans } from '../../revisions/prune.ts';
import { checkGallery } from '../../content/gallery.ts';
import { type Body, type Crud, present, publish } from '../../content/definition.ts';
import { checkFiles, orRemove, saveFiles } from './files.ts';
import { bodyMediaTypes, uploadConfig, withImageRemoval } from './schemas.ts';
import { checkParts } from '../../content/parts.ts';
import { columnValues } from '../../content/values.ts';

/**
 * A content record's draft: changes saved without going live, previewed as the real
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
  // a draft takes pictures as the record's update does (multipart)
  const uploads = uploadConfig(def);
  const media = bodyMediaTypes(def);

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
      config: { ...config, ...uploads },
      schema: {
        tags,
        summary: `Save changes to one of ${def.name} as a draft (the live record stays)`,
        description:
          'The body is an update’s (JSON, or multipart with pictures): it replaces what the ' +
          'draft held. New pictures are stored and held by the draft; the image field naming ' +
          `the draft's new picture, and \`${DRAFT_KEPT_PICTURES}\`, its added gallery pictures, keep them.`,
        security,
        params: idParamsSchema,
        ...media,
        body: withImageRemoval(def, def.bodies.update),
        response: { 200: dataResponseSchema(draftSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const live = await existing(id);
      const body = { ...request.body };
      const fields = columnValues(def, body);
      await checkDraft(def, db, live, fields);
      Object.assign(fields, await checkParts(def, db, body));
      const previous = picturesOf(def, (await findDraft(db, def.name, id))?.data);
      const files = await checkFiles(app, def, request);
      const stored: Body = {};
      const { written, gallery } = await saveFiles(app, def, files, stored);
      const saved = await orRemove(app, written, async () => {
        const image = def.image ? (stored[def.image.column] as string | undefined) : undefined;
        const next = nextPictures(def, body, { image, gallery }, previous, live);
        if (def.gallery) await checkGallery(db, id, next);
        const draft = await db.transaction().execute(async (trx) => {
          const kept = await saveDraft(trx, request, def.name, id, {
            ...fields,
            ...picturesData(def, next),
          });
          await setDraftFiles(trx, def.name, id, filesOf(next));
          return kept;
        });
        return { draft, dropped: droppedFiles(previous, next) };
      });
      await app.images.remove(await orphans(db, saved.dropped));
      return { data: saved.draft };
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
      const draft = await findDraft(db, def.name, id);
      const removed = await db.transaction().execute((trx) => removeDraft(trx, def.name, id));
      if (!draft || !removed) throw noDraft();
      await app.images.remove(await orphans(db, filesOf(picturesOf(def, draft.data))));
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
      return answerPreview(request, reply, () => buildPreview(app, def, request.params.id, hours));
    },
  );
}
