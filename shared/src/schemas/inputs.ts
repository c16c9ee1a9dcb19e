import type { FromSchema } from 'json-schema-to-ts';
import {
  categoryFields,
  clientFields,
  documentFields,
  galleryArrangementSchema,
  mediaFields,
  productFields,
  projectFields,
  testimonialFields,
} from './catalogue.ts';
import { HONEYPOT_FIELD, honeypotSchema, idSchema } from './common.ts';
import {
  leadContextFields,
  leadFields,
  supplierFields,
  userFields,
  workflowFields,
} from './people.ts';
import { settingsFields } from './settings.ts';
import { relatedSchema } from '../related.ts';
import { attributeFields, specsSchema, templateSchema } from '../specs.ts';

/**
 * The bodies of create and update calls. Create names its required fields; update takes any
 * subset (a partial update: `{ is_active: false }` changes only that). Unknown fields are
 * dropped, so a client may send a whole record back.
 */
function bodies<const F, const R extends readonly (keyof F & string)[]>(
  properties: F,
  required: R,
) {
  return {
    create: { type: 'object', properties, required, additionalProperties: false },
    update: { type: 'object', properties, additionalProperties: false },
  } as const;
}

export const categoryBodies = bodies(
  {
    ...categoryFields,
    /** Its template: replaces the one it has (multipart: the list as JSON text). */
    attributes: templateSchema,
  },
  [],
);
export const productBodies = bodies(
  {
    ...productFields,
    /** Its values: replace the ones it has (multipart: the list as JSON text). */
    specs: specsSchema,
    /** Its related products, in order: replace the ones it has (multipart: JSON text). */
    related: relatedSchema,
    /**
     * Its pictures' order and alternative texts, by file (multipart: JSON text): applied after
     * the save's added and removed pictures.
     */
    gallery: galleryArrangementSchema,
    /** Ids of existing images to delete (update only; also sent as repeated multipart fields). */
    delete_images_array: { type: 'array', items: idSchema, maxItems: 100 },
    /**
     * The pictures a draft added to the gallery that stay (their stored paths), on a draft's
     * save and on the edit screen's Save that publishes it (update only).
     */
    draft_images: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 300 },
      maxItems: 100,
    },
  },
  ['category_id'],
);
export const mediaBodies = bodies(mediaFields, ['link', 'product_id']);
export const documentBodies = bodies(documentFields, ['kind']);
export const projectBodies = bodies(projectFields, ['link']);
export const testimonialBodies = bodies(testimonialFields, []);
export const clientBodies = bodies(clientFields, ['name']);
export const attributeBodies = bodies(attributeFields, ['code', 'type']);
/**
 * The public forms' bodies: a visitor sends only their own fields and the visit's context. The
 * workflow fields staff handle (status, assignee, an application's `is_active`) are not in the
 * create schema, so an anonymous post that sends them has them dropped like any unknown field;
 * staff set them with an update.
 */
const { is_active: _supplierActive, ...supplierVisitorFields } = supplierFields;
export const leadBodies = {
  create: bodies(
    { ...leadFields, ...leadContextFields, [HONEYPOT_FIELD]: honeypotSchema } as const,
    [],
  ).create,
  update: bodies({ ...leadFields, ...workflowFields } as const, []).update,
} as const;
export const supplierBodies = {
  create: bodies({ ...supplierVisitorFields, [HONEYPOT_FIELD]: honeypotSchema } as const, [
    'company_name',
    'inn',
    'contact_person',
    'phone',
    'email',
    'offer',
  ]).create,
  update: bodies({ ...supplierFields, ...workflowFields } as const, []).update,
} as const;
/**
 * Users: on update, a new `password` is accepted only for one's own account and only with the
 * `current_password` (the API refuses another user's; see the users route).
 */
export const userBodies = {
  create: bodies(userFields, ['user_name', 'password', 'email']).create,
  update: bodies(
    { ...userFields, current_password: { type: 'string', maxLength: 200 } } as const,
    [],
  ).update,
} as const;
export const settingsBodies = bodies(settingsFields, []);

export type SettingsPatch = FromSchema<typeof settingsBodies.update>;
