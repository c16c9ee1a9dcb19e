import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  hasTrash,
  idParamsSchema,
  isDraftable,
  isSchedulable,
  isWorkflow,
} from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../audit/log.ts';
import { type Crud, publish } from '../../content/definition.ts';
import { revised } from '../../content/update.ts';
import { findDraft, removeDraft } from '../../db/repositories/drafts.ts';
import { removeNotesOf } from '../../db/repositories/notes.ts';
import { filesOf, picturesOf } from '../../drafts/pictures.ts';
import { isForeignKeyViolation } from '../../lib/dbErrors.ts';
import { Conflict, NotFound } from '../../lib/httpErrors.ts';
import { addRevision, snapshotOf, unreferenced } from '../../revisions/store.ts';
import { deletedWith } from '../../revisions/trash.ts';
import { dropSchedule } from '../../schedules/schedule.ts';
import { imageOf } from './files.ts';

/**
 * Deleting a record: to the trash when its resource has one, with its notes, schedule and
 * draft gone too; refused (409) while another record still refers to it.
 */
export function registerDelete(app: FastifyInstance, def: Crud): void {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const draftable = isDraftable(def.name);

  api.delete(
    `/${def.name}/:id`,
    {
      config: { access: 'staff', area: def.name },
      schema: {
        tags: [def.name],
        summary: `Delete one of ${def.name}`,
        security: [{ bearer: [] }],
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
