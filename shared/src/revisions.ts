import type { FromSchema } from 'json-schema-to-ts';
import { RESOURCE_REGISTRY, RESOURCES, type Resource, resourceEntry } from './resources.ts';
import { idSchema, nullableIdSchema, recordSchema, timestampSchema } from './schemas/common.ts';

/**
 * How a revision came to be: `initial` is the state a record had when history began (taken
 * just before its first change), then each `create`, `update`, `delete` and `restore`.
 */
export const REVISION_ACTIONS = ['initial', 'create', 'update', 'delete', 'restore'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** The resources with history: the content the site shows (the registry's `publishes`). */
export const HISTORY_RESOURCES = RESOURCES.filter((name) => RESOURCE_REGISTRY[name].publishes);

export function hasHistory(name: string): name is Resource {
  return (HISTORY_RESOURCES as readonly string[]).includes(name);
}

/** One revision of a record, as the API answers it: who, when, what changed, and the whole. */
export const revisionSchema = recordSchema({
  id: idSchema,
  resource: { type: 'string' },
  record_id: idSchema,
  created_at: timestampSchema,
  user_id: nullableIdSchema,
  user_name: { type: 'string' },
  action: { type: 'string', enum: REVISION_ACTIONS },
  fields: { type: 'array', items: { type: 'string' } },
  /** The record's fields then (a product's gallery as `images`: the files, in order). */
  snapshot: { type: 'object', additionalProperties: true },
});
export type Revision = FromSchema<typeof revisionSchema>;

/**
 * What a delete puts in the trash: the content with history, and the leads and
 * supplier applications (with their notes). Users are not: an account is ended, not trashed.
 */
export const TRASH_RESOURCES = RESOURCES.filter(
  (name) => RESOURCE_REGISTRY[name].publishes || resourceEntry(name).workflow === true,
);

export function hasTrash(name: string): name is Resource {
  return (TRASH_RESOURCES as readonly string[]).includes(name);
}

/**
 * One deleted record in the trash: the revision its delete took (its id is the item's id),
 * with the record as it was, who deleted it and when, and when it goes for good (null: kept
 * until purged by hand).
 */
export const trashItemSchema = recordSchema({
  id: idSchema,
  resource: { type: 'string', enum: TRASH_RESOURCES },
  record_id: idSchema,
  deleted_at: timestampSchema,
  user_id: nullableIdSchema,
  user_name: { type: 'string' },
  purge_at: { type: ['string', 'null'], format: 'date-time' },
  snapshot: { type: 'object', additionalProperties: true },
});
export type TrashItem = FromSchema<typeof trashItemSchema>;
