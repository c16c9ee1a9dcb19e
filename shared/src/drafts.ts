import type { FromSchema } from 'json-schema-to-ts';
import { RESOURCE_REGISTRY, RESOURCES } from './resources.ts';
import { idSchema, recordSchema, timestampSchema } from './schemas/common.ts';

/**
 * Drafts and preview: changes to a record of the site's content saved without going
 * live, looked at as the real public page, then published (or discarded). One draft per record;
 * it holds the fields it changes, and its pictures: a new picture (stored, not yet the
 * record's), a product's added and removed gallery pictures (api/src/drafts/pictures.ts).
 */
export const DRAFT_RESOURCES = RESOURCES.filter((name) => RESOURCE_REGISTRY[name].publishes);

/**
 * The company settings (phones, addresses, links every page shows) take a draft too: one
 * record, whose draft is kept under SETTINGS_RECORD_ID (`/api/settings/draft`).
 */
export const SETTINGS_DRAFT = 'settings';
export const SETTINGS_RECORD_ID = 1;

/** Whether records of this name take drafts (a resource of the site's, or the settings). */
export function isDraftable(name: string): boolean {
  return name === SETTINGS_DRAFT || (DRAFT_RESOURCES as readonly string[]).includes(name);
}

/**
 * A draft's pictures in its data (api/src/drafts/pictures.ts): besides the image column (the
 * new picture's stored path, or null), a product's added gallery pictures (paths) and the ids
 * of the live ones it removes. A save names the added ones it keeps in DRAFT_KEPT_PICTURES.
 */
export const DRAFT_ADDED_PICTURES = 'images_added';
export const DRAFT_REMOVED_PICTURES = 'delete_images_array';
export const DRAFT_KEPT_PICTURES = 'draft_images';

/** A record's unpublished changes. */
export const draftSchema = recordSchema({
  resource: { type: 'string', enum: [...DRAFT_RESOURCES, SETTINGS_DRAFT] },
  record_id: idSchema,
  /** The fields the draft changes, as an update's body gives them. */
  data: { type: 'object', additionalProperties: true },
  /** Who saved it last. */
  user_name: { type: 'string' },
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Draft = FromSchema<typeof draftSchema>;

/** How long a preview link may be shared for, in hours; the first is the default. */
export const PREVIEW_LINK_HOURS = [24, 1, 168] as const;

/** POST /{resource}/{id}/draft/preview: how long the link lasts. */
export const previewBodySchema = {
  type: 'object',
  properties: { hours: { type: 'integer', enum: PREVIEW_LINK_HOURS } },
  additionalProperties: false,
} as const;

/** A preview of a record with its draft applied: its pages, under a signed, expiring link. */
export const previewSchema = recordSchema({
  /** The record's pages in each language, under the link (`/preview/<link>/en/catalog/3`). */
  pages: recordSchema({
    ru: { type: 'string' },
    uz: { type: 'string' },
    en: { type: 'string' },
  }),
  expires_at: timestampSchema,
});
export type Preview = FromSchema<typeof previewSchema>;

/**
 * PUT /{resource}/{id}?draft=spend: the edit screen's Save, which publishes what the form shows
 * (the draft it opened on included), removes the record's draft in the same transaction. Any
 * other update (the list's on/off switch, an API client) leaves a draft as it is.
 */
export const spendDraftQuerySchema = {
  type: 'object',
  properties: { draft: { type: 'string', enum: ['spend'] } },
  additionalProperties: false,
} as const;
