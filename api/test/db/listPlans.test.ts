import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListParams, TableRepository } from '../../src/db/repositories/table.ts';
import { leads, products } from '../../src/db/repositories/tables.ts';
import type { Database } from '../../src/db/types.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { skipReason, TEST_DB } from '../helpers/database.ts';

// The lists the back office opens first read their page in order from an index and stop at its
// end, on each database: at ten thousand products, a list that read and sorted the whole table
// for each page is what would make the screen slow. The plans are asked of the database itself
// (EXPLAIN); PostgreSQL is told to avoid table scans and sorts wherever it has another way, so
// that on a test's few rows it still shows the path it takes on many.

/**
 * What makes a plan read the whole table, or sort it, per database (SQLite's SCAN of a table in
 * its own order, by id, reads in order and stops as an index would).
 */
const WHOLE_TABLE = {
  sqlite: /USE TEMP B-TREE FOR ORDER BY/,
  postgres: /Seq Scan|(^|\s)Sort\b/m,
};

async function plan(db: Kysely<Database>, query: CompiledQuery): Promise<string> {
  if (TEST_DB === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    return rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_sort = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
      ...query,
      sql: `explain ${query.sql}`,
    });
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe.skipIf(skipReason)('the back office lists at scale', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api?.close());

  const page = (params: Partial<ListParams>): ListParams => ({
    page: 3,
    limit: 25,
    activeOnly: false,
    ...params,
  });
  const cases: [string, TableRepository<unknown>, ListParams][] = [
    ...(['uz', 'ru', 'en'] as const).map(
      (lang) =>
        [
          `products by name (${lang}), as the list opens`,
          products as TableRepository<unknown>,
          page({ sort: `name_${lang}`, order: 'asc' }),
        ] as [string, TableRepository<unknown>, ListParams],
    ),
    [
      'products by name, backwards',
      products as TableRepository<unknown>,
      page({ sort: 'name_uz', order: 'desc' }),
    ],
    [
      'products newest first',
      products as TableRepository<unknown>,
      page({ sort: 'id', order: 'desc' }),
    ],
    [
      'requests newest first, as their list opens',
      leads as TableRepository<unknown>,
      page({ sort: 'created_at', order: 'desc' }),
    ],
  ];

  it.each(cases)('%s: read in order from an index', async (_name, repository, params) => {
    const db = api.app.db.kysely;
    const found = await plan(db, repository.pageSql(db, params));
    expect(found).not.toMatch(WHOLE_TABLE[TEST_DB]);
    // and the page it reads is a real one: the same query answers
    await expect(repository.page(db, params)).resolves.toEqual(expect.any(Array));
  });

  it('would have read the whole table without its index', async () => {
    // the test's own check: a sort no index serves shows as one
    const db = api.app.db.kysely;
    const found = await plan(
      db,
      products.pageSql(db, page({ sort: 'description_uz', order: 'asc' })),
    );
    expect(found).toMatch(WHOLE_TABLE[TEST_DB]);
  });
});
