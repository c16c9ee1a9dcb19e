import { MAX_LIMIT } from '@conveyor/shared';
import type { DataProvider, Identifier, RaRecord, SortPayload } from 'react-admin';

export interface FetchAllOptions {
  sort?: SortPayload;
  filter?: Record<string, unknown>;
  /** Rows asked per call: the API's largest page. */
  pageSize?: number;
  /** A ceiling on calls, against an API that would never say it is done. */
  maxPages?: number;
}

/**
 * Every record of a list, with the list's sort and filter, fetched page by page at the API's
 * largest page size (100) until all rows are in. react-admin's own export asks for one page of
 * 1000, which the API caps to 100: a CSV of 250 leads would hold 100.
 *
 * Done is read from `total` when the API gives it, else from `pageInfo.hasNextPage`, else from
 * a short page. A record seen twice (rows shifted by a new lead arriving mid-export) is kept
 * once, at its first place.
 */
export async function fetchAllRecords(
  dataProvider: DataProvider,
  resource: string,
  {
    sort = { field: 'id', order: 'ASC' },
    filter = {},
    pageSize = MAX_LIMIT,
    maxPages = 10_000,
  }: FetchAllOptions = {},
): Promise<RaRecord[]> {
  const rows = new Map<Identifier, RaRecord>();
  let fetched = 0;
  for (let page = 1; page <= maxPages; page += 1) {
    const { data, total, pageInfo } = await dataProvider.getList(resource, {
      pagination: { page, perPage: pageSize },
      sort,
      filter,
    });
    for (const record of data) if (!rows.has(record.id)) rows.set(record.id, record);
    fetched += data.length;
    const more =
      data.length > 0 &&
      (typeof total === 'number'
        ? fetched < total
        : pageInfo
          ? Boolean(pageInfo.hasNextPage)
          : data.length >= pageSize);
    if (!more) break;
  }
  return [...rows.values()];
}
