import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, defaultBackupFile } from '../../src/backup/archive.ts';
import { restoreBackup } from '../../src/backup/restore.ts';
import { BACKUP_JOB } from '../../src/backup/schedule.ts';
import { createStorage } from '../../src/storage/index.ts';
import { loadConfig } from '../../src/config.ts';
import { MIGRATION_NAMES } from '../../src/db/migrate.ts';
import { listJobs } from '../../src/db/repositories/jobs.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { TestClock } from '../helpers/clock.ts';
import { createPostgresDatabase, skipReason, TEST_DB } from '../helpers/database.ts';

// Scheduled backups: a kind of job on the durable runner that writes an archive
// into BACKUP_DIR once per interval across instances and keeps BACKUP_KEEP of its own; "back
// up now", the list and the download, for administrators only; the staleness warning. Time is
// a test clock moved on by the tests: the schedule passes in no real time.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = 'backup-password-1';
const AUTO_NAME = /^conveyor-auto-(\d{8}-\d{6})-(\d+)\.tar\.gz$/;

/** Lets every instance's runner take what is due now, until none has anything left. */
async function settle(...apis: TestApi[]) {
  for (let round = 0; round < 3; round++) {
    for (const api of apis) api.app.jobs.wake();
    await Promise.all(apis.map((api) => api.app.jobs.idle()));
  }
}

const autoArchives = async (dir: string) =>
  (await readdir(dir)).filter((name) => AUTO_NAME.test(name)).sort();

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function status(api: TestApi, token: string) {
  const reply = await api.request('GET', '/api/backups', { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}

describe.skipIf(skipReason)(`scheduled backups on ${TEST_DB}`, () => {
  const clock = new TestClock(Date.parse('2026-11-24T09:30:00.000Z'));
  const schedule = { BACKUP_INTERVAL_HOURS: 24, BACKUP_KEEP: 2 };
  let api: TestApi;
  let second: TestApi;
  let admin: string;
  let dir: string;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false, ...schedule }, { clock });
    second = await startApi(
      {
        DATA_DIR: api.dataDir,
        DATABASE_URL: api.config.databaseUrl ?? '',
        SEED_DEMO: false,
        ...schedule,
      },
      { clock },
    );
    admin = await api.signIn();
    dir = api.config.backup.dir;
  });

  afterAll(async () => {
    await second?.close();
    await api?.close();
  });

  it('writes one archive per period, whichever of two instances takes it', async () => {
    expect(dir).toBe(join(api.dataDir, 'backups'));
    await settle(api, second);
    expect(await autoArchives(dir)).toEqual([
      expect.stringMatching(/^conveyor-auto-20261124-093000-\d+\.tar\.gz$/),
    ]);

    clock.advance(12 * HOUR);
    await settle(api, second);
    expect(await autoArchives(dir)).toHaveLength(1);

    clock.advance(12 * HOUR);
    await settle(api, second);
    const names = await autoArchives(dir);
    expect(names).toHaveLength(2);
    expect(names[1]).toMatch(/^conveyor-auto-20261125-093000-/);
    const jobs = await listJobs(api.app.db.kysely, { kind: BACKUP_JOB });
    expect(jobs.map((job) => [job.status, job.uniqueKey])).toEqual([
      ['done', `${BACKUP_JOB}@2026-11-25T00:00:00.000Z`],
      ['done', `${BACKUP_JOB}@2026-11-24T00:00:00.000Z`],
    ]);
  });

  it('keeps the newest BACKUP_KEEP of its own archives and touches nothing else', async () => {
    const taken = new Date('2026-01-02T03:04:05Z');
    await createBackup({
      ...api.app.backupSchedule,
      file: defaultBackupFile(dir, taken),
      now: taken,
    });
    await writeFile(join(dir, 'notes.txt'), 'kept by hand');
    for (let day = 0; day < 2; day++) {
      clock.advance(DAY);
      await settle(api, second);
    }
    const names = await autoArchives(dir);
    expect(names.map((name) => AUTO_NAME.exec(name)![1])).toEqual([
      '20261126-093000',
      '20261127-093000',
    ]);
    const all = await readdir(dir);
    expect(all).toContain('conveyor-20260102-030405.tar.gz');
    expect(all).toContain('notes.txt');
    // no staging folder or partial file is left behind
    expect(all.filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('backs up now: 202 with the job, then the archive is listed with what it holds', async () => {
    const lead = await api.request('POST', '/api/leads', {
      json: { name: 'Backup Lead', phone: '+998901234567' },
    });
    expect(lead.status).toBe(201);
    const asked = await api.request('POST', '/api/backups', { token: admin, json: {} });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const job = asked.body.data;
    expect(job).toMatchObject({ id: expect.any(Number), status: expect.any(String) });
    await settle(api, second);

    const state = await status(api, admin);
    const made = state.archives.find((archive: { name: string }) =>
      archive.name.endsWith(`-${job.id}.tar.gz`),
    );
    expect(made).toEqual({
      name: expect.stringMatching(AUTO_NAME),
      bytes: expect.any(Number),
      createdAt: new Date(clock.now()).toISOString(),
      auto: true,
      summary: {
        dialect: TEST_DB,
        schemaVersion: MIGRATION_NAMES.at(-1),
        tables: expect.objectContaining({ leads: 1, users: 1 }),
        uploads: 0,
      },
    });
    const onDisk = await readFile(join(dir, made.name));
    expect(made.bytes).toBe(onDisk.length);
    // newest first; the manual archive is listed and not the job's
    expect(state.archives[0].name).toBe(made.name);
    expect(state.archives.at(-1)).toMatchObject({
      name: 'conveyor-20260102-030405.tar.gz',
      auto: false,
    });
    expect(state.archives).toHaveLength(3); // BACKUP_KEEP of the job's, and the manual one
    expect(state).toMatchObject({
      schedule: { enabled: true, intervalHours: 24, keep: 2 },
      pending: null,
      lastFailure: null,
      lastGoodAt: made.createdAt,
      stale: false,
    });
  });

  it('downloads an archive as an attachment, and only an archive of the folder', async () => {
    const { archives } = await status(api, admin);
    const { name } = archives[0];
    const reply = await fetch(`${api.url}/api/backups/${name}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/gzip');
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    const body = new Uint8Array(await reply.arrayBuffer());
    expect(sha256(body)).toBe(sha256(await readFile(join(dir, name))));
    // a copy of all the personal data taken away is on record
    const log = await api.request('GET', '/api/activity?action=backup_download', { token: admin });
    expect(log.body.data[0]).toMatchObject({
      resource: 'backups',
      user_name: 'admin',
      details: { name },
    });

    // a link with an archive's name, leading out of the folder, is not an archive
    const trap = 'conveyor-20200101-000000.tar.gz';
    await symlink(
      api.config.databaseUrl ? '/etc/hostname' : api.config.sqliteFile,
      join(dir, trap),
    );
    const get = (path: string) => api.request('GET', `/api/backups/${path}`, { token: admin });
    expect((await get(trap)).status).toBe(404);
    expect((await status(api, admin)).archives.map((a: { name: string }) => a.name)).not.toContain(
      trap,
    );
    expect((await get('conveyor-20000101-000000.tar.gz')).status).toBe(404);
    for (const path of [
      '..%2Fcatalogue.sqlite',
      '..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      `%2E%2E%2Fbackups%2F${name}`,
      `${name}%2F..%2F..%2Fcatalogue.sqlite`,
      'notes.txt',
      `${name.slice(0, -'.tar.gz'.length)}.tar.gz.partial`,
    ]) {
      const refused = await get(path);
      expect(refused.status, path).toBe(400);
      expect(refused.body.code).toBe('validation');
    }
    await rm(join(dir, trap));
  });

  it('makes archives that restore: the lead comes back in a new database', async () => {
    const { archives } = await status(api, admin);
    const place = await mkdtemp(join(tmpdir(), 'conveyor-restore-'));
    const postgres = TEST_DB === 'postgres' ? await createPostgresDatabase() : null;
    try {
      const target = loadConfig({ DATA_DIR: place, DATABASE_URL: postgres?.url ?? '' });
      const restored = await restoreBackup({
        databaseUrl: target.databaseUrl,
        sqliteFile: target.sqliteFile,
        uploads: createStorage(target),
        dataDir: target.dataDir,
        file: join(dir, archives[0].name),
      });
      expect(restored.source).toMatchObject({ dialect: TEST_DB });
      expect(restored.tables).toMatchObject({ leads: 1, users: 1 });
    } finally {
      await postgres?.drop();
      await rm(place, { recursive: true, force: true });
    }
  });

  it('refuses every other role (403) and anonymous callers (401), and queues nothing for them', async () => {
    const { archives } = await status(api, admin);
    const tokens: string[] = [];
    for (const role of ['editor', 'sales'] as const) {
      const created = await api.request('POST', '/api/users', {
        token: admin,
        json: {
          user_name: `backup-${role}`,
          password: PASSWORD,
          email: `${role}@example.uz`,
          role,
        },
      });
      expect(created.status).toBe(201);
      tokens.push(await api.signIn(`backup-${role}`, PASSWORD));
    }
    const before = (await listJobs(api.app.db.kysely, { kind: BACKUP_JOB })).length;
    const body = (method: string) => (method === 'POST' ? { json: {} } : {});
    const calls = [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['GET', `/api/backups/${archives[0].name}`],
    ] as const;
    for (const [method, path] of calls) {
      for (const token of tokens) {
        const reply = await api.request(method, path, { token, ...body(method) });
        expect(reply.status, `${method} ${path}`).toBe(403);
        expect(reply.body.code).toBe('forbidden');
      }
      const anonymous = await api.request(method, path, body(method));
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.code).toBe('unauthorized');
    }
    expect(await listJobs(api.app.db.kysely, { kind: BACKUP_JOB })).toHaveLength(before);
  });
});

describe.skipIf(skipReason)(`backup failures and staleness on ${TEST_DB}`, () => {
  const clock = new TestClock(Date.parse('2026-11-24T10:00:00.000Z'));
  let api: TestApi;
  let admin: string;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false, BACKUP_INTERVAL_HOURS: 1, BACKUP_KEEP: 5 }, { clock });
    admin = await api.signIn();
  });
  afterAll(() => api?.close());

  it('records a failed backup, retries it, and flags the last good one once two intervals old', async () => {
    await settle(api);
    let state = await status(api, admin);
    expect(state.archives).toHaveLength(1);
    expect(state).toMatchObject({
      lastGoodAt: '2026-11-24T10:00:00.000Z',
      lastFailure: null,
      stale: false,
    });

    // the uploads' storage is gone (a mount that did not come back): backups fail
    const uploads = api.config.uploadsDir;
    await rename(uploads, `${uploads}.away`);
    await writeFile(uploads, 'not a folder');
    clock.advance(HOUR);
    await settle(api);
    state = await status(api, admin);
    expect(state.archives).toHaveLength(1);
    expect(state.lastFailure).toEqual({
      at: '2026-11-24T11:00:00.000Z',
      error: expect.stringContaining('ENOTDIR'),
      retryAt: expect.any(String),
    });
    expect(Date.parse(state.lastFailure.retryAt)).toBeGreaterThan(clock.now());
    expect(state.pending).toMatchObject({ status: 'queued', attempts: 1 });
    expect(state.stale).toBe(false);

    // two intervals without a good backup: stale, and the retries have failed too
    clock.advance(HOUR);
    await settle(api);
    expect((await status(api, admin)).stale).toBe(false); // exactly two intervals: not yet
    clock.advance(60_000);
    await settle(api);
    state = await status(api, admin);
    expect(state.stale).toBe(true);
    expect(state.lastGoodAt).toBe('2026-11-24T10:00:00.000Z');
    const failed = (await listJobs(api.app.db.kysely, { kind: BACKUP_JOB })).filter(
      (job) => job.lastError !== null,
    );
    expect(failed.reduce((tries, job) => tries + job.attempts, 0)).toBeGreaterThan(2);

    // the storage is back: "back up now" works and clears both
    await rm(uploads);
    await rename(`${uploads}.away`, uploads);
    const asked = await api.request('POST', '/api/backups', { token: admin, json: {} });
    expect(asked.status).toBe(202);
    await settle(api);
    state = await status(api, admin);
    expect(state.archives.length).toBeGreaterThan(1);
    expect(state).toMatchObject({ lastFailure: null, stale: false });
    expect(state.lastGoodAt).toBe(new Date(clock.now()).toISOString());
  });
});

describe.skipIf(skipReason)(`backups without a schedule on ${TEST_DB}`, () => {
  let api: TestApi;
  afterAll(() => api?.close());

  it('makes no archive by itself, never warns, and still backs up on request', async () => {
    const clock = new TestClock(Date.parse('2026-11-24T10:00:00.000Z'));
    api = await startApi({ SEED_DEMO: false }, { clock });
    const admin = await api.signIn();
    await settle(api);
    clock.advance(30 * DAY);
    await settle(api);
    let state = await status(api, admin);
    expect(state).toMatchObject({
      schedule: { enabled: false, intervalHours: 0, keep: 7 },
      archives: [],
      pending: null,
      lastGoodAt: null,
      stale: false,
    });
    const asked = await api.request('POST', '/api/backups', { token: admin, json: {} });
    expect(asked.status).toBe(202);
    await settle(api);
    state = await status(api, admin);
    expect(state.archives).toHaveLength(1);
    expect(state.stale).toBe(false);
  });
});
