import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Db, readConsistently } from '../db/connect.ts';
import { MIGRATION_TABLE } from '../db/migrate.ts';
import type { Database } from '../db/types.ts';
import { download } from '../storage/index.ts';
import type { Storage } from '../lib/storage.ts';
import { type BackedUpTable, BackupError, dataFile, TABLES, type TableEntry } from './format.ts';

// Tables are addressed by name at run time, which Kysely's static typing cannot follow.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Untyped = Kysely<any>;

/** Rows read per query: a big table is never held in memory at once. */
const PAGE_ROWS = 1000;

export interface ColumnInfo {
  name: string;
  boolean: boolean;
  nullable: boolean;
  hasDefault: boolean;
}

/**
 * The columns of each table as the database itself describes them. SQLite reports the type a
 * column was declared with (`boolean`), PostgreSQL its own name (`bool`).
 */
export async function describeTables(db: Untyped): Promise<Map<string, ColumnInfo[]>> {
  const tables = await db.introspection.getTables();
  return new Map(
    tables.map((table) => [
      table.name,
      table.columns.map((column) => ({
        name: column.name,
        boolean: /^bool(ean)?$/i.test(column.dataType),
        nullable: column.isNullable,
        hasDefault: column.hasDefaultValue || column.isAutoIncrementing,
      })),
    ]),
  );
}

/** The last migration applied: the schema version an archive records. */
export async function schemaVersion(db: Untyped): Promise<string> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(
      MIGRATION_TABLE,
    )} order by name desc limit 1`.execute(db);
    if (rows[0]) return rows[0].name;
  } catch {
    // no migration table: reported below
  }
  throw new BackupError('This database has no conveyor schema: start the server on it once.');
}

/** A row in the archive's neutral form: booleans as true/false, timestamps as ISO text. */
function neutralRow(row: Record<string, unknown>, columns: ColumnInfo[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) {
    let value = row[column.name];
    if (value instanceof Date) value = value.toISOString();
    else if (column.boolean && typeof value === 'number') value = value !== 0;
    out[column.name] = value ?? null;
  }
  return out;
}

/**
 * One row as one line of JSON. JSON.stringify leaves U+2028 and U+2029 raw, and some line
 * readers break lines there; escaped, every line-based tool sees one row per line.
 */
function jsonLine(row: Record<string, unknown>): string {
  return JSON.stringify(row).replace(
    /[\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16)}`,
  );
}

async function writeTable(
  trx: Untyped,
  table: BackedUpTable,
  columns: ColumnInfo[],
  file: string,
): Promise<number> {
  const out = createWriteStream(file, { mode: 0o600 });
  let rows = 0;
  try {
    // Keyset paging by id: each page starts where the last ended, however big the table.
    for (let last: number | null = null; ;) {
      let query = trx.selectFrom(table).selectAll().orderBy('id').limit(PAGE_ROWS);
      if (last !== null) query = query.where('id', '>', last);
      const page: Record<string, unknown>[] = await query.execute();
      for (const row of page) {
        if (!out.write(`${jsonLine(neutralRow(row, columns))}\n`)) await once(out, 'drain');
      }
      rows += page.length;
      if (page.length < PAGE_ROWS) break;
      last = Number(page.at(-1)!.id);
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return rows;
}

/**
 * Copies the uploaded files into the staging folder, read through the uploads' storage (the
 * folder or the bucket). A copy: the archive must hold the bytes its manifest's checksum was
 * taken of.
 */
async function copyUploads(
  uploads: Storage,
  target: string,
  signal?: AbortSignal,
): Promise<number> {
  let copied = 0;
  for await (const { key } of uploads.list()) {
    signal?.throwIfAborted();
    // Gone since it was listed: the snapshot's rows may still name it, as they would have a
    // moment earlier; nothing to copy.
    if (await download(uploads, key, join(target, ...key.split('/')))) copied++;
  }
  return copied;
}

export interface Snapshot {
  schemaVersion: string;
  tables: Partial<Record<BackedUpTable, TableEntry>>;
  files: number;
}

/**
 * Writes every backed-up table into `stage/data` and the uploads into `stage/uploads`, reading
 * all tables in one read transaction, so the archive is one moment of the database.
 * - PostgreSQL: REPEATABLE READ READ ONLY, a snapshot taken at the first query; writers go on.
 * - SQLite (WAL): a read transaction sees the database as at its first read, and writers in
 *   other connections go on meanwhile. `db` must be a connection of the backup's own: on the
 *   server's connection every other query would wait for the transaction to end.
 */
export async function writeSnapshot(
  db: Db,
  stage: string,
  uploads: Storage,
  signal?: AbortSignal,
): Promise<Snapshot> {
  await mkdir(join(stage, 'data'), { recursive: true, mode: 0o700 });
  await mkdir(join(stage, 'uploads'), { recursive: true, mode: 0o700 });
  const read = async (trx: Transaction<Database>): Promise<Snapshot> => {
    const untyped = trx as unknown as Untyped;
    // The first read fixes the snapshot.
    const version = await schemaVersion(untyped);
    // Listed right after: an upload made later may come along unreferenced, which is harmless.
    const files = await copyUploads(uploads, join(stage, 'uploads'), signal);
    const described = await describeTables(untyped);
    const tables: Snapshot['tables'] = {};
    for (const table of TABLES) {
      signal?.throwIfAborted();
      const columns = described.get(table);
      // A table newer than this database's schema: nothing to back up.
      if (!columns) continue;
      const rows = await writeTable(untyped, table, columns, join(stage, dataFile(table)));
      tables[table] = { rows, columns: columns.map((column) => column.name) };
    }
    return { schemaVersion: version, tables, files };
  };
  return readConsistently(db, read);
}
