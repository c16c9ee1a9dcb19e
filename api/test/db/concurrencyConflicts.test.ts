import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConcurrencyConflict, isUniqueViolation } from '../../src/lib/dbErrors.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason, TEST_DB } from '../helpers/database.ts';
import { file } from '../helpers/images.ts';

// A request whose transaction the database gives up for another running into it at the same
// moment (PostgreSQL's deadlock or serialization failure, SQLite's busy file) is answered 409
// concurrentChange: nothing of it was kept, and the same request again succeeds. Never a 500.

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

describe('isConcurrencyConflict', () => {
  it('knows PostgreSQL deadlocks and serialization failures, and nothing else of PostgreSQL', () => {
    expect(isConcurrencyConflict({ code: '40P01' })).toBe(true);
    expect(isConcurrencyConflict({ code: '40001' })).toBe(true);
    for (const code of ['23505', '23503', '40002', '57014', undefined]) {
      expect(isConcurrencyConflict({ code }), String(code)).toBe(false);
    }
    expect(isConcurrencyConflict(null)).toBe(false);
    expect(isConcurrencyConflict(new Error('deadlock detected'))).toBe(false);
  });

  it("knows SQLite's busy file by its result code, extended or not, and no other SQLite error", () => {
    const sqlite = (errcode: number) => ({ code: 'ERR_SQLITE_ERROR', errcode });
    expect(isConcurrencyConflict(sqlite(5))).toBe(true); // SQLITE_BUSY
    expect(isConcurrencyConflict(sqlite(517))).toBe(true); // SQLITE_BUSY_SNAPSHOT
    expect(isConcurrencyConflict(sqlite(2067))).toBe(false); // a unique violation
    expect(isConcurrencyConflict(sqlite(1))).toBe(false);
    // the errcode of another kind of error is not SQLite's
    expect(isConcurrencyConflict({ code: 'ERR_OTHER', errcode: 5 })).toBe(false);
  });

  it('recognises the error node:sqlite throws when another connection holds the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conveyor-busy-'));
    const holder = new DatabaseSync(join(dir, 'db.sqlite'));
    const other = new DatabaseSync(join(dir, 'db.sqlite'), { timeout: 0 });
    try {
      holder.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x INTEGER UNIQUE)');
      holder.exec('BEGIN IMMEDIATE; INSERT INTO t VALUES (1)');
      let thrown: unknown;
      try {
        other.exec('INSERT INTO t VALUES (2)');
      } catch (error) {
        thrown = error;
      }
      expect(isConcurrencyConflict(thrown)).toBe(true);
      holder.exec('COMMIT');
      // and a constraint violation of the same driver is not one
      try {
        other.exec('INSERT INTO t VALUES (1)');
      } catch (error) {
        thrown = error;
      }
      expect([isConcurrencyConflict(thrown), isUniqueViolation(thrown)]).toEqual([false, true]);
    } finally {
      holder.close();
      other.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(skipReason)(`a request that meets a concurrent transaction on ${TEST_DB}`, () => {
  let api: TestApi;
  let token: string;
  let productId: number;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    token = await api.signIn();
    const categoryId = (
      await api.request('POST', '/api/categories', { token, json: { name_en: 'Belt conveyors' } })
    ).body.data.id as number;
    productId = (
      await api.request('POST', '/api/products', {
        token,
        json: { name_en: 'LK-500', category_id: categoryId },
      })
    ).body.data.id as number;
  });
  afterAll(() => api?.close());

  const upload = (title: string) => {
    const body = new FormData();
    body.append('kind', 'datasheet');
    body.append('title_en', title);
    body.append('product_id', String(productId));
    body.append('file', file(PDF, `${title}.pdf`, 'application/pdf'));
    return api.request('POST', '/api/documents', { token, form: body });
  };
  /** The document files in storage: a refused upload leaves none behind. */
  const storedFiles = async () =>
    (
      await readdir(join(api.dataDir, 'uploads', 'documents'), {
        recursive: true,
        withFileTypes: true,
      }).catch(() => [])
    ).filter((entry) => entry.isFile()).length;
  const titles = async () =>
    (
      (await api.request('GET', `/api/documents?product_id=${productId}`, { token })).body.data as {
        title_en: string;
      }[]
    ).map((document) => document.title_en);

  it.runIf(TEST_DB === 'postgres')(
    'gets 409 concurrentChange when PostgreSQL breaks its deadlock, keeps nothing, and succeeds again',
    async () => {
      const client = new pg.Client({ connectionString: api.config.databaseUrl! });
      await client.connect();
      try {
        // this session waits long before it looks for a deadlock: the API's transaction,
        // waiting since earlier, finds it and is the one PostgreSQL rolls back
        await client.query("SET deadlock_timeout = '30s'");
        await client.query('BEGIN');
        // as a delete of the product would: its row, held first
        await client.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [productId]);
        // the upload inserts its document, then waits for the product's row (lockOwner)
        const answer = upload('Datasheet');
        await expect
          .poll(
            async () =>
              (
                await client.query(
                  `SELECT count(*)::int AS n FROM pg_stat_activity
                   WHERE datname = current_database() AND pid <> pg_backend_pid()
                     AND wait_event_type = 'Lock'`,
                )
              ).rows[0].n as number,
            { timeout: 10_000 },
          )
          .toBe(1);
        // and this transaction now waits for the upload's document: each waits for the other
        await client.query('LOCK TABLE documents IN SHARE MODE');
        const reply = await answer;
        expect([reply.status, reply.body.code, reply.body.error]).toEqual([
          409,
          'concurrentChange',
          'Someone else changed this at the same moment; try again',
        ]);
        await client.query('ROLLBACK');
      } finally {
        await client.end();
      }
      expect(await titles()).toEqual([]);
      expect(await storedFiles()).toBe(0);
      const again = await upload('Datasheet');
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(await titles()).toEqual(['Datasheet']);
    },
  );

  it.runIf(TEST_DB === 'postgres')(
    "recognises the error pg gives for PostgreSQL's serialization failure",
    async () => {
      // Two REPEATABLE READ transactions that each change the row both read: PostgreSQL
      // refuses the second writer (40001).
      const a = new pg.Client({ connectionString: api.config.databaseUrl! });
      const b = new pg.Client({ connectionString: api.config.databaseUrl! });
      await Promise.all([a.connect(), b.connect()]);
      let failure: unknown;
      try {
        await a.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
        await b.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
        await a.query('SELECT id FROM products WHERE id = $1', [productId]);
        await b.query('SELECT id FROM products WHERE id = $1', [productId]);
        await a.query("UPDATE products SET name_en = 'A' WHERE id = $1", [productId]);
        const second = b
          .query("UPDATE products SET name_en = 'B' WHERE id = $1", [productId])
          .catch((error: unknown) => {
            failure = error;
          });
        await a.query('COMMIT');
        await second;
        await b.query('ROLLBACK');
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
      expect((failure as { code?: string }).code).toBe('40001');
      expect(isConcurrencyConflict(failure)).toBe(true);
    },
  );

  it.runIf(TEST_DB === 'sqlite')(
    "gets 409 concurrentChange when another process holds SQLite's file past the wait",
    async () => {
      const holder = new DatabaseSync(api.config.sqliteFile);
      try {
        // a command-line tool in the middle of a write, longer than the server waits (5 s)
        holder.exec('BEGIN IMMEDIATE');
        const reply = await upload('Held');
        expect([reply.status, reply.body.code]).toEqual([409, 'concurrentChange']);
        holder.exec('ROLLBACK');
      } finally {
        holder.close();
      }
      expect(await titles()).not.toContain('Held');
      expect(await storedFiles()).toBe(0);
      const again = await upload('Held');
      expect(again.status, JSON.stringify(again.body)).toBe(201);
    },
    20_000,
  );
});
