import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  hasHistory,
  idParamsSchema,
  isWorkflow,
  idSchema,
  revisionSchema,
} from '@conveyor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit, changedFields } from '../../audit/log.ts';
import { restoreNotes } from '../../db/repositories/notes.ts';
import type { Executor } from '../../db/repositories/table.ts';
import { replaceImages } from '../../db/repositories/productImages.ts';
import { isForeignKeyViolation } from '../../lib/dbErrors.ts';
import { BadRequest, NotFound } from '../../lib/httpErrors.ts';
import { deleteRevisions } from '../../revisions/prune.ts';
import { deletedWith } from '../../revisions/trash.ts';
import {
  addRevision,
  findRevision,
  listRevisions,
  revisionIds,
  type Snapshot,
  snapshotOf,
  unreferenced,
  valuesOf,
} from '../../revisions/store.ts';
import { type AnyRecord, type Crud, present, publish } from '../../content/definition.ts';
import { partsIn, writeParts } from '../../content/parts.ts';
import { checkReferences, dropMissingReferences } from '../../content/values.ts';

const revisionParams = {
  type: 'object',
  properties: { id: idSchema, revision: idSchema },
  required: ['id', 'revision'],
} as const;

/**
 * History and undo of a content record: its revisions, newest first, and a restore
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
 * id, with its gallery, its notes, and what its delete took along), in one transaction with a
 * revision of its own and its activity log event; then removes the files nothing names any
 * more and publishes. 404 when the revision is not one of this record's.
 */
export async function restoreRevision(
  app: FastifyInstance,
  def: Crud,
  request: FastifyRequest,
  id: number,
  revisionId: number,
): Promise<AnyRecord> {
  const db = app.db.kysely;
  const done: Restored[] = [];
  const record = await db
    .transaction()
    .execute((trx) => restoreIn(app, trx, def, request, id, revisionId, done))
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error)) {
        throw new BadRequest('A record this revision refers to is gone', {
          code: 'referenceMissing',
        });
      }
      throw error;
    });
  // files the restore replaced are still in the revisions (the one just taken, at least)
  await app.images.remove(
    await unreferenced(
      db,
      done.flatMap((one) => one.dropped),
    ),
  );
  // a restore, not a new record: the build's trigger said "added" for one back from the trash
  for (const one of done) {
    if (one.def.publishes) publish(app, one.def, 'restore', one.id, request);
  }
  return record;
}

interface Restored {
  def: Crud;
  id: number;
  existed: boolean;
  /** Files the restore replaced, to remove if nothing names them any more. */
  dropped: string[];
}

async function restoreIn(
  app: FastifyInstance,
  trx: Executor,
  def: Crud,
  request: FastifyRequest,
  id: number,
  revisionId: number,
  done: Restored[],
): Promise<AnyRecord> {
  const revision = await findRevision(trx, def.name, id, revisionId);
  if (!revision) throw new NotFound(ERRORS.notFound);
  const snapshot = revision.snapshot as Snapshot;
  const values = valuesOf(def, snapshot);
  const current = await def.repo.get(trx, id);
  const dropped: string[] = [];
  // a record back from the trash keeps what it can of what is gone since
  if (!current) await dropMissingReferences(def, trx, values);
  await checkReferences(def, trx, values);
  const restored = current
    ? await def.repo.update(trx, id, values)
    : await def.repo.insert(trx, { ...values, id, created_at: snapshot.created_at });
  if (!restored) throw new NotFound(ERRORS.notFound);
  if (def.gallery) dropped.push(...(await replaceImages(trx, id, snapshot.images ?? [])));
  // a revision taken before a part existed has none to write back: the record keeps its own
  const partsChanged = await writeParts(def, trx, id, partsIn(def, snapshot), { lenient: true });
  // a revision was a valid record when it was taken; what it belonged to may be full since
  await def.hooks?.checkWritten?.(trx, restored);
  if (!current && isWorkflow(def.name)) {
    await restoreNotes(trx, def.name, id, snapshot.notes ?? []);
  }
  if (current && def.image) {
    const before = current[def.image.column];
    if (typeof before === 'string' && before !== values[def.image.column]) dropped.push(before);
  }
  const fields = current ? [...changedFields(current, values), ...partsChanged] : [];
  let made: number | null = null;
  if (hasHistory(def.name)) {
    const after = await snapshotOf(def, trx, restored);
    made = await addRevision(trx, def, request, 'restore', after, fields);
  } else {
    // without history (a lead), its revisions were only its way back from the trash
    await deleteRevisions(trx, await revisionIds(trx, def.name, id));
  }
  await audit(trx, request, {
    action: 'restore',
    resource: def.name,
    recordId: id,
    details: { revision: revisionId, fields, ...(made === null ? {} : { revision_id: made }) },
  });
  done.push({ def, id, existed: current !== undefined, dropped });
  if (!current) {
    // what its delete took along (a product's videos) comes back with it
    for (const item of await deletedWith(trx, def.name, id)) {
      const other = app.crud.get(item.resource);
      if (other) await restoreIn(app, trx, other, request, item.record_id, item.id, done);
    }
  }
  return restored;
}
