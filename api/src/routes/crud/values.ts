import { localizedKeys, MAX_LIMIT, resourceEntry } from '@conveyor/shared';
import type { FromSchema } from 'json-schema-to-ts';
import type { Executor, ListParams, SortOrder } from '../../db/repositories/table.ts';
import { BadRequest } from '../../lib/httpErrors.ts';
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

/** A validated list query as the repository's list parameters. */
export function listParams(query: ListQuery, def: Crud, staff: boolean): ListParams {
  // The filter columns are the resource's own, known at run time only.
  const filters = Object.fromEntries(
    Object.entries(query).filter(
      ([key, value]) => def.repo.spec.filters.includes(key) && value !== undefined,
    ),
  );
  return {
    page: query.page,
    limit: Math.min(query.limit, MAX_LIMIT),
    sort: query.sort,
    order: query.order && ORDERS[query.order],
    q: query.q ?? (typeof query.search === 'string' ? query.search : undefined),
    ids: query.id,
    filters,
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
      throw new BadRequest(`${keys.join(' / ')}: fill in at least one language`);
    }
  }
}

/** Refuses values that name a record that does not exist (a product's category). */
export async function checkReferences(def: Crud, db: Executor, values: Body): Promise<void> {
  for (const ref of def.references ?? []) {
    const id = values[ref.field];
    if (id !== undefined && !(await ref.repo.exists(db, Number(id)))) {
      throw new BadRequest(`${ref.field}: there is no ${ref.what} with id ${String(id)}`);
    }
  }
}
