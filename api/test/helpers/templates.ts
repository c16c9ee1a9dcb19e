import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createPostgresDatabase, postgresReachable } from './database.ts';

/**
 * Vitest's global setup of the API's test projects: the databases' schema, migrated once per
 * run, so that each of the many test databases starts as a copy rather than running every
 * migration again (a PostgreSQL database is created from the template, a SQLite file copied).
 * The app still migrates at its start, which finds nothing to do; the migrations themselves are
 * tested from an empty database (api/test/backup/backup.test.ts, revisions/revisions.test.ts,
 * the first start).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'conveyor-template-'));
  const sqliteTemplate = join(dir, 'template.sqlite');
  const sqlite = connect({ databaseUrl: null, sqliteFile: sqliteTemplate });
  await migrateToLatest(sqlite.kysely);
  await sqlite.destroy();
  project.provide('sqliteTemplate', sqliteTemplate);

  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  if (project.config.env?.TEST_DB === 'postgres' && (await postgresReachable()) === null) {
    postgres = await createPostgresDatabase();
    const db = connect({ databaseUrl: postgres.url, sqliteFile: '' });
    await migrateToLatest(db.kysely);
    await db.destroy();
  }
  // where PostgreSQL does not answer, the tests say so themselves (helpers/database.ts)
  project.provide('postgresTemplate', postgres ? new URL(postgres.url).pathname.slice(1) : null);

  return async () => {
    await postgres?.drop();
    await rm(dir, { recursive: true, force: true });
  };
}
