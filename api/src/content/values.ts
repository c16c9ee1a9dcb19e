import { localizedKeys, resourceEntry } from '@conveyor/shared';
import type { Executor } from '../db/repositories/table.ts';
import { BadRequest } from '../lib/httpErrors.ts';
import { phoneE164 } from '../lib/phone.ts';
import type { AnyRecord, Body, Crud, ResourceDefinition } from './definition.ts';

// The checks and conversions of a record's values that every write path shares: a staff save,
// a draft, its publication, a restore.

const systemColumns = new Set(['id', 'created_at', 'updated_at']);

/** The body's fields that are plain columns of the resource's table (not files, not ids). */
export function columnValues(
  def: Pick<ResourceDefinition<AnyRecord>, 'repo' | 'name'>,
  body: Body,
): Body {
  const values: Body = {};
  const columns = def.repo.shape.columns;
  const image = resourceEntry(def.name).image;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || systemColumns.has(key) || key === image?.column) continue;
    if (columns.includes(key)) values[key] = value;
  }
  return values;
}

export function requireLocalized(def: Crud, merged: Body): void {
  for (const prefix of def.requireLocalized ?? []) {
    const keys = localizedKeys(prefix);
    if (!keys.some((key) => typeof merged[key] === 'string' && merged[key].trim() !== '')) {
      throw new BadRequest(`${keys.join(' / ')}: fill in at least one language`, {
        code: 'oneLanguage',
        field: prefix,
      });
    }
  }
}

/** Refuses values that name a record that does not exist (a product's category); null is none. */
export async function checkReferences(def: Crud, db: Executor, values: Body): Promise<void> {
  for (const ref of def.references ?? []) {
    const id = values[ref.field];
    if (id !== undefined && id !== null && !(await ref.repo.exists(db, Number(id)))) {
      throw new BadRequest(`${ref.field}: there is no ${ref.what} with id ${String(id)}`, {
        code: 'referenceMissing',
        field: ref.field,
      });
    }
  }
}

/** Empties the optional references to records that are gone (a restore from the trash). */
export async function dropMissingReferences(def: Crud, db: Executor, values: Body): Promise<void> {
  for (const ref of def.references ?? []) {
    const id = values[ref.field];
    if (!ref.optional || id === undefined || id === null) continue;
    if (!(await ref.repo.exists(db, Number(id)))) values[ref.field] = null;
  }
}

/**
 * Stores a form's phone number in E.164, or refuses it: `+998 90 123-45-67` and
 * `90 123 45 67` become `+998901234567`. An empty phone stays empty (the lead may give an
 * e-mail instead; the schema says when a phone is required).
 */
export function normalizePhone(values: Body): void {
  if (typeof values.phone !== 'string' || values.phone.trim() === '') return;
  const e164 = phoneE164(values.phone);
  if (!e164) throw new BadRequest('phone: is not a valid phone number', { field: 'phone' });
  values.phone = e164;
}
