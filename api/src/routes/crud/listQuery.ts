import { MAX_LIMIT } from '@conveyor/shared';
import type { FromSchema } from 'json-schema-to-ts';
import type { Crud } from '../../content/definition.ts';
import type { ListParams, SortOrder } from '../../db/repositories/table.ts';
import type { listQuerySchema } from './schemas.ts';

// A list query (its filters, search, ids, sort and page) as the repository's list parameters:
// the list route and the export, which reads every page of the same selection, share it.

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
      ([key, value]) => def.repo.shape.filters.includes(key) && value !== undefined,
    ),
  );
  const conditions = Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, boolean] =>
        def.repo.shape.conditions?.[entry[0]] !== undefined && typeof entry[1] === 'boolean',
    ),
  );
  return {
    conditions,
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
