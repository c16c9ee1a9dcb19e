import {
  type AliasableExpression,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
} from 'kysely';
import { nowIso, rowMapper } from '../../lib/rows.ts';
import { PreparedQuery } from '../prepared.ts';
import type { Database, Executor } from '../types.ts';

export type { Executor };

// The generic queries below address tables by name at run time, which Kysely's static typing
// cannot follow; they use an untyped view of the same connection, and every row leaves through
// the table's mapper into its API type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Untyped = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEb = ExpressionBuilder<any, any>;

export type SortOrder = 'asc' | 'desc';

type ListQuery = PreparedQuery<unknown[], Record<string, unknown>>;
/** A list's prepared page and count, and its values (TableRepository's #prepared). */
type PreparedList = { page: ListQuery; count: ListQuery; args: unknown[] };

export interface TableShape {
  table: keyof Database;
  /** Columns a record is made of, in output order. */
  columns: readonly string[];
  booleans: readonly string[];
  /** Columns holding a list (an attribute's options): JSON text in the table, parsed out. */
  json: readonly string[];
  /** Columns `q` searches, case-insensitively, in every language. */
  search: readonly string[];
  sortable: readonly string[];
  /** Columns a list may be filtered on by equality (foreign keys, status). */
  filters: readonly string[];
  defaultSort: readonly [string, SortOrder];
  /** Whether the table has `is_active`, which anonymous readers are limited to. */
  hasActive: boolean;
  /**
   * What else anonymous readers need besides the record's own `is_active`: its parents being
   * visible too (a product of a hidden category is hidden, and so are its videos).
   */
  visibleParents?: (eb: AnyEb) => Expression<SqlBool>;
  /**
   * Figures a list's records carry besides their columns, computed by the query (a product's
   * specifications filled in of its template's): name → expression. Staff lists only (not
   * `activeOnly`): the back office shows them; anonymous readers and the site's snapshot were
   * paying three correlated subqueries a row for figures nothing of theirs reads.
   */
  computed?: Readonly<Record<string, (eb: AnyEb) => AliasableExpression<unknown>>>;
  /**
   * Fields a record carries that follow from its own columns without the database (what a
   * document's stored key says of its file): their names, and the function that adds them.
   */
  derived?: { readonly fields: readonly string[]; add(row: Record<string, unknown>): void };
  /** Yes/no filters of a list beyond its columns (a product's `incomplete`): name → condition. */
  conditions?: Readonly<Record<string, (eb: AnyEb, value: boolean) => Expression<SqlBool>>>;
}

export interface ListParams {
  page: number;
  limit: number;
  sort?: string | undefined;
  order?: SortOrder | undefined;
  q?: string | undefined;
  ids?: readonly number[] | undefined;
  filters?: Record<string, unknown>;
  /** The shape's yes/no conditions asked for: name → value. */
  conditions?: Record<string, boolean>;
  /** Only records created at or after this instant (ISO). */
  createdFrom?: string | undefined;
  /** Only records created before this instant (ISO). */
  createdBefore?: string | undefined;
  activeOnly: boolean;
}

/** `%`, `_` and `\` in a search text match themselves, not any character. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class TableRepository<T> {
  readonly shape: TableShape;
  readonly map: (row: Record<string, unknown>) => T;
  readonly #lists = new Map<string, { page: ListQuery; count: ListQuery }>();

  constructor(shape: TableShape) {
    this.shape = shape;
    const map = rowMapper<T>(
      shape.booleans,
      ['created_at', 'updated_at'],
      shape.json,
      Object.keys(shape.computed ?? {}),
    );
    const { derived } = shape;
    this.map = derived
      ? (row) => {
          const record = map(row);
          derived.add(record as Record<string, unknown>);
          return record;
        }
      : map;
  }

  /** Values as the table stores them: lists and objects as JSON text, null as null. */
  #stored(values: Record<string, unknown>): Record<string, unknown> {
    if (!this.shape.json.some((column) => values[column] !== undefined)) return values;
    const out = { ...values };
    for (const column of this.shape.json) {
      if (out[column] !== undefined && out[column] !== null) {
        out[column] = JSON.stringify(out[column]);
      }
    }
    return out;
  }

  /** The conditions a record meets when anonymous readers may see it. */
  visible(eb: AnyEb): Expression<SqlBool>[] {
    const { hasActive, visibleParents } = this.shape;
    return [
      ...(hasActive ? [eb('is_active', '=', true)] : []),
      ...(visibleParents ? [visibleParents(eb)] : []),
    ];
  }

  #where(eb: AnyEb, params: Omit<ListParams, 'page' | 'limit'>, pattern?: unknown) {
    const { shape } = this;
    const conditions = [];
    if (params.activeOnly) conditions.push(...this.visible(eb));
    for (const [column, value] of Object.entries(params.filters ?? {})) {
      if (value !== undefined && shape.filters.includes(column)) {
        conditions.push(eb(column, '=', value));
      }
    }
    for (const [name, value] of Object.entries(params.conditions ?? {})) {
      const condition = shape.conditions?.[name];
      if (condition) conditions.push(condition(eb, value));
    }
    if (params.createdFrom) conditions.push(eb('created_at', '>=', params.createdFrom));
    if (params.createdBefore) conditions.push(eb('created_at', '<', params.createdBefore));
    if (params.ids?.length) conditions.push(eb('id', 'in', [...params.ids]));
    const q = params.q?.trim();
    if (q && shape.search.length) {
      const like = pattern ?? likePattern(q);
      conditions.push(
        eb.or(
          shape.search.map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '\\'`,
          ),
        ),
      );
    }
    return eb.and(conditions);
  }

  /**
   * A list's page and count as prepared queries (db/prepared.ts), one pair per shape of list:
   * which filters and conditions it has, its sort, whether it searches, whose it is. The
   * values (a filter's, the search pattern, the page) are the queries' arguments. A list by ids
   * (react-admin's look-ups, any number of them) is built each time instead.
   */
  #prepared(params: ListParams): PreparedList | null {
    if (params.ids?.length) return null;
    const { shape } = this;
    const filters = Object.keys(params.filters ?? {})
      .filter((column) => params.filters![column] !== undefined && shape.filters.includes(column))
      .sort();
    const conditions = Object.entries(params.conditions ?? {})
      .filter(([name]) => shape.conditions?.[name])
      .sort(([a], [b]) => a.localeCompare(b));
    const q = params.q?.trim();
    const search = Boolean(q && shape.search.length);
    const [sortColumn, defaultOrder] = shape.defaultSort;
    const sort = params.sort && shape.sortable.includes(params.sort) ? params.sort : sortColumn;
    const order = params.order ?? defaultOrder;
    const key = JSON.stringify([
      params.activeOnly,
      filters,
      conditions,
      Boolean(params.createdFrom),
      Boolean(params.createdBefore),
      search,
      sort,
      order,
    ]);
    const args = [
      ...filters.map((column) => params.filters![column]),
      ...(params.createdFrom ? [params.createdFrom] : []),
      ...(params.createdBefore ? [params.createdBefore] : []),
      ...(search ? [likePattern(q!)] : []),
    ];
    let prepared = this.#lists.get(key);
    if (!prepared) {
      // the list's shape, with its values in the order of `args`
      const shaped = (slots: unknown[]): Omit<ListParams, 'page' | 'limit'> => {
        let next = 0;
        return {
          activeOnly: params.activeOnly,
          filters: Object.fromEntries(filters.map((column) => [column, slots[next++]])),
          conditions: Object.fromEntries(conditions),
          createdFrom: params.createdFrom ? (slots[next++] as string) : undefined,
          createdBefore: params.createdBefore ? (slots[next++] as string) : undefined,
          q: search ? q : undefined,
          sort,
          order,
        };
      };
      const searchSlot = (slots: unknown[]) => (search ? slots[args.length - 1] : undefined);
      prepared = {
        page: new PreparedQuery((db, ...slots: unknown[]) =>
          this.#pageQuery(
            db,
            shaped(slots),
            searchSlot(slots),
            slots[args.length],
            slots[args.length + 1],
          ),
        ),
        count: new PreparedQuery((db, ...slots: unknown[]) =>
          this.#countQuery(db, shaped(slots), searchSlot(slots)),
        ),
      };
      this.#lists.set(key, prepared);
    }
    return { ...prepared, args };
  }

  async list(db: Executor, params: ListParams): Promise<{ rows: T[]; total: number }> {
    const prepared = this.#prepared(params);
    const [rows, total] = await Promise.all([
      this.#page(db, params, prepared),
      this.#count(db, params, prepared),
    ]);
    return { rows, total };
  }

  /** One page of a list, without its count (an export reads page after page). */
  page(db: Executor, params: ListParams): Promise<T[]> {
    return this.#page(db, params, this.#prepared(params));
  }

  async #page(db: Executor, params: ListParams, prepared: PreparedList | null): Promise<T[]> {
    const offset = (params.page - 1) * params.limit;
    const rows = prepared
      ? await prepared.page.execute(db, ...prepared.args, params.limit, offset)
      : await this.#pageQuery(db, params, undefined, params.limit, offset).execute();
    return (rows as Record<string, unknown>[]).map(this.map);
  }

  #pageQuery(
    db: Executor,
    params: Omit<ListParams, 'page' | 'limit'>,
    pattern: unknown,
    limit: unknown,
    offset: unknown,
  ) {
    const { shape } = this;
    const [sortColumn, defaultOrder] = shape.defaultSort;
    const sort = params.sort && shape.sortable.includes(params.sort) ? params.sort : sortColumn;
    const order = params.order ?? defaultOrder;
    const computed = params.activeOnly ? [] : Object.entries(shape.computed ?? {});
    return (db as unknown as Untyped)
      .selectFrom(shape.table)
      .select(shape.columns)
      .$if(computed.length > 0, (query) =>
        query.select((eb) => computed.map(([name, expression]) => expression(eb).as(name))),
      )
      .where((eb) => this.#where(eb, params, pattern))
      .orderBy(sort, order)
      .$if(sort !== 'id', (query) => query.orderBy('id', order))
      .limit(limit as number)
      .offset(offset as number);
  }

  /** A list page's query as the database is sent it: what `EXPLAIN` reads (the list plans' test). */
  pageSql(db: Executor, params: ListParams) {
    return this.#pageQuery(
      db,
      params,
      undefined,
      params.limit,
      (params.page - 1) * params.limit,
    ).compile();
  }

  /** How many records a list's filters and search match. */
  count(db: Executor, params: Omit<ListParams, 'page' | 'limit'>): Promise<number> {
    return this.#count(db, params, this.#prepared({ ...params, page: 1, limit: 1 }));
  }

  async #count(
    db: Executor,
    params: Omit<ListParams, 'page' | 'limit'>,
    prepared: PreparedList | null,
  ): Promise<number> {
    const [count] = prepared
      ? await prepared.count.execute(db, ...prepared.args)
      : await this.#countQuery(db, params, undefined).execute();
    return Number((count as { total: number | string }).total);
  }

  #countQuery(db: Executor, params: Omit<ListParams, 'page' | 'limit'>, pattern: unknown) {
    return (db as unknown as Untyped)
      .selectFrom(this.shape.table)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => this.#where(eb, params, pattern));
  }

  async get(db: Executor, id: number, activeOnly = false): Promise<T | undefined> {
    const row = await (db as unknown as Untyped)
      .selectFrom(this.shape.table)
      .select(this.shape.columns)
      .where('id', '=', id)
      .$if(activeOnly, (query) => query.where((eb) => eb.and(this.visible(eb))))
      .executeTakeFirst();
    return row ? this.map(row) : undefined;
  }

  async exists(db: Executor, id: number): Promise<boolean> {
    const row = await (db as unknown as Untyped)
      .selectFrom(this.shape.table)
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(db: Executor, values: Record<string, unknown>): Promise<T> {
    const now = nowIso();
    const row = await (db as unknown as Untyped)
      .insertInto(this.shape.table)
      .values({ ...this.#stored(values), created_at: now, updated_at: now })
      .returning(this.shape.columns)
      .executeTakeFirstOrThrow();
    return this.map(row);
  }

  /** Changes only the given columns; `undefined` when there is no such record. */
  async update(db: Executor, id: number, values: Record<string, unknown>): Promise<T | undefined> {
    const row = await (db as unknown as Untyped)
      .updateTable(this.shape.table)
      .set({ ...this.#stored(values), updated_at: nowIso() })
      .where('id', '=', id)
      .returning(this.shape.columns)
      .executeTakeFirst();
    return row ? this.map(row) : undefined;
  }

  /** Deletes a record and returns it as it was, so that its files can be removed. */
  async remove(db: Executor, id: number): Promise<T | undefined> {
    const row = await (db as unknown as Untyped)
      .deleteFrom(this.shape.table)
      .where('id', '=', id)
      .returning(this.shape.columns)
      .executeTakeFirst();
    return row ? this.map(row) : undefined;
  }
}
