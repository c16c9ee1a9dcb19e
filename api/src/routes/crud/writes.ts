import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  fileFields,
  hasTrash,
  HONEYPOT_FIELD,
  idParamsSchema,
  isDraftable,
  isNotifying,
  isSchedulable,
  isWorkflow,
  spendDraftQuerySchema,
} from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../audit/log.ts';
import { removeNotesOf } from '../../db/repositories/notes.ts';
import { findDraft, removeDraft } from '../../db/repositories/drafts.ts';
import { droppedFiles, filesOf, nextPictures, picturesOf } from '../../drafts/pictures.ts';
import { orphans } from '../../revisions/prune.ts';
import { addRevision, snapshotOf, unreferenced } from '../../revisions/store.ts';
import { deletedWith } from '../../revisions/trash.ts';
import { dropSchedule } from '../../schedules/schedule.ts';
import { isForeignKeyViolation } from '../../lib/dbErrors.ts';
import { Conflict, NotFound } from '../../lib/httpErrors.ts';
import { type Crud, present, publish } from '../../content/definition.ts';
import { checkFiles, imageOf, orRemove, saveFiles } from './files.ts';
import { ANONYMOUS_RECEIVED, bodyMediaTypes, receivedSchema, withImageRemoval } from './schemas.ts';
import { revised, updateIn } from '../../content/update.ts';
import { checkReferences, columnValues, requireLocalized } from '../../content/values.ts';

/** Create, update and delete; only creating a lead or an application is open to the public. */
export function registerWrites(app: FastifyInstance, def: Crud): void {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const tags = [def.name];
  const security = [{ bearer: [] }];
  const single = def.detail ?? def.record;
  // The multipart file fields the writes take; a resource without any takes JSON only.
  const takesFiles = fileFields(def.name);
  const uploads = takesFiles.length ? { fileFields: takesFiles } : {};
  const media = bodyMediaTypes(def);
  const createAccess = def.create === 'public' ? 'public' : 'staff';
  const draftable = isDraftable(def.name);

  api.post(
    `/${def.name}`,
    {
      config: { access: createAccess, area: def.name, ...uploads },
      // The public forms' one limit per address (leads and applications together); staff are
      // not limited. Runs before the body is read.
      onRequest:
        createAccess === 'public'
          ? async (request, reply) => {
              if (request.user === null) await app.formRateLimit(request, reply);
            }
          : undefined,
      schema: {
        tags,
        summary: `Create one of ${def.name}`,
        ...(createAccess === 'staff' ? { security } : {}),
        ...media,
        body: def.bodies.create,
        response: {
          201: dataResponseSchema(
            createAccess === 'public' ? { anyOf: [single, receivedSchema] } : single,
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const body = { ...request.body };
      const staff = request.user !== null;
      if (createAccess === 'public' && HONEYPOT_FIELD in body) {
        if (String(body[HONEYPOT_FIELD]).trim() !== '') {
          request.log.info({ resource: def.name }, 'honeypot filled: submission dropped');
          return reply.code(201).send({ data: ANONYMOUS_RECEIVED });
        }
        delete body[HONEYPOT_FIELD];
      }
      requireLocalized(def, body);
      const files = await checkFiles(app, def, request);
      const db = app.db.kysely;
      const values = def.hooks?.prepare
        ? await def.hooks.prepare({ app, request, db }, body)
        : columnValues(def, body);
      await checkReferences(def, db, values);
      const { written, gallery } = await saveFiles(app, def, files, values);
      let deliveries = 0;
      const record = await orRemove(app, written, () =>
        db.transaction().execute(async (trx) => {
          const created = await def.repo.insert(trx, values);
          await def.hooks?.afterWrite?.({ app, request, db: trx }, created, body, gallery);
          const revision = def.publishes
            ? await addRevision(trx, def, request, 'create', await snapshotOf(def, trx, created))
            : null;
          // staff changes are logged, with the revision they made; a visitor's lead is the
          // lead itself
          if (staff) {
            await audit(trx, request, {
              action: 'create',
              resource: def.name,
              recordId: created.id,
              details: revised(revision),
            });
          }
          // A lead and its deliveries to the sales team are kept together or not at all.
          if (isNotifying(def.name)) deliveries = await app.notify.queue(trx, def.name, created.id);
          return created;
        }),
      );
      publish(app, def, 'create', record.id, request);
      // Committed: the deliveries start now, not at the job runner's next poll.
      if (deliveries > 0) app.notify.sent();
      const data =
        staff || createAccess === 'staff'
          ? await present(def, app.db.kysely, record, true)
          : ANONYMOUS_RECEIVED;
      return reply.code(201).send({ data });
    },
  );

  api.put(
    `/${def.name}/:id`,
    {
      // a user edits their own profile whatever their role; the users route keeps the role
      // and the active switch an admin's
      config: { access: 'staff', area: def.name, self: def.name === 'users', ...uploads },
      schema: {
        tags,
        summary: `Update one of ${def.name} (only the fields sent)`,
        security,
        params: idParamsSchema,
        ...(draftable && { querystring: spendDraftQuerySchema }),
        ...media,
        body: withImageRemoval(def, def.bodies.update),
        response: { 200: dataResponseSchema(single), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = { ...request.body };
      // the edit screen's Save publishes what the form shows, its draft included: the draft is
      // spent in the same transaction (any other update, the list's switch, leaves it)
      const spendDraft = draftable && (request.query as { draft?: string }).draft === 'spend';
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
              obsolete.push(
                ...((await def.hooks?.afterWrite?.(ctx, updated, body, gallery)) ?? []),
              );
              const removed = (body as { delete_images_array?: unknown[] }).delete_images_array;
              return gallery.length > 0 || (removed ?? []).length > 0 ? ['images'] : [];
            },
            ...(spent && { details: { draft: true } }),
          });
          return updated;
        });
      });
      // an image a revision still shows stays until that revision is pruned
      await app.images.remove(
        def.publishes ? await unreferenced(app.db.kysely, obsolete) : obsolete,
      );
      await app.images.remove(await orphans(app.db.kysely, dropped));
      publish(app, def, 'update', record.id, request);
      return { data: await present(def, app.db.kysely, record, true) };
    },
  );

  api.delete(
    `/${def.name}/:id`,
    {
      config: { access: 'staff', area: def.name },
      schema: {
        tags,
        summary: `Delete one of ${def.name}`,
        security,
        params: idParamsSchema,
        response: { 200: dataResponseSchema({ type: 'integer' }), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const files = await app.db.kysely
        .transaction()
        .execute(async (trx) => {
          const existing = await def.repo.get(trx, id);
          if (!existing) throw new NotFound(ERRORS.notFound);
          const extra =
            (await def.hooks?.beforeDelete?.({ app, request, db: trx }, existing)) ?? [];
          // the record as it was, for the trash to restore it from (before its gallery and
          // its notes go with it)
          const revision = hasTrash(def.name)
            ? await addRevision(trx, def, request, 'delete', await snapshotOf(def, trx, existing))
            : null;
          if (isWorkflow(def.name)) await removeNotesOf(trx, def.name, id);
          await def.repo.remove(trx, id);
          // a deleted record goes live at no time: its schedule goes, and those of what its
          // delete took along (a product's videos); a restore brings none back
          if (isSchedulable(def.name)) {
            await dropSchedule(trx, { resource: def.name, id });
            for (const item of await deletedWith(trx, def.name, id)) {
              await dropSchedule(trx, { resource: item.resource, id: item.record_id });
            }
          }
          // nor does its draft: it would come back with a restore as nobody's current work
          const draft = draftable ? await findDraft(trx, def.name, id) : undefined;
          if (draft) await removeDraft(trx, def.name, id);
          await audit(trx, request, {
            action: 'delete',
            resource: def.name,
            recordId: id,
            details: revised(revision),
          });
          const drafted = draft ? filesOf(picturesOf(def, draft.data)) : [];
          return [imageOf(def, existing), ...extra, ...drafted];
        })
        .catch((error: unknown) => {
          if (isForeignKeyViolation(error))
            throw new Conflict('This record is still in use', { code: 'inUse' });
          throw error;
        });
      // files the trash keeps stay until it is emptied
      await app.images.remove(
        hasTrash(def.name) ? await unreferenced(app.db.kysely, files) : files,
      );
      publish(app, def, 'delete', id, request);
      return { data: id };
    },
  );
}
