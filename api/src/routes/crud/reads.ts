import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  idParamsSchema,
  listResponseSchema,
} from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../lib/httpErrors.ts';
import { type Crud, present } from '../../content/definition.ts';
import { listQuerySchema } from './schemas.ts';
import { listParams } from './listQuery.ts';

/** The list and the single record: public resources answer anyone, with active records only. */
export function registerReads(app: FastifyInstance, def: Crud): void {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const access = def.read === 'public' ? 'public' : 'staff';
  // the area is checked for staff routes only: a public list answers anyone
  const config = { access, area: def.name, publicCache: access === 'public' } as const;
  // a user reads their own record (the profile screen) whatever their role
  const ownConfig = { ...config, self: def.name === 'users' };
  const tags = [def.name];
  const security = access === 'staff' ? { security: [{ bearer: [] }] } : {};

  api.get(
    `/${def.name}`,
    {
      config,
      schema: {
        tags,
        summary: `List ${def.name}`,
        ...security,
        querystring: listQuerySchema(def),
        response: { 200: listResponseSchema(def.record), ...errorResponses },
      },
    },
    async (request) => {
      const staff = request.user !== null;
      const params = listParams(request.query, def, staff);
      const { rows, total } = await def.repo.list(app.db.kysely, params);
      const view = def.hooks?.publicView;
      return {
        data: view && !staff ? rows.map((row) => view(row)) : rows,
        currentPage: params.page,
        totalPages: Math.ceil(total / params.limit),
        total,
      };
    },
  );

  api.get(
    `/${def.name}/:id`,
    {
      config: ownConfig,
      schema: {
        tags,
        summary: `Get one of ${def.name}`,
        ...security,
        params: idParamsSchema,
        response: { 200: dataResponseSchema(def.detail ?? def.record), ...errorResponses },
      },
    },
    async (request) => {
      const staff = request.user !== null;
      const { id } = request.params;
      const visibleOnly = def.read === 'public' && !staff;
      const readDetail = def.hooks?.readDetail;
      if (readDetail) {
        const detail = await readDetail(app.db.kysely, id, visibleOnly);
        if (!detail) throw new NotFound(ERRORS.notFound);
        return { data: detail };
      }
      const found = await def.repo.get(app.db.kysely, id, visibleOnly);
      if (!found) throw new NotFound(ERRORS.notFound);
      const view = def.hooks?.publicView;
      const record = view && !staff ? view(found) : found;
      return { data: await present(def, app.db.kysely, record, staff) };
    },
  );
}
