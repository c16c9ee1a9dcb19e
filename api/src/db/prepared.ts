import { type CompiledQuery, type Compilable, SqliteAdapter } from 'kysely';
import type { Executor } from './types.ts';

/** A value standing for an argument while the query is built (replaced before it runs). */
class Slot {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

/**
 * A way to run a prepared read outside Kysely, on a database that has one (SQLite's read-only
 * connection: connect.ts). Its rows are as the driver gives them (no Kysely plugin sees them).
 */
export interface DirectReader {
  all(sql: string, parameters: readonly unknown[]): unknown[];
  close(): void;
}

const readers = new WeakMap<object, DirectReader>();

/** Prepared reads on this database (not on its transactions) go through `reader`. */
export function registerReader(db: object, reader: DirectReader): void {
  readers.set(db, reader);
}

/**
 * A query compiled once per database and run with new values: for a hot read whose shape never
 * changes (a product's detail, a list of one shape). Kysely builds the query's tree, runs its plugins over it and
 * compiles it to SQL on every call, which costs a read more than SQLite spends on the
 * statement itself; this builds it once, with placeholders where the arguments go, and then
 * only swaps the arguments in. Written by hand: Kysely compiles but does not keep queries,
 * nor takes parameters to fill in later, and this needs nothing else of it.
 *
 * `build` gets one placeholder per argument and must use each only as a value (`where('id', '=',
 * id)`), never to choose the query's shape, and the number of arguments is the same at every
 * call. No plugin sees an argument: a yes/no goes to SQLite as 1 or 0 here, as
 * sqliteBooleans.ts would send it. The compiled query is kept per database adapter, so
 * a transaction reuses its database's. Reads only: outside a transaction, on a database with a
 * DirectReader, it runs there.
 */
export class PreparedQuery<Args extends unknown[], Row> {
  readonly #build: (db: Executor, ...args: Args) => Compilable<Row>;
  readonly #compiled = new WeakMap<
    object,
    { query: CompiledQuery<Row>; slots: (number | -1)[]; sqlite: boolean }
  >();

  constructor(build: (db: Executor, ...args: Args) => Compilable<Row>) {
    this.#build = build;
  }

  async execute(db: Executor, ...args: Args): Promise<Row[]> {
    const adapter = db.getExecutor().adapter;
    let compiled = this.#compiled.get(adapter);
    if (!compiled) {
      const slots = args.map((_, index) => new Slot(index));
      const query = this.#build(db, ...(slots as Args)).compile();
      compiled = {
        query,
        slots: query.parameters.map((value) => (value instanceof Slot ? value.index : -1)),
        sqlite: adapter instanceof SqliteAdapter,
      };
      this.#compiled.set(adapter, compiled);
    }
    const { query, slots, sqlite } = compiled;
    const parameters = query.parameters.map((value, index) => {
      if (slots[index] === -1) return value;
      const arg = args[slots[index]!];
      return sqlite && typeof arg === 'boolean' ? Number(arg) : arg;
    });
    const reader = readers.get(db);
    if (reader) return reader.all(query.sql, parameters) as Row[];
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  }
}
