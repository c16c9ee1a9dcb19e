import { MAX_LIMIT } from '@conveyor/shared';
import {
  type DataProvider,
  defaultExporter,
  type Exporter,
  type FetchRelatedRecords,
  fetchRelatedRecords,
  type Identifier,
  type RaRecord,
  type SortPayload,
} from 'react-admin';

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

/**
 * A cell a spreadsheet would read as a formula (OWASP "CSV Injection"): one that begins with
 * `=`, `+`, `-`, `@`, a tab or a carriage return; also the same signs in their full-width forms
 * (`＝＋－＠`, which some spreadsheets fold into the ASCII ones) or after leading whitespace.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/**
 * One CSV cell made safe to open in a spreadsheet: a string that would start a formula gets a
 * single quote prepended, so `=cmd|' /C calc'!A0` is exported as the text `'=cmd|' /C calc'!A0`
 * (the CSV writer still quotes the cell as usual). Anything else is returned unchanged.
 *
 * Only strings are touched: a number (a negative JS number included) is not a formula. A string
 * that merely looks like a number, such as "-5" or a phone number "+998901234567", is neutralised
 * too, as OWASP advises: the file cannot tell a signed number from `-2+3+cmd|...`.
 *
 * A carriage return anywhere in the string also becomes a line feed: jsonexport quotes a cell
 * holding a line feed but not one holding a lone carriage return, which a spreadsheet reads as
 * a row break, so `Hi\r=cmd|...` would open as a new row whose first cell is a formula.
 */
export function neutraliseCell(value: string): string;
export function neutraliseCell<T>(value: T): T;
export function neutraliseCell(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const cell = FORMULA_START.test(value) ? `'${value}` : value;
  return cell.replace(/\r\n?/g, '\n');
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * A copy of a value with every string in it neutralised (`neutraliseCell`), nested objects and
 * arrays included; keys (the CSV's headers, the API's field names) are kept as they are.
 */
export function neutraliseValue<T>(value: T): T {
  if (typeof value === 'string') return neutraliseCell(value) as T;
  if (Array.isArray(value)) return value.map((item) => neutraliseValue(item)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, neutraliseValue(item)]),
    ) as T;
  }
  return value;
}

/** One record with every string value neutralised, however deep: the input is not changed. */
export function neutraliseRecord<T extends object>(record: T): T {
  return neutraliseValue(record);
}

/**
 * An exporter that receives only neutralised records: the export button passes every list's
 * exporter (react-admin's default, jsonexport + downloadCSV, or a custom one) through this. The
 * related records a custom exporter fetches with `fetchRelatedRecords` are neutralised as well;
 * what it builds itself (or asks the data provider directly) is its own to neutralise.
 */
export function neutralisingExporter(exporter: Exporter): Exporter {
  return (data, fetchRelated, dataProvider, resource) => {
    const related: FetchRelatedRecords = (records, field, relatedResource) =>
      fetchRelated(records, field, relatedResource).then((found) => neutraliseValue(found));
    return exporter(
      data.map((record) => neutraliseRecord(record)),
      related,
      dataProvider,
      resource,
    );
  };
}

/**
 * The export button's whole path: every record of the list (its sort and filter), neutralised,
 * handed to the list's exporter, else react-admin's default (jsonexport, then downloadCSV).
 */
export async function exportAllRecords(
  dataProvider: DataProvider,
  resource: string,
  options: FetchAllOptions = {},
  exporter?: Exporter | false,
): Promise<void> {
  const data = await fetchAllRecords(dataProvider, resource, options);
  const done = neutralisingExporter(exporter || defaultExporter)(
    data,
    fetchRelatedRecords(dataProvider),
    dataProvider,
    resource,
  );
  // react-admin's default exporter gives jsonexport a callback, and jsonexport then never
  // settles the promise it returns; the CSV has been written (synchronously) by now. Awaiting
  // it would keep the export button busy for good.
  if (exporter) await done;
}
