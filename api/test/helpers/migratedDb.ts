import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Db } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createPostgresDatabase, migratedTemplates, TEST_DB } from './database.ts';

/**
 * A migrated database of the test's own (SQLite file or PostgreSQL database, as TEST_DB says),
 * without the app: for tests of the data layer. `connectAgain` opens a second connection to the
 * same database, as a second API instance would.
 */
export async function openMigratedDb(): Promise<{
  db: Db;
  connectAgain(): Db;
  close(): Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'conveyor-db-'));
  // from the run's migrated templates where there are some; migrating again finds nothing to do
  const templates = await migratedTemplates();
  const postgres = TEST_DB === 'postgres' ? await createPostgresDatabase(templates.postgres) : null;
  const options = { databaseUrl: postgres?.url ?? null, sqliteFile: join(dir, 'test.sqlite') };
  if (!postgres && templates.sqlite) await copyFile(templates.sqlite, options.sqliteFile);
  const db = connect(options);
  await migrateToLatest(db.kysely);
  const others: Db[] = [];
  return {
    db,
    connectAgain() {
      const other = connect(options);
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.destroy();
      await db.destroy();
      await postgres?.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
