import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  idParamsSchema,
  isDraftable,
  spendDraftQuerySchema,
} from '@conveyor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Body, type Crud, present, publish } from '../../content/definition.ts';
import { updateIn } from '../../content/update.ts';
import { checkParts, writeParts } from '../../content/parts.ts';
import { checkReferences, columnValues, requireLocalized } from '../../content/values.ts';
import { findDraft, removeDraft } from '../../db/repositories/drafts.ts';
import { droppedFiles, nextPictures, picturesOf } from '../../drafts/pictures.ts';
import { NotFound } from '../../lib/httpErrors.ts';
import { orphans } from '../../revisions/prune.ts';
import { unreferenced } from '../../revisions/store.ts';
import { checkFiles, imageOf, orRemove, saveFiles } from './files.ts';
import { bodyMediaTypes, uploadConfig, withImageRemoval } from './schemas.ts';

/**
 * Updating a record with the fields sent. The edit screen's Save of a resource with drafts may
 * also spend the record's draft (`?draft=spend`): that query exists on those resources only.
 */
export function registerUpdate(app: FastifyInstance, def: Crud): void {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const path = `/${def.name}/:id`;
  // a user edits their own profile whatever their role; the users route keeps the role
  // and the active switch an admin's
  const config = {
    access: 'staff',
    area: def.name,
    self: def.name === 'users',
    ...uploadConfig(def),
  } as const;
  const schema = <Query extends object>(query: Query) => ({
    tags: [def.name],
    summary: `Update one of ${def.name} (only the fields sent)`,
    security: [{ bearer: [] }],
    params: idParamsSchema,
    ...query,
    ...bodyMediaTypes(def),
    body: withImageRemoval(def, def.bodies.update),
    response: { 200: dataResponseSchema(def.detail ?? def.record), ...errorResponses },
  });

  if (isDraftable(def.name)) {
    api.put(path, { config, schema: schema({ querystring: spendDraftQuerySchema }) }, (request) =>
      // the edit screen's Save publishes what the form shows, its draft included: the draft is
      // spent in the same transaction (any other update, the list's switch, leaves it)
      update(request, request.params.id, request.body, request.query.draft === 'spend'),
    );
  } else {
    api.put(path, { config, schema: schema({}) }, (request) =>
      update(request, request.params.id, request.body, false),
    );
  }

  async function update(request: FastifyRequest, id: number, sent: Body, spendDraft: boolean) {
    const body = { ...sent };
    const db = app.db.kysely;
    const existing = await def.repo.get(db, id);
    if (!existing) throw new NotFound(ERRORS.notFound);
    requireLocalized(def, { ...existing, ...body });
    const files = await checkFiles(app, def, request);
    const values = def.hooks?.prepare
      ? await def.hooks.prepare({ app, request, db }, body, existing)
      : columnValues(def, body);
    const removal = def.image ? body[def.image.field] : undefined;
    const removeImage = def.image && !files.image && (removal === null || removal === '');
    if (removeImage) values[def.image!.column] = null;
    await checkReferences(def, db, values);
    const parts = await checkParts(def, db, body);
    const { written, gallery } = await saveFiles(app, def, files, values);
    // Spending a draft: the pictures it holds that the form kept go live with the save (the
    // image field naming its new picture, `draft_images` its added ones); the rest go.
    const draft = spendDraft ? await findDraft(db, def.name, id) : undefined;
    let newImage = Boolean(files.image);
    let dropped: string[] = [];
    const obsolete: (string | null)[] = [];
    const record = await orRemove(app, written, async () => {
      if (draft) {
        const drafted = picturesOf(def, draft.data);
        const image = def.image ? (values[def.image.column] as string | undefined) : undefined;
        const next = nextPictures(def, body, { image, gallery }, drafted, existing);
        if (def.image && typeof next.image === 'string' && !files.image) {
          values[def.image.column] = next.image;
          newImage = true;
        }
        gallery.splice(0, gallery.length, ...next.added);
        dropped = droppedFiles(drafted, next);
      }
      return db.transaction().execute(async (trx) => {
        const ctx = { app, request, db: trx };
        // removed first, in the same transaction: a failed save puts it back
        const spent = spendDraft && (await removeDraft(trx, def.name, id));
        const { updated } = await updateIn(trx, def, request, id, values, {
          async before(current) {
            await def.hooks?.beforeUpdate?.(ctx, current, values);
          },
          async after(updated, current) {
            // the image to delete is the one this update replaces
            if (newImage || removeImage) obsolete.push(imageOf(def, current));
            obsolete.push(...((await def.hooks?.afterWrite?.(ctx, updated, body, gallery)) ?? []));
            const removed = (body as { delete_images_array?: unknown[] }).delete_images_array;
            const changed = await writeParts(def, trx, updated.id, parts);
            if (gallery.length > 0 || (removed ?? []).length > 0) changed.push('images');
            return changed;
          },
          ...(spent && { details: { draft: true } }),
        });
        return updated;
      });
    });
    // an image a revision still shows stays until that revision is pruned
    await app.images.remove(def.publishes ? await unreferenced(app.db.kysely, obsolete) : obsolete);
    await app.images.remove(await orphans(app.db.kysely, dropped));
    publish(app, def, 'update', record.id, request);
    return { data: await present(def, app.db.kysely, record, true) };
  }
}
