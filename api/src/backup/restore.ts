import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { connect } from '../db/connect.ts';
import { appliedVersion, MIGRATION_NAMES, migrateToLatest, migrateUpTo } from '../db/migrate.ts';
import type { DatabaseTarget } from './archive.ts';
import { archiveRows, openArchive, type OpenedArchive } from './unpack.ts';
import { holdWork, restoreWorkPrefix } from './leftovers.ts';
import { BackupError, type EXCLUDED, type Manifest, SELF_MADE, TABLES } from './format.ts';
import { type ColumnInfo, describeTables, type Untyped } from './snapshot.ts';
import { archivedUploads, deleteUploads, putUploads, storedKeys } from './uploads.ts';

export interface RestoreOptions extends DatabaseTarget {
  file: string;
  /** DATA_DIR: the archive is unpacked and checked in a folder there. */
  dataDir: string;
  /** Replace a target that holds data of its own. */
  force?: boolean;
}

export interface RestoreSummary {
  /** The database restored into. */
  dialect: 'sqlite' | 'postgres';
  /** Where the archive was taken from: its database, schema version and time. */
  source: { dialect: 'sqlite' | 'postgres'; schemaVersion: string; createdAt: string };
  tables: Record<string, number>;
  /** The migrations run after the rows were in (the archive's schema was older). */
  migrated: string[];
  files: number;
  /** Files the uploads held that the archive does not (removed: a forced restore). */
  removedFiles: number;
}

/**
 * Most parameters one INSERT binds; SQLite allows 32,766 and PostgreSQL 65,535. A batch holds
 * as many rows as fit, so a big table goes in a few hundred rows at a time.
 */
const MAX_PARAMETERS = 8000;

/**
 * Whether the archive's tables and columns fit the target's schema. Checked once the target is
 * migrated, so its schema may have moved on; its data has not ("No data was changed").
 */
function checkSchema(manifest: Manifest, target: Map<string, ColumnInfo[]>): void {
  const known = new Set<string>(TABLES);
  for (const [table, entry] of Object.entries(manifest.tables)) {
    const columns = target.get(table);
    if (!known.has(table) || !columns) {
      throw new BackupError(
        `The archive holds table ${table}, which this version of conveyor does not have. No data was changed.`,
      );
    }
    const names = new Set(columns.map((column) => column.name));
    const gone = entry.columns.filter((column) => !names.has(column));
    if (gone.length) {
      // Dropping them would lose data without anyone deciding so.
      throw new BackupError(
        `The archive's ${table} has columns this database no longer has (${gone.join(', ')}): restoring would lose them. No data was changed.`,
      );
    }
    // Columns added since the archive was made take their defaults; one without a default
    // cannot be filled.
    const required = columns.filter(
      (column) => !column.nullable && !column.hasDefault && !entry.columns.includes(column.name),
    );
    if (required.length) {
      throw new BackupError(
        `The archive's ${table} lacks ${required.map((column) => column.name).join(', ')}, which this database requires. No data was changed.`,
      );
    }
  }
}

/**
 * What the target holds that a restore would replace, in words, or null when it is empty. A
 * database a server has only started on counts as empty: it holds the first admin account,
 * the settings records and scheduled jobs, all made by the server itself.
 */
async function dataOfItsOwn(
  db: Untyped,
  target: Map<string, ColumnInfo[]>,
): Promise<string | null> {
  const held: string[] = [];
  for (const table of TABLES) {
    if (!target.has(table)) continue;
    const { count } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const rows = Number(count);
    const own = table === 'users' ? rows > 1 : !SELF_MADE.includes(table) && rows > 0;
    if (own) held.push(`${table}: ${rows}`);
  }
  return held.length ? held.join(', ') : null;
}

/** The archive's value in the target's terms: a 0/1 from an older archive becomes a boolean. */
function toTarget(value: unknown, column: ColumnInfo): unknown {
  if (column.boolean && typeof value === 'number') return value !== 0;
  return value;
}

async function insertTable(
  db: Untyped,
  archive: OpenedArchive,
  table: (typeof TABLES)[number],
  columns: ColumnInfo[],
): Promise<number> {
  const byName = new Map(columns.map((column) => [column.name, column]));
  const width = archive.manifest.tables[table]!.columns.length || 1;
  const batchRows = Math.max(1, Math.floor(MAX_PARAMETERS / width));
  let batch: Record<string, unknown>[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length) await db.insertInto(table).values(batch).execute();
    rows += batch.length;
    batch = [];
  };
  for await (const row of archiveRows(archive, table)) {
    const values: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(row))
      values[name] = toTarget(value, byName.get(name)!);
    batch.push(values);
    if (batch.length >= batchRows) await flush();
  }
  await flush();
  return rows;
}

/**
 * PostgreSQL hands out ids from a sequence that explicit ids do not move: set each to follow
 * the highest id restored, or the next record would collide. (SQLite follows by itself.)
 */
async function resetSequences(db: Untyped, target: Map<string, ColumnInfo[]>): Promise<void> {
  for (const table of TABLES) {
    if (!target.get(table)?.some((column) => column.name === 'id')) continue;
    await sql`select setval(seq, coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)
      from (select pg_get_serial_sequence(${table}, 'id') as seq) as s where seq is not null`.execute(
      db,
    );
  }
}

/**
 * Restores an archive into the database and uploads' storage given. In order:
 * 1. unpack it under DATA_DIR and check every file and count against the manifest; a damaged
 *    or truncated archive is refused before anything is touched;
 * 2. migrate the target to the archive's schema version, or where the target is past it
 *    already, to the latest; check the archive's tables and columns fit;
 * 3. refuse a target with data of its own (rows, or uploads the archive does not hold) unless
 *    `force`;
 * 4. put the archive's files into the uploads' storage; then in one transaction: empty the
 *    backed-up tables (and the sessions: a token must not outlive its user's replacement),
 *    insert the rows in foreign-key order, move PostgreSQL's id sequences past them. A failure
 *    rolls the rows back and deletes the files that were not there before. Once the rows are
 *    in, the files the archive does not hold are deleted: the uploads match the archive;
 * 5. run the migrations newer than the archive, so their changes to data (a renamed status, a
 *    column filled from another) reach the restored rows as they reached the live ones. A
 *    target already past the archive's schema cannot go back: there, columns added since
 *    take their defaults and those changes are missed.
 * The server should be stopped meanwhile: it would see the tables half replaced.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const file = resolve(options.file);
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(join(resolve(options.dataDir), restoreWorkPrefix()));
  const release = holdWork(work);
  try {
    const archive = await openArchive(file, work);
    const { manifest } = archive;
    if (!MIGRATION_NAMES.includes(manifest.schema_version)) {
      throw new BackupError(
        `The archive was made by a newer version of conveyor (schema ${manifest.schema_version}); update conveyor first. Nothing was changed.`,
      );
    }
    const db = connect({ databaseUrl: options.databaseUrl, sqliteFile: options.sqliteFile });
    try {
      const untyped = db.kysely as unknown as Untyped;
      // Asked before migrating, so that a refused target keeps its schema too.
      const own = await dataOfItsOwn(untyped, await describeTables(untyped));
      const uploads = archivedUploads(manifest);
      const present = await storedKeys(options.uploads);
      const archived = new Set(uploads);
      const extra = [...present].filter((key) => !archived.has(key));
      if ((own || extra.length) && !options.force) {
        const held = [
          own && `The target database holds data of its own (${own})`,
          extra.length &&
            `${own ? 'its' : "The target's"} uploads (${options.uploads.location}) hold ${extra.length} files the archive does not`,
        ].filter(Boolean);
        throw new BackupError(
          `${held.join('; ')}. A restore replaces all of it: run it again with --force to do so. Nothing was changed.`,
        );
      }
      const current = await appliedVersion(db.kysely);
      const atArchiveSchema = current === null || current <= manifest.schema_version;
      if (atArchiveSchema) await migrateUpTo(db.kysely, manifest.schema_version);
      else await migrateToLatest(db.kysely);
      const target = await describeTables(untyped);
      checkSchema(manifest, target);

      // Put before the rows go in, so that a bucket refusing them leaves the database as it was.
      const added = await putUploads(options.uploads, work, uploads, present);
      const tables: Record<string, number> = {};
      try {
        await db.kysely.transaction().execute(async (trx) => {
          const t = trx as unknown as Untyped;
          await t.deleteFrom('sessions' satisfies keyof typeof EXCLUDED).execute();
          for (const table of [...TABLES].reverse()) {
            if (target.has(table)) await t.deleteFrom(table).execute();
          }
          for (const table of TABLES) {
            if (!manifest.tables[table]) continue;
            tables[table] = await insertTable(t, archive, table, target.get(table)!);
          }
          if (db.dialect === 'postgres') await resetSequences(t, target);
        });
      } catch (error) {
        await deleteUploads(options.uploads, added);
        throw error;
      }
      // The rows are in: the files no restored record can name go. A failure here is reported
      // after the migrations, which must run whatever happens to the files.
      const leftOver = await deleteUploads(options.uploads, extra).then(
        () => null,
        (error: unknown) => error as Error,
      );
      let migrated: string[] = [];
      if (atArchiveSchema) {
        try {
          migrated = await migrateToLatest(db.kysely);
        } catch (error) {
          throw new BackupError(
            `The archive was restored at its schema ${manifest.schema_version}, but bringing it up to date failed (${(error as Error).message}). The server retries the migration when it starts.`,
            { cause: error },
          );
        }
      }
      if (leftOver) {
        throw new BackupError(
          `The archive was restored, but removing the files it does not hold from the uploads failed (${leftOver.message}); they are unused and may be deleted.`,
          { cause: leftOver },
        );
      }
      return {
        dialect: db.dialect,
        source: {
          dialect: manifest.dialect,
          schemaVersion: manifest.schema_version,
          createdAt: manifest.created_at,
        },
        tables,
        migrated,
        files: uploads.length,
        removedFiles: extra.length,
      };
    } finally {
      await db.destroy();
    }
  } finally {
    await rm(work, { recursive: true, force: true, maxRetries: 3 });
    release();
  }
}
