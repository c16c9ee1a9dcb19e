import {
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  dataResponseSchema,
  ERRORS,
  errorResponses,
  HONEYPOT_FIELD,
  idParamsSchema,
  idSchema,
  listResponseSchema,
  localizedKeys,
  MAX_ID,
  MAX_LIMIT,
  fileFields,
  type Resource,
  type ResourceEntry,
  resourceEntry,
} from '@conveyor/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ListParams, SortOrder, TableRepository, Executor } from '../db/repositories/table.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../lib/dbErrors.ts';
import { BadRequest, Conflict, NotFound } from '../lib/httpErrors.ts';
import type { CheckedImage } from '../lib/imageStore.ts';

type Body = Record<string, unknown>;
type JsonSchema = Record<string, unknown>;

export interface WriteContext {
  app: FastifyInstance;
  request: FastifyRequest;
  /** The transaction inside a write, or the plain connection in `prepare`. */
  db: Executor;
}

export interface Reference {
  field: string;
  repo: TableRepository<unknown>;
  what: string;
}

/**
 * What a resource's routes need besides its registry entry (`RESOURCE_REGISTRY` in shared:
 * access, files, publishing, search and sort): its repository, schemas and hooks. The routes
 * themselves are the same for all.
 */
export interface ResourceDefinition<T extends { id: number }> {
  name: Resource;
  repo: TableRepository<T>;
  /** Schema of a record in lists; `detail` (when set) of a single record. */
  record: JsonSchema;
  detail?: JsonSchema;
  bodies: { create: JsonSchema; update: JsonSchema };
  references?: readonly Reference[];
  hooks?: {
    /** Turns a validated body into column values; may refuse with a 4xx. */
    prepare?(ctx: WriteContext, body: Body, existing?: T): Promise<Body> | Body;
    /** Inside the write's transaction, before the update; may refuse with a 4xx. */
    beforeUpdate?(ctx: WriteContext, existing: T, values: Body): Promise<void>;
    /**
     * Inside the transaction, after the insert or update: writes what belongs to the record
     * (a product's gallery) and returns files that are to be removed once it commits.
     */
    afterWrite?(ctx: WriteContext, record: T, body: Body, gallery: string[]): Promise<string[]>;
    /** Inside the delete's transaction: may refuse (409); returns extra files to remove. */
    beforeDelete?(ctx: WriteContext, record: T): Promise<string[]>;
    /** Extends a record for a single-record answer (a product with images and videos). */
    detail?(db: Executor, record: T, staff: boolean): Promise<unknown>;
  };
}

type AnyDefinition = ResourceDefinition<{ id: number }>;
/** A definition with its registry entry: everything the routes are made from. */
type Full = AnyDefinition & ResourceEntry;

const ANONYMOUS_RECEIVED = { received: true } as const;
const receivedSchema = {
  type: 'object',
  properties: { received: { type: 'boolean' } },
  required: ['received'],
  additionalProperties: false,
} as const;

function listQuerySchema(def: Full): JsonSchema {
  const { spec } = def.repo;
  const filters: Record<string, JsonSchema> = {};
  for (const column of spec.filters) {
    const property = (def.record.properties as Record<string, JsonSchema>)[column];
    filters[column] = column.endsWith('_id') ? idSchema : (property ?? { type: 'string' });
  }
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: DEFAULT_PAGE },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_ID,
        default: DEFAULT_LIMIT,
        description: `Page size; values above ${MAX_LIMIT} are capped to ${MAX_LIMIT}`,
      },
      sort: { type: 'string', enum: [...spec.sortable] },
      order: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] },
      q: { type: 'string', maxLength: 200, description: 'Text search, case-insensitive' },
      ...(def.name === 'users'
        ? { search: { type: 'string', maxLength: 200, description: 'Same as q (the spec’s name)' } }
        : {}),
      id: { type: 'array', items: idSchema, maxItems: MAX_LIMIT, description: 'Only these ids' },
      ...filters,
    },
    additionalProperties: false,
  };
}

function listParams(query: Body, def: Full, staff: boolean): ListParams {
  const limit = Math.min(Number(query.limit ?? DEFAULT_LIMIT), MAX_LIMIT);
  const filters: Record<string, unknown> = {};
  for (const column of def.repo.spec.filters) {
    if (query[column] !== undefined) filters[column] = query[column];
  }
  return {
    page: Number(query.page ?? DEFAULT_PAGE),
    limit,
    sort: query.sort as string | undefined,
    order: typeof query.order === 'string' ? (query.order.toLowerCase() as SortOrder) : undefined,
    q: (query.q ?? query.search) as string | undefined,
    ids: query.id as number[] | undefined,
    filters,
    activeOnly: def.read === 'public' && !staff,
  };
}

/** Both JSON and multipart bodies are validated by the same schema. */
function bodySchema(def: Full, schema: JsonSchema): JsonSchema {
  if (!fileFields(def.name).length) return schema;
  return {
    content: {
      'application/json': { schema },
      'multipart/form-data': { schema },
    },
  };
}

/** With the update body, `image: null` (or an empty string) removes the image. */
function withImageRemoval(def: Full, schema: JsonSchema): JsonSchema {
  if (!def.image) return schema;
  return {
    ...schema,
    properties: {
      ...(schema.properties as object),
      [def.image.field]: {
        type: ['string', 'null'],
        description: 'Send a file to replace the image; null or an empty string removes it',
      },
    },
  };
}

const systemColumns = new Set(['id', 'created_at', 'updated_at']);

/** The body's fields that are plain columns of the resource's table (not files, not ids). */
export function columnValues(def: Pick<AnyDefinition, 'repo' | 'name'>, body: Body): Body {
  const values: Body = {};
  const columns = def.repo.spec.columns;
  const image = resourceEntry(def.name).image;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || systemColumns.has(key) || key === image?.column) continue;
    if (columns.includes(key)) values[key] = value;
  }
  return values;
}

function requireLocalized(def: Full, merged: Body): void {
  for (const prefix of def.requireLocalized ?? []) {
    const keys = localizedKeys(prefix);
    if (!keys.some((key) => typeof merged[key] === 'string' && merged[key].trim() !== '')) {
      throw new BadRequest(`${keys.join(' / ')}: fill in at least one language`);
    }
  }
}

interface CheckedFiles {
  image?: CheckedImage;
  gallery: CheckedImage[];
}

/** Sorts a request's files into the resource's fields and checks every one of them. */
async function checkFiles(app: FastifyInstance, def: Full, request: FastifyRequest) {
  const files: CheckedFiles = { gallery: [] };
  const uploaded = request.uploadedFiles;
  if (!uploaded.length) return files;
  // counted before any file is decoded: a request that cannot succeed costs no image work
  const galleryCount = uploaded.filter((file) => file.field === def.gallery?.field).length;
  if (def.gallery && galleryCount > def.gallery.max) throw new BadRequest(ERRORS.tooManyImages);
  const checked = await Promise.all(uploaded.map((file) => app.images.check(file.path)));
  uploaded.forEach((file, index) => {
    const image = checked[index]!;
    if (def.image && file.field === def.image.field && !files.image) files.image = image;
    else if (def.gallery && file.field === def.gallery.field) files.gallery.push(image);
    else throw new BadRequest(`${file.field}: unexpected file`);
  });
  return files;
}

export function registerCrud<T extends { id: number }>(
  app: FastifyInstance,
  definition: ResourceDefinition<T>,
): void {
  const def = { ...resourceEntry(definition.name), ...definition };
  const anyDef = def as unknown as Full;
  const base = `/${def.name}`;
  const single = def.detail ?? def.record;
  const readAccess = def.read === 'public' ? 'public' : 'staff';
  const tags = [def.name];
  const security = [{ bearer: [] }];
  const present = async (db: Executor, record: T, staff: boolean) =>
    def.hooks?.detail ? def.hooks.detail(db, record, staff) : record;
  const publish = (action: 'create' | 'update' | 'delete', id: number) => {
    if (def.publishes) app.contentEvents.emit('change', { resource: def.name, action, id });
  };
  const checkReferences = async (db: Executor, values: Body) => {
    for (const ref of def.references ?? []) {
      const id = values[ref.field];
      if (id !== undefined && !(await ref.repo.exists(db, Number(id)))) {
        throw new BadRequest(`${ref.field}: there is no ${ref.what} with id ${String(id)}`);
      }
    }
  };
  /** Stores the new files before the transaction, so that no slow work holds it open. */
  const saveFiles = async (files: CheckedFiles, values: Body) => {
    const written: string[] = [];
    const gallery: string[] = [];
    try {
      if (files.image && def.image) {
        values[def.image.column] = await app.images.save(def.name, files.image);
        written.push(values[def.image.column] as string);
      }
      for (const image of files.gallery) {
        const path = await app.images.save(def.name, image);
        written.push(path);
        gallery.push(path);
      }
    } catch (error) {
      await app.images.remove(written);
      throw error;
    }
    return { written, gallery };
  };
  /** Runs a write; if it fails, the files stored for it are removed again. */
  const orRemove = async <R>(written: string[], work: () => Promise<R>): Promise<R> => {
    try {
      return await work();
    } catch (error) {
      await app.images.remove(written);
      if (isForeignKeyViolation(error)) throw new BadRequest('A referenced record does not exist');
      if (isUniqueViolation(error)) throw new Conflict('A record with these values already exists');
      throw error;
    }
  };

  app.get(
    base,
    {
      config: { access: readAccess, publicCache: readAccess === 'public' },
      schema: {
        tags,
        summary: `List ${def.name}`,
        ...(readAccess === 'staff' ? { security } : {}),
        querystring: listQuerySchema(anyDef),
        response: { 200: listResponseSchema(def.record), ...errorResponses },
      },
    },
    async (request) => {
      const params = listParams(request.query as Body, anyDef, request.user !== null);
      const { rows, total } = await def.repo.list(app.db.kysely, params);
      return {
        data: rows,
        currentPage: params.page,
        totalPages: Math.ceil(total / params.limit),
        total,
      };
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: readAccess, publicCache: readAccess === 'public' },
      schema: {
        tags,
        summary: `Get one of ${def.name}`,
        ...(readAccess === 'staff' ? { security } : {}),
        params: idParamsSchema,
        response: {
          200: dataResponseSchema(single),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const staff = request.user !== null;
      const { id } = request.params as { id: number };
      const record = await def.repo.get(app.db.kysely, id, def.read === 'public' && !staff);
      if (!record) throw new NotFound(ERRORS.notFound);
      return { data: await present(app.db.kysely, record, staff) };
    },
  );

  // The multipart file fields the writes take; a resource without any takes JSON only.
  const takesFiles = fileFields(def.name);
  const uploads = takesFiles.length ? { fileFields: takesFiles } : {};
  const createAccess = def.create === 'public' ? 'public' : 'staff';
  app.post(
    base,
    {
      config: { access: createAccess, ...uploads },
      // The public forms' one limit per address (leads and applications together); staff are
      // not limited. Runs before the body is read.
      ...(createAccess === 'public'
        ? {
            onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
              if (request.user === null) await app.formRateLimit(request, reply);
            },
          }
        : {}),
      schema: {
        tags,
        summary: `Create one of ${def.name}`,
        ...(createAccess === 'staff' ? { security } : {}),
        body: bodySchema(anyDef, def.bodies.create),
        response: {
          201: dataResponseSchema(
            createAccess === 'public' ? { anyOf: [single, receivedSchema] } : single,
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const body = { ...(request.body as Body) };
      const staff = request.user !== null;
      if (createAccess === 'public' && HONEYPOT_FIELD in body) {
        if (String(body[HONEYPOT_FIELD]).trim() !== '') {
          request.log.info({ resource: def.name }, 'honeypot filled: submission dropped');
          return reply.code(201).send({ data: ANONYMOUS_RECEIVED });
        }
        delete body[HONEYPOT_FIELD];
      }
      requireLocalized(anyDef, body);
      const files = await checkFiles(app, anyDef, request);
      const db = app.db.kysely;
      const values = def.hooks?.prepare
        ? await def.hooks.prepare({ app, request, db }, body)
        : columnValues(anyDef, body);
      await checkReferences(db, values);
      const { written, gallery } = await saveFiles(files, values);
      const record = await orRemove(written, () =>
        db.transaction().execute(async (trx) => {
          const created = await def.repo.insert(trx, values);
          await def.hooks?.afterWrite?.({ app, request, db: trx }, created, body, gallery);
          return created;
        }),
      );
      publish('create', record.id);
      const data =
        staff || createAccess === 'staff'
          ? await present(app.db.kysely, record, true)
          : ANONYMOUS_RECEIVED;
      return reply.code(201).send({ data });
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: 'staff', ...uploads },
      schema: {
        tags,
        summary: `Update one of ${def.name} (only the fields sent)`,
        security,
        params: idParamsSchema,
        body: bodySchema(anyDef, withImageRemoval(anyDef, def.bodies.update)),
        response: {
          200: dataResponseSchema(single),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = { ...(request.body as Body) };
      const db = app.db.kysely;
      const existing = await def.repo.get(db, id);
      if (!existing) throw new NotFound(ERRORS.notFound);
      requireLocalized(anyDef, { ...existing, ...body });
      const files = await checkFiles(app, anyDef, request);
      const values = def.hooks?.prepare
        ? await def.hooks.prepare({ app, request, db }, body, existing)
        : columnValues(anyDef, body);
      const removal = def.image ? body[def.image.field] : undefined;
      const removeImage = def.image && !files.image && (removal === null || removal === '');
      if (removeImage) values[def.image!.column] = null;
      await checkReferences(db, values);
      const { written, gallery } = await saveFiles(files, values);
      const obsolete: string[] = [];
      const record = await orRemove(written, () =>
        db.transaction().execute(async (trx) => {
          const ctx = { app, request, db: trx };
          // read again inside the transaction: the image to delete is the one being replaced now
          const current = await def.repo.get(trx, id);
          if (!current) throw new NotFound(ERRORS.notFound);
          await def.hooks?.beforeUpdate?.(ctx, current, values);
          const updated = await def.repo.update(trx, id, values);
          if (!updated) throw new NotFound(ERRORS.notFound);
          if (def.image && (files.image || removeImage)) {
            obsolete.push((current as Record<string, unknown>)[def.image.column] as string);
          }
          obsolete.push(...((await def.hooks?.afterWrite?.(ctx, updated, body, gallery)) ?? []));
          return updated;
        }),
      );
      await app.images.remove(obsolete);
      publish('update', record.id);
      return { data: await present(app.db.kysely, record, true) };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: `Delete one of ${def.name}`,
        security,
        params: idParamsSchema,
        response: {
          200: dataResponseSchema({ type: 'integer' }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const files = await app.db.kysely
        .transaction()
        .execute(async (trx) => {
          const existing = await def.repo.get(trx, id);
          if (!existing) throw new NotFound(ERRORS.notFound);
          const extra =
            (await def.hooks?.beforeDelete?.({ app, request, db: trx }, existing)) ?? [];
          await def.repo.remove(trx, id);
          const image = def.image ? (existing as Record<string, unknown>)[def.image.column] : null;
          return [image as string | null, ...extra];
        })
        .catch((error: unknown) => {
          if (isForeignKeyViolation(error)) throw new Conflict('This record is still in use');
          throw error;
        });
      await app.images.remove(files);
      publish('delete', id);
      return { data: id };
    },
  );
}
