import { localizedKeys, MAX_LIMIT, resourceEntry } from '@conveyor/shared';
import type { FromSchema } from 'json-schema-to-ts';
import type { Executor, ListParams, SortOrder } from '../../db/repositories/table.ts';
import { BadRequest } from '../../lib/httpErrors.ts';
import { phoneE164 } from '../../lib/phone.ts';
import type { AnyRecord, Body, Crud, ResourceDefinition } from './definition.ts';
import type { listQuerySchema } from './schemas.ts';

type ListQuery = FromSchema<ReturnType<typeof listQuerySchema>>;

/** The query's `order`, in either case (react-admin's own sort orders are upper-case). */
const ORDERS: Record<NonNullable<ListQuery['order']>, SortOrder> = {
  asc: 'asc',
  ASC: 'asc',
  desc: 'desc',
  DESC: 'desc',
};

/** A date-time from the query in the stored form (UTC, milliseconds), which sorts as text. */
function instant(value: unknown): string | undefined {
  return typeof value === 'string' ? new Date(value).toISOString() : undefined;
}

/** A validated list query as the repository's list parameters. */
export function listParams(query: ListQuery, def: Crud, staff: boolean): ListParams {
  return {
    ...listSelection(query, def, staff),
    page: query.page,
    limit: Math.min(query.limit, MAX_LIMIT),
  };
}

/**
 * What a list query selects and in which order: its filters, search, ids and sort, without the
 * page. The list and the export (every page of the same selection) share it.
 */
export function listSelection(
  query: Omit<ListQuery, 'page' | 'limit'>,
  def: Crud,
  staff: boolean,
): Omit<ListParams, 'page' | 'limit'> {
  // The filter columns are the resource's own, known at run time only.
  const filters = Object.fromEntries(
    Object.entries(query).filter(
      ([key, value]) => def.repo.spec.filters.includes(key) && value !== undefined,
    ),
  );
  return {
    sort: query.sort,
    order: query.order && ORDERS[query.order],
    q: query.q ?? (typeof query.search === 'string' ? query.search : undefined),
    ids: query.id,
    filters,
    createdFrom: instant(query.created_from),
    createdBefore: instant(query.created_to),
    activeOnly: def.read === 'public' && !staff,
  };
}

const systemColumns = new Set(['id', 'created_at', 'updated_at']);

/** The body's fields that are plain columns of the resource's table (not files, not ids). */
export function columnValues(
  def: Pick<ResourceDefinition<AnyRecord>, 'repo' | 'name'>,
  body: Body,
): Body {
  const values: Body = {};
  const columns = def.repo.spec.columns;
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
