import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Which database this test run uses: the vitest project sets TEST_DB. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Why PostgreSQL cannot be reached, or null when it answers. */
export async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Why the database tests cannot run here, or null when they can. PostgreSQL tests skip, with
 * the reason, where no server answers; under CI they fail instead, because CI must test both.
 */
export const skipReason: string | null = await (async () => {
  if (TEST_DB !== 'postgres') return null;
  const problem = await postgresReachable();
  if (!problem) return null;
  const message = `PostgreSQL at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')} is not reachable (${problem})`;
  if (process.env.CI) throw new Error(`${message}; CI must run the PostgreSQL tests`);
  console.warn(`skipping PostgreSQL tests: ${message}`);
  return message;
})();

/**
 * A PostgreSQL database of the test's own, and a function that drops it; a copy of `template`
 * when given (helpers/templates.ts).
 */
export async function createPostgresDatabase(template?: string | null): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `conveyor_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        // pg's Pool.end() resolves before its clients' sockets have closed; dropping WITH
        // (FORCE) at once would kill those sessions and make the closing client throw. Wait
        // for them to go, and force only as a last resort.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) {
              await client.query(`drop database if exists ${name} with (force)`);
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file: each test's database starts as a copy of it. */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database: each test's database is created from it. */
    postgresTemplate: string | null;
  }
}

/**
 * The migrated databases this run starts each test's database from (helpers/templates.ts,
 * vitest's global setup of the API projects); none outside vitest or where it did not run.
 */
export async function migratedTemplates(): Promise<{ sqlite?: string; postgres?: string | null }> {
  try {
    const { inject } = await import('vitest');
    return { sqlite: inject('sqliteTemplate'), postgres: inject('postgresTemplate') };
  } catch {
    return {};
  }
}
