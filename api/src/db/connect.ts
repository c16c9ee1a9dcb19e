import { createRequire } from 'node:module';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { type DirectReader, registerReader } from './prepared.ts';
import { SqliteBooleanPlugin } from './sqliteBooleans.ts';
import type { Database } from './types.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

/**
 * Runs `read` in one transaction that sees one moment of the database (a backup, a site
 * build's data): PostgreSQL at REPEATABLE READ, read only; SQLite's single connection
 * serialises the transaction with the writes.
 */
export function readConsistently<T>(
  db: Db,
  read: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.dialect === 'postgres'
    ? db.kysely
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(read)
    : db.kysely.transaction().execute(read);
}

export interface DbOptions {
  databaseUrl: string | null;
  sqliteFile: string;
  /** SQLite's `synchronous` (FULL by default: commits survive a power loss). */
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** Told about an idle PostgreSQL connection that failed (server restart, network). */
  onIdleError?: (error: Error) => void;
}

let postgresDriver: typeof pg | null = null;

/**
 * pg (CommonJS), loaded only for PostgreSQL: a server on SQLite never loads it. COUNT(*) and
 * identity values arrive as strings from pg; we want plain numbers.
 */
function loadPg(): typeof pg {
  if (!postgresDriver) {
    postgresDriver = createRequire(import.meta.url)('pg') as typeof pg;
    postgresDriver.types.setTypeParser(postgresDriver.types.builtins.INT8, (value) =>
      Number.parseInt(value, 10),
    );
  }
  return postgresDriver;
}

/**
 * The SQLite file is created 0600 before SQLite opens it; SQLite gives its -wal and -shm files
 * the database file's mode. Files of an older install, readable by every local user, are made
 * 0600 too: they hold every lead and the password hashes.
 */
function privateDatabaseFiles(sqliteFile: string): void {
  if (sqliteFile === ':memory:') return;
  if (!existsSync(sqliteFile)) closeSync(openSync(sqliteFile, 'a', 0o600));
  for (const file of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) {
    try {
      if (statSync(file).mode & 0o077) chmodSync(file, 0o600);
    } catch {
      // not there (-wal and -shm exist only while a connection is open), or not ours to change
    }
  }
}

export function connect({
  databaseUrl,
  sqliteFile,
  sqliteSynchronous = 'FULL',
  onIdleError,
}: DbOptions): Db {
  if (databaseUrl) {
    const { Pool } = loadPg();
    const pool = new Pool({ connectionString: databaseUrl, max: 10 });
    // Without a listener, an idle connection the server drops would crash the process; the
    // pool replaces it on the next query.
    pool.on('error', (error) => onIdleError?.(error));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', destroy: () => kysely.destroy() };
  }

  mkdirSync(dirname(sqliteFile), { recursive: true, mode: 0o700 });
  privateDatabaseFiles(sqliteFile);
  // Node's own SQLite (node:sqlite): nothing to compile on install, unlike a native module
  const sqlite = new DatabaseSync(sqliteFile, { timeout: 5000 });
  sqlite.exec('PRAGMA journal_mode = WAL');
  // FULL: a commit is on disk (WAL synced) before the API answers, so an acknowledged lead or
  // supplier application survives a power loss, not only a crash of the process (NORMAL may
  // lose the last commits then). The cost is one fsync per write transaction: see docs/security.md.
  sqlite.exec(`PRAGMA synchronous = ${sqliteSynchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  sqlite.exec('PRAGMA foreign_keys = ON');
  foldCase(sqlite);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new SqliteBooleanPlugin()],
  });
  if (sqliteFile === ':memory:') {
    return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() };
  }
  const reader = readOnlyReader(sqliteFile);
  registerReader(kysely, reader);
  return {
    kysely,
    dialect: 'sqlite',
    destroy: async () => {
      reader.close();
      await kysely.destroy();
    },
  };
}

/**
 * SQLite's own lower() folds ASCII only; search must also fold Cyrillic and Uzbek letters, as
 * PostgreSQL's lower() does. No index uses lower(), so replacing it is safe.
 */
function foldCase(sqlite: DatabaseSync): void {
  sqlite.function('lower', { deterministic: true }, (value) =>
    typeof value === 'string' ? value.toLowerCase() : (value as Value),
  );
}

/**
 * A read-only connection of its own for the prepared reads (db/prepared.ts: a product's detail),
 * opened on first use. Kysely's SQLite dialect runs every query on its one connection, one at a
 * time, through a chain of promises that cost a product's uncached read a sixth of its time
 * (pnpm bench:lean); and a read there waits for any transaction in progress to end. With the
 * write-ahead log this one reads what is committed, beside the writer, a commit as soon as it
 * is made. Written by hand: Kysely has no read replicas, and node:sqlite needs nothing more.
 */
function readOnlyReader(file: string): DirectReader {
  let db: DatabaseSync | null = null;
  const statements = new Map<string, StatementSync>();
  return {
    all(sql, parameters) {
      if (!db) {
        db = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
        foldCase(db);
      }
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      return statement.all(...(parameters as Value[]));
    },
    close() {
      statements.clear();
      db?.close();
      db = null;
    },
  };
}

/**
 * node:sqlite's statement as Kysely's SQLite dialect calls it (the better-sqlite3 shape it was
 * written for): `reader` says whether the statement answers rows, and the parameters come as
 * one list. Written by hand: Kysely ships no node:sqlite dialect, and this is all it needs.
 */
interface DialectStatement {
  readonly reader: boolean;
  /** A streamed query is still reading from it: it cannot run again until it ends. */
  busy: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): {
    changes: number | bigint;
    lastInsertRowid: number | bigint;
  };
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

type Value = null | number | bigint | string | NodeJS.ArrayBufferView;

function dialectStatement(statement: StatementSync): DialectStatement {
  const wrapped: DialectStatement = {
    reader: statement.columns().length > 0,
    busy: false,
    all: (parameters) => statement.all(...(parameters as Value[])),
    run: (parameters) => statement.run(...(parameters as Value[])),
    *iterate(parameters) {
      wrapped.busy = true;
      try {
        yield* statement.iterate(...(parameters as Value[]));
      } finally {
        wrapped.busy = false;
      }
    },
  };
  return wrapped;
}

/**
 * The database as Kysely's SQLite dialect sees it, keeping compiled statements. Kysely calls
 * `prepare` for every query, and SQLite compiles the SQL each time; an API runs the same few
 * hundred statements over and over, and compiling them again is a cost that every request,
 * a form post's included (`pnpm bench:leads`), would pay for nothing. A statement still being
 * iterated (a streamed query) is busy and cannot run again: such a call gets a fresh one.
 * SQLite recompiles a kept statement by itself when a migration changes the schema.
 */
function withStatementCache(sqlite: DatabaseSync): SqliteDatabase {
  const statements = new LRUCache<string, DialectStatement>({ max: 500 });
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept as never;
      const statement = dialectStatement(sqlite.prepare(sql));
      if (!kept) statements.set(sql, statement);
      return statement as never;
    },
  };
}
