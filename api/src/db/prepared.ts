import type { CompiledQuery, Compilable } from 'kysely';
import type { Executor } from './repositories/table.ts';

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

/** Placeholders handed to a query's builder: more than any prepared query takes. */
const MAX_ARGS = 8;

/**
 * A query compiled once per database and run with new values: for a hot read whose shape never
 * changes (a product's detail). Kysely builds the query's tree, runs its plugins over it and
 * compiles it to SQL on every call, which cost a read several times what SQLite spends on the
 * statement itself; this builds it once, with placeholders where the arguments go, and then
 * only swaps the arguments in. Written by hand: Kysely compiles but does not keep queries, and
 * the packages that add parameters to it (kysely-params) are unmaintained.
 *
 * `build` gets one placeholder per argument and must use each only as a value (`where('id', '=',
 * id)`), never to choose the query's shape; an argument is bound as given (no plugin sees it: a
 * yes/no goes to SQLite as 1 or 0). The compiled query is kept per database adapter, so
 * a transaction reuses its database's. Reads only: outside a transaction, on a database with a
 * DirectReader, it runs there.
 */
export class PreparedQuery<Args extends unknown[], Row> {
  readonly #build: (db: Executor, ...args: Args) => Compilable<Row>;
  readonly #compiled = new WeakMap<object, { query: CompiledQuery<Row>; slots: (number | -1)[] }>();

  constructor(build: (db: Executor, ...args: Args) => Compilable<Row>) {
    this.#build = build;
  }

  async execute(db: Executor, ...args: Args): Promise<Row[]> {
    const adapter = db.getExecutor().adapter;
    let compiled = this.#compiled.get(adapter);
    if (!compiled) {
      const slots = Array.from({ length: MAX_ARGS }, (_, index) => new Slot(index));
      const query = this.#build(db, ...(slots as Args)).compile();
      compiled = {
        query,
        slots: query.parameters.map((value) => (value instanceof Slot ? value.index : -1)),
      };
      this.#compiled.set(adapter, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((value, index) =>
      slots[index] === -1 ? value : args[slots[index]!],
    );
    const reader = readers.get(db);
    if (reader) return reader.all(query.sql, parameters) as Row[];
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  }
}
