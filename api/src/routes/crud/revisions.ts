import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  idParamsSchema,
  idSchema,
  revisionSchema,
} from '@conveyor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit, changedFields } from '../../audit/log.ts';
import { replaceImages } from '../../db/repositories/productImages.ts';
import { isForeignKeyViolation } from '../../lib/dbErrors.ts';
import { BadRequest, NotFound } from '../../lib/httpErrors.ts';
import {
  addRevision,
  findRevision,
  listRevisions,
  snapshotOf,
  unreferenced,
  valuesOf,
} from '../../revisions/store.ts';
import { type AnyRecord, type Crud, present, publish } from './definition.ts';
import { checkReferences } from './values.ts';

const revisionParams = {
  type: 'object',
  properties: { id: idSchema, revision: idSchema },
  required: ['id', 'revision'],
} as const;

/**
 * History and undo of a content record (issue 16): its revisions, newest first, and a restore
 * of any of them, which is itself a revision, is logged, and publishes like a save. A deleted
 * record is restored under its old id.
 */
export function registerRevisions(app: FastifyInstance, def: Crud): void {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const tags = [def.name];
  const security = [{ bearer: [] }];
  // reading the history is reading the record; restoring is changing it
  const config = { access: 'staff', area: def.name } as const;

  api.get(
    `/${def.name}/:id/revisions`,
    {
      config,
      schema: {
        tags,
        summary: `The revisions of one of ${def.name}, newest first`,
        security,
        params: idParamsSchema,
        response: {
          200: dataResponseSchema({ type: 'array', items: revisionSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const revisions = await listRevisions(app.db.kysely, def.name, request.params.id);
      if (!revisions.length && !(await def.repo.exists(app.db.kysely, request.params.id))) {
        throw new NotFound(ERRORS.notFound);
      }
      return { data: revisions };
    },
  );

  api.post(
    `/${def.name}/:id/revisions/:revision/restore`,
    {
      config,
      schema: {
        tags,
        summary: `Restore one of ${def.name} as a revision had it (a deleted one comes back)`,
        security,
        params: revisionParams,
        response: { 200: dataResponseSchema(def.detail ?? def.record), ...errorResponses },
      },
    },
    async (request) => {
      const { id, revision } = request.params;
      const record = await restoreRevision(app, def, request, id, revision);
      return { data: await present(def, app.db.kysely, record, true) };
    },
  );
}

/**
 * Writes a revision back: the record as the revision had it (a deleted one returns under its
 * id, with its gallery), in one transaction with a revision of its own and its activity log
 * event; then removes the files nothing names any more and publishes. 404 when the revision
 * is not one of this record's.
 */
export async function restoreRevision(
  app: FastifyInstance,
  def: Crud,
  request: FastifyRequest,
  id: number,
  revisionId: number,
): Promise<AnyRecord> {
  const db = app.db.kysely;
  const dropped: string[] = [];
  let existed = false;
  const record = await db
    .transaction()
    .execute(async (trx) => {
      const revision = await findRevision(trx, def.name, id, revisionId);
      if (!revision) throw new NotFound(ERRORS.notFound);
      const snapshot = revision.snapshot as Record<string, unknown> & { images?: string[] };
      const values = valuesOf(def, snapshot);
      await checkReferences(def, trx, values);
      const current = await def.repo.get(trx, id);
      existed = current !== undefined;
      const restored = current
        ? await def.repo.update(trx, id, values)
        : await def.repo.insert(trx, { ...values, id, created_at: snapshot.created_at });
      if (!restored) throw new NotFound(ERRORS.notFound);
      if (def.gallery) dropped.push(...(await replaceImages(trx, id, snapshot.images ?? [])));
      if (current && def.image) {
        const before = current[def.image.column];
        if (typeof before === 'string' && before !== values[def.image.column]) {
          dropped.push(before);
        }
      }
      const fields = current ? changedFields(current, values) : [];
      const after = await snapshotOf(def, trx, restored);
      await addRevision(trx, def, request, 'restore', after, fields);
      await audit(trx, request, {
        action: 'restore',
        resource: def.name,
        recordId: id,
        details: { revision: revisionId, fields },
      });
      return restored;
    })
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error)) {
        throw new BadRequest('A record this revision refers to is gone', {
          code: 'referenceMissing',
        });
      }
      throw error;
    });
  // files the restore replaced are still in the revisions (the one just taken, at least)
  await app.images.remove(await unreferenced(db, dropped));
  if (def.publishes) publish(app, def, existed ? 'update' : 'create', id);
  return record;
}
