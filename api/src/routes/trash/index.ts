import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  idParamsSchema,
  idSchema,
  listResponseSchema,
  may,
  type Resource,
  TRASH_RESOURCES,
  trashItemSchema,
} from '@conveyor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../audit/log.ts';
import { NotFound } from '../../lib/httpErrors.ts';
import { deleteRevisions } from '../../revisions/prune.ts';
import { revisionIds } from '../../revisions/store.ts';
import { deletedWith, findTrashItem, listTrash } from '../../revisions/trash.ts';
import { restoreRevision } from '../crud/revisions.ts';
import { newestFirstPaging } from '../crud/schemas.ts';

const querySchema = {
  type: 'object',
  properties: {
    ...newestFirstPaging,
    resource: { type: 'string', enum: TRASH_RESOURCES },
  },
  additionalProperties: false,
} as const;

const restoredSchema = {
  type: 'object',
  properties: { resource: { type: 'string', enum: TRASH_RESOURCES }, id: idSchema },
  required: ['resource', 'id'],
  additionalProperties: false,
} as const;

/**
 * The trash: what staff deleted, to restore or to delete for good; what stays
 * longer than TRASH_DAYS goes by the daily prune. Each role sees and acts on the trash of the
 * resources it may change only (an editor never sees a deleted lead). An item's id is the id of
 * its delete's revision; another role's item is not found rather than forbidden, so its
 * existence does not leak either.
 */
export default async function trashRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const tags = ['trash'];
  const security = [{ bearer: [] }];
  const config = { access: 'staff', area: 'trash' } as const;
  const days = () => app.config.revisions.trashDays;

  /** The resources whose trash the caller's role may see. */
  const visible = (request: FastifyRequest): Resource[] =>
    TRASH_RESOURCES.filter((name) => may(request.user?.role, name, 'write'));

  const item = async (request: FastifyRequest, id: number) => {
    const found = await findTrashItem(app.db.kysely, visible(request), id, days());
    if (!found) throw new NotFound(ERRORS.notFound);
    return found;
  };

  api.get(
    '/trash',
    {
      config,
      schema: {
        tags,
        summary: 'What is in the trash, last deleted first (of the resources the role may change)',
        security,
        querystring: querySchema,
        response: { 200: listResponseSchema(trashItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit, id, resource } = request.query;
      const resources = visible(request).filter((name) => !resource || name === resource);
      const { rows, total } = await listTrash(
        app.db.kysely,
        resources,
        { limit, offset: (page - 1) * limit, ids: id },
        days(),
      );
      return {
        data: rows,
        currentPage: page,
        totalPages: Math.max(1, Math.ceil(total / limit)),
        total,
      };
    },
  );

  api.get(
    '/trash/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One item of the trash',
        security,
        params: idParamsSchema,
        response: { 200: dataResponseSchema(trashItemSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await item(request, request.params.id) }),
  );

  api.post(
    '/trash/:id/restore',
    {
      config,
      schema: {
        tags,
        summary: 'Put a deleted record back, under its old id, as it was when deleted',
        security,
        params: idParamsSchema,
        response: { 200: dataResponseSchema(restoredSchema), ...errorResponses },
      },
    },
    async (request) => {
      const found = await item(request, request.params.id);
      const def = app.crud.get(found.resource);
      if (!def) throw new NotFound(ERRORS.notFound);
      // in a transaction with its own revision and log event; a record it needs that is gone
      // since (a product's category) refuses it with a 400 that says so
      await restoreRevision(app, def, request, found.record_id, found.id);
      return { data: { resource: found.resource, id: found.record_id } };
    },
  );

  api.delete(
    '/trash/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a record in the trash for good, with its history and unused images',
        security,
        params: idParamsSchema,
        response: { 200: dataResponseSchema({ type: 'integer' }), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const db = app.db.kysely;
      const files = await db.transaction().execute(async (trx) => {
        // read again in the transaction: a restore at the same moment wins or loses whole
        const found = await findTrashItem(trx, visible(request), id, days());
        if (!found) throw new NotFound(ERRORS.notFound);
        // what its delete took along (a product's videos) goes for good with it
        const along = await deletedWith(trx, found.resource, found.record_id);
        const ids: number[] = [];
        for (const record of [found, ...along]) {
          const revisions = await revisionIds(trx, record.resource, record.record_id);
          ids.push(...revisions);
          await audit(trx, request, {
            action: 'purge',
            resource: record.resource,
            recordId: record.record_id,
            details: { revisions: revisions.length },
          });
        }
        return (await deleteRevisions(trx, ids)).files;
      });
      await app.images.remove(files);
      return { data: id };
    },
  );
}
