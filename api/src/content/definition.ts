import type { Language, Resource, ResourceEntry } from '@conveyor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { type Actor, actorName } from '../audit/log.ts';
import type { Executor, TableRepository } from '../db/repositories/table.ts';
import type { Cell, ExportColumn } from '../exports/table.ts';
import { type Part, readParts } from './parts.ts';

// The content core's model of a resource: what the shared routes, drafts, schedules and
// revisions all act on. It sits below the routes, so that none of those reaches up into them.

/**
 * A resource's record or body schema as far as the types can see: an object whose fields are
 * known at run time only, from the resource's definition. The type provider reads it as
 * `{ [field]: unknown }`, the widest correct type; the schema itself validates the fields.
 */
export interface ObjectSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, JSONSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
}

/** A body or a set of column values: its fields are known per resource, at run time only. */
export type Body = Record<string, unknown>;

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
  /**
   * The record stands without it (a lead's assignee or product): restoring the record from
   * the trash after the referenced one is gone leaves the field empty instead of refusing.
   */
  optional?: true;
}

/** The schemas of a resource's create and update bodies. */
export interface Bodies {
  create: ObjectSchema;
  update: ObjectSchema;
}

/** A validated create or update body, typed by the resource's own schemas. */
export type BodyOf<B extends Bodies> = FromSchema<B['create']> | FromSchema<B['update']>;

/**
 * What a resource's routes need besides its registry entry (`RESOURCE_REGISTRY` in shared:
 * access, files, publishing, search and sort): its repository, schemas and hooks. The routes
 * themselves are the same for all.
 */
/** A second sheet of an XLSX export: its name and columns in a language, and its rows. */
export interface PartsSheet<T> {
  name(language: Language): string;
  columns(language: Language): ExportColumn[];
  rows(db: Executor, records: T[], language: Language): Promise<Cell[][]>;
}

export interface ResourceDefinition<T extends { id: number }, B extends Bodies = Bodies> {
  name: Resource;
  repo: TableRepository<T>;
  /** Schema of a record in lists; `detail` (when set) of a single record. */
  record: ObjectSchema;
  detail?: ObjectSchema;
  bodies: B;
  references?: readonly Reference[];
  /** What belongs to a record in rows of its own and travels with it (a product's specs). */
  parts?: readonly Part[];
  hooks?: {
    /** Turns a validated body into column values; may refuse with a 4xx. */
    prepare?(ctx: WriteContext, body: NoInfer<BodyOf<B>>, existing?: T): Promise<Body> | Body;
    /** Inside the write's transaction, before the update; may refuse with a 4xx. */
    beforeUpdate?(ctx: WriteContext, existing: T, values: Body): Promise<void>;
    /**
     * Inside the transaction, after the insert or update: writes what belongs to the record
     * (a product's gallery) and returns files that are to be removed once it commits.
     */
    afterWrite?(
      ctx: WriteContext,
      record: T,
      body: NoInfer<BodyOf<B>>,
      gallery: string[],
    ): Promise<string[]>;
    /**
     * Inside the transaction of every write that makes the record what it is (a create, a
     * save, a draft's publish by hand or at its scheduled time, a restore of a revision or from
     * the trash), on the record as written: the rules that reach beyond it (at most so many
     * documents per owner). A refusal (4xx) undoes the write. Rules here hold on every path,
     * where `prepare` and `afterWrite` run on the create and update routes only.
     */
    checkWritten?(db: Executor, record: T): Promise<void>;
    /**
     * What a visitor's create is answered besides `received` (a lead's link to carry on in
     * Telegram): only what the visitor may know.
     */
    received?(app: FastifyInstance, record: T): Promise<{ telegram?: string }>;
    /** Inside the delete's transaction: may refuse (409); returns extra files to remove. */
    beforeDelete?(ctx: WriteContext, record: T): Promise<string[]>;
    /**
     * The records of an export as its file shows them (a lead's parameters as text with their
     * units), in the file's language.
     */
    exported?(db: Executor, records: T[], language: Language): Promise<AnyRecord[]>;
    /**
     * A second sheet of an XLSX export, a row per part of a record (a lead's items), written
     * after the records' sheet from a second reading of them.
     */
    partsSheet?: PartsSheet<T>;
    /**
     * A record as anonymous readers get it, in lists and details alike (a document given on
     * request, without its file). Staff get it whole.
     */
    publicView?(record: T): T;
    /** Extends a record for a single-record answer (a product with images and videos). */
    detail?(db: Executor, record: T, staff: boolean): Promise<Record<string, unknown>>;
    /**
     * Reads a single-record answer whole, in place of the record, its parts and `detail`: the
     * same answer in fewer queries (a product's). `visibleOnly`: only a record anonymous readers
     * may see, as anonymous readers see it; `undefined` when there is none.
     */
    readDetail?(db: Executor, id: number, visibleOnly: boolean): Promise<AnyRecord | undefined>;
  };
}

/** A record as the shared routes see it: an id, and columns known per resource. */
export interface AnyRecord {
  id: number;
  [column: string]: unknown;
}

/** A definition with its registry entry: everything the routes are made from. */
export type Crud = ResourceDefinition<AnyRecord> & ResourceEntry;

/** A record as a single-record answer gives it: with its parts, extended by the `detail` hook. */
export async function present(def: Crud, db: Executor, record: AnyRecord, staff: boolean) {
  const whole = def.parts ? { ...record, ...(await readParts(def, db, record.id)) } : record;
  return def.hooks?.detail ? def.hooks.detail(db, whole, staff) : whole;
}

/** Tells the publishing queue that public content changed. */
export function publish(
  app: FastifyInstance,
  def: Crud,
  action: 'create' | 'update' | 'delete' | 'restore',
  id: number,
  actor?: Actor,
): void {
  if (def.publishes) {
    app.contentEvents.emit('change', { resource: def.name, action, id, by: actorName(actor) });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Each resource's routes' definition, by name: for the routes that act on any of them. */
    crud: Map<Resource, Crud>;
  }
}
