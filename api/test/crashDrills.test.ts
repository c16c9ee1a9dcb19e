import { type ChildProcess, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup } from '../src/backup/archive.ts';
import { holdWork, sweepBackupLeftovers } from '../src/backup/leftovers.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/connect.ts';
import { createStorage } from '../src/storage/index.ts';
import { sweepOrphans } from '../src/storage/sweep.ts';
import { ADMIN, startApi } from './helpers/api.ts';
import { createPostgresDatabase, skipReason, TEST_DB } from './helpers/database.ts';
import { file, png } from './helpers/images.ts';
import { FAKE_COMMAND, hungCommand } from './helpers/publishing.ts';
import { ready, run } from './helpers/serverProcess.ts';
import { until as waitUntil } from './helpers/until.ts';

// Crash drills: a server killed with kill -9 in the middle of an upload, and a
// restore killed in the middle of its work, leave nothing behind after the next start: no
// stored file that no record names, no temporary file, and a restore's target as it was. A
// site build cut off so is recorded as interrupted and built again.

const CLI = fileURLToPath(new URL('../src/cli/backup.ts', import.meta.url));

/** Waits for `check`; the allowance is the whole check's load on two cores (vitest.config.ts). */
/** The drills wait long (a killed server's restart) and look often. */
const until = <T>(check: () => Promise<T | undefined | false>, timeoutMs = 90_000) =>
  waitUntil(check, timeoutMs, 5);

/** Every file under a folder, as paths relative to it (dot-files included). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

// real server processes, started three times each, and dozens of images: minutes, not seconds
describe.skipIf(skipReason)('crash drills', { timeout: 180_000 }, () => {
  const places: { dir: string; drop?: () => Promise<void> }[] = [];
  const children: ChildProcess[] = [];

  /** A data folder, and a PostgreSQL database of its own when the tests run on PostgreSQL. */
  const newPlace = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conveyor-crash-'));
    const database = TEST_DB === 'postgres' ? await createPostgresDatabase() : null;
    places.push({ dir, drop: database?.drop });
    return { dir, databaseUrl: database?.url ?? '' };
  };
  const envOf = (place: { dir: string; databaseUrl: string }) => ({
    DATA_DIR: place.dir,
    DATABASE_URL: place.databaseUrl,
    SEED_DEMO: 'false',
    SERVE_FRONTENDS: 'false',
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  /**
   * For the start after a kill: its sweep removes orphans at once (a live server waits 30
   * minutes). Only where nothing is uploaded meanwhile: the sweep runs beside the start, and at
   * once it would also take an upload's file in flight.
   */
  const SWEEP_AT_ONCE = { UPLOADS_SWEEP_GRACE_MINUTES: '0' };

  /** Starts a real server process and waits until it answers. */
  const startServer = async (
    place: { dir: string; databaseUrl: string },
    extra: Record<string, string> = {},
  ) => {
    const server = run({ ...envOf(place), ...extra });
    const { child } = server;
    children.push(child);
    await ready(server);
    const { url } = server;
    const signin = await fetch(`${url}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: ADMIN.user_name, password: ADMIN.password }),
    });
    const token = ((await signin.json()) as { data: string }).data;
    return { child, url, token };
  };
  const stop = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });

  afterAll(async () => {
    for (const child of children) await stop(child);
    for (const place of places) {
      await place.drop?.();
      await rm(place.dir, { recursive: true, force: true });
    }
  });

  it('kill -9 during an upload: after the next start no file is left that nothing names', async () => {
    const place = await newPlace();
    const uploads = join(place.dir, 'uploads');
    let server = await startServer(place);
    const auth = { authorization: `Bearer ${server.token}` };
    const category = await fetch(`${server.url}/api/categories`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name_ru: 'Ленточные' }),
    });
    const categoryId = ((await category.json()) as { data: { id: number } }).data.id;
    const kept = new FormData();
    kept.append('name_ru', 'Сохранён');
    kept.append('category_id', String(categoryId));
    kept.append('image', file(await png(64, 64), 'kept.png', 'image/png'));
    const made = await fetch(`${server.url}/api/products`, {
      method: 'POST',
      headers: auth,
      body: kept,
    });
    expect(made.status).toBe(201);
    const keptFiles = await filesUnder(uploads);
    expect(keptFiles).toHaveLength(1);

    // eight large images: stored one by one before the product's row is written
    const form = new FormData();
    form.append('name_ru', 'Не дойдёт');
    form.append('category_id', String(categoryId));
    for (let i = 0; i < 8; i++) {
      form.append('images', file(await png(1600, 1600), `${i}.png`, 'image/png'));
    }
    const upload = fetch(`${server.url}/api/products`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    upload.catch(() => undefined);
    // the moment the first of them is stored, the server dies
    await until(async () => (await filesUnder(uploads)).length > keptFiles.length, 60_000);
    await stop(server.child);
    await upload.then(
      () => undefined,
      () => undefined,
    );
    const left = await filesUnder(uploads);
    expect(left.length).toBeGreaterThan(keptFiles.length);

    server = await startServer(place, SWEEP_AT_ONCE);
    // the product never was: one product, and only its file in the uploads
    const list = await fetch(`${server.url}/api/products?limit=10`, { headers: auth });
    expect(((await list.json()) as { total: number }).total).toBe(1);
    await until(async () => (await filesUnder(uploads)).join() === keptFiles.join(), 15_000);
    // the temporary files go in the same sweep, just after the stored ones
    const temporary = join(place.dir, 'tmp', 'uploads');
    await until(async () => (await filesUnder(temporary)).length === 0, 15_000);
    expect(await filesUnder(temporary)).toEqual([]);
    const served = await fetch(`${server.url}/uploads/${keptFiles[0]}`);
    expect(served.status).toBe(200);
    await stop(server.child);
  });

  it('kill -9 during a site build: the next start records it interrupted and builds again', async () => {
    const place = await newPlace();
    const pidFile = join(place.dir, 'build.pid');
    // the first release's build hangs until the server is killed
    let server = await startServer(place, {
      PUBLISH_ENABLED: 'true',
      PUBLISH_BUILD_COMMAND: hungCommand(pidFile),
    });
    await until(async () => existsSync(pidFile) && (await readFile(pidFile, 'utf8')) !== '');
    await stop(server.child);
    // the build's own process outlives the server (its group is its own): end it
    process.kill(Number(await readFile(pidFile, 'utf8')), 'SIGKILL');

    server = await startServer(place, {
      PUBLISH_ENABLED: 'true',
      PUBLISH_BUILD_COMMAND: FAKE_COMMAND,
    });
    const auth = { authorization: `Bearer ${server.token}` };
    const state = async () =>
      (
        (await (await fetch(`${server.url}/api/publishing`, { headers: auth })).json()) as {
          data: {
            lastBuild: { status: string } | null;
            history: { status: string; error: string | null }[];
          };
        }
      ).data;
    await until(async () => (await state()).lastBuild?.status === 'success', 30_000);
    const { history } = await state();
    expect(history.at(-1)).toMatchObject({ status: 'failed', error: 'interrupted by a restart' });
    expect(history.filter((build) => build.status === 'running')).toEqual([]);
    await stop(server.child);
  });

  it('kill -9 during a restore: the target keeps its rows, and its files after the next start', async () => {
    // the archive: a server's data with a few images
    const source = await newPlace();
    const server = await startServer(source);
    const auth = { authorization: `Bearer ${server.token}` };
    // enough files that putting them back takes longer than noticing the first one
    for (let i = 0; i < 40; i++) {
      const form = new FormData();
      form.append('name', `Client ${i}`);
      form.append('image', file(await png(600, 600), `${i}.png`, 'image/png'));
      const reply = await fetch(`${server.url}/api/clients`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      expect(reply.status, await reply.clone().text()).toBe(201);
    }
    await stop(server.child);
    const config = loadConfig(envOf(source));
    const archive = join(source.dir, 'source.tar.gz');
    await createBackup({ ...config, uploads: createStorage(config), file: archive });

    // the target: a server with data of its own
    const target = await newPlace();
    const own = await startServer(target);
    const ownAuth = { authorization: `Bearer ${own.token}` };
    const mine = await fetch(`${own.url}/api/clients`, {
      method: 'POST',
      headers: { ...ownAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Our own client' }),
    });
    expect(mine.status).toBe(201);
    await stop(own.child);
    const targetUploads = join(target.dir, 'uploads');
    const filesBefore = await filesUnder(targetUploads);
    const targetConfig = loadConfig(envOf(target));
    const rows = async () => {
      const db = connect(targetConfig);
      try {
        return await db.kysely.selectFrom('clients').select(['id', 'name']).orderBy('id').execute();
      } finally {
        await db.destroy();
      }
    };
    const rowsBefore = await rows();

    // killed as soon as it has put the first of the archive's files in place: at the lowest
    // CPU priority (nice replaces itself with node), so that on busy cores the test, which polls,
    // runs before the restore gets through the other files to its commit
    const restore = execFile(
      'nice',
      ['-n', '19', process.execPath, CLI, 'restore', archive, '--force'],
      {
        env: { ...process.env, ...envOf(target) },
      },
    );
    const exited = new Promise((resolve) => restore.once('exit', resolve));
    await until(async () => (await filesUnder(targetUploads)).length > filesBefore.length, 60_000);
    restore.kill('SIGKILL');
    await exited;
    expect(restore.signalCode).toBe('SIGKILL');

    // the rows are the target's own: the restore never committed
    expect(await rows()).toEqual(rowsBefore);
    // its unpacked archive (every lead, the users' password hashes) is still there
    const unpacked = async () =>
      (await readdir(target.dir)).filter((name) => name.startsWith('.conveyor-restore-'));
    expect(await unpacked()).toHaveLength(1);
    // the next start removes the files the killed restore left, and its unpacked archive
    const after = await startServer(target, SWEEP_AT_ONCE);
    await until(
      async () => (await filesUnder(targetUploads)).join() === filesBefore.join(),
      15_000,
    );
    await until(async () => (await unpacked()).length === 0, 15_000);
    const list = await fetch(`${after.url}/api/clients?limit=10`, {
      headers: { authorization: `Bearer ${after.token}` },
    });
    const names = ((await list.json()) as { data: { name: string }[] }).data.map((c) => c.name);
    expect(names).toEqual(['Our own client']);
    await stop(after.child);
  });

  it('sweeps only files nothing names, and only past the grace period', async () => {
    const api = await startApi({ SEED_DEMO: false });
    try {
      const token = await api.signIn();
      const form = new FormData();
      form.append('name', 'Named');
      form.append('image', file(await png(32, 32), 'n.png', 'image/png'));
      const named = (await api.request('POST', '/api/clients', { token, form })).body.data.image;
      await api.app.uploads.put('clients/stray.png', await png(8, 8));
      const db = api.app.db.kysely;
      // within the grace period: an upload another instance may be committing now
      expect(await sweepOrphans(db, api.app.uploads, 60_000)).toEqual([]);
      expect(await api.app.uploads.head('clients/stray.png')).not.toBeNull();
      const later = Date.now() + 120_000;
      expect(await sweepOrphans(db, api.app.uploads, 60_000, later)).toEqual(['clients/stray.png']);
      expect(await api.app.uploads.head('clients/stray.png')).toBeNull();
      expect(await api.app.uploads.head(named)).not.toBeNull();
    } finally {
      await api.close();
    }
  });

  it('sweeps what killed backups and restores left, past the grace period, unless at work', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-leftovers-'));
    places.push({ dir: dataDir });
    const backupDir = join(dataDir, 'backups');
    const old = new Date(Date.now() - 3 * 60 * 60_000);
    /** A leftover with a file of personal data in it, last changed at `when`. */
    const leave = async (path: string, when: Date, folder = true) => {
      const file = folder ? join(path, 'data', 'users.jsonl') : path;
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, '{"password_hash":"$argon2id$..."}\n');
      for (const each of folder ? [file, join(path, 'data'), path] : [file]) {
        await utimes(each, when, when);
      }
      return path;
    };
    const dead = 2 ** 22 + 12_345; // above Linux's default pid_max: no process has it
    const stale = [
      await leave(join(backupDir, `.conveyor-backup-${dead}-a1b2c3`), old),
      await leave(join(backupDir, `.conveyor-20260101-000000.tar.gz.${dead}.partial`), old, false),
      await leave(join(dataDir, `.conveyor-restore-${dead}-d4e5f6`), old),
      // of an earlier version, without a pid in the name
      await leave(join(dataDir, '.conveyor-restore-g7h8i9'), old),
      // this pid, but not at work in this process: a container restarted with the same pid
      await leave(join(backupDir, `.conveyor-backup-${process.pid}-j1k2l3`), old),
    ];
    const kept = [
      // changed within the grace period: a backup still being written
      await leave(join(backupDir, `.conveyor-backup-${dead}-fresh1`), new Date()),
      // old, but inside it a file just written
      await leave(join(dataDir, `.conveyor-restore-${dead}-inner1`), old),
      // old, but its process is alive (a long `pnpm restore` beside the server)
      await leave(join(dataDir, `.conveyor-restore-${process.ppid}-alive1`), old),
      // not ours
      await leave(join(backupDir, '.keep-me'), old),
      await leave(join(backupDir, 'conveyor-20260101-000000.tar.gz'), old, false),
    ];
    await writeFile(join(kept[1]!, 'data', 'leads.jsonl'), '{}\n');
    // at work in this process now
    const working = await leave(join(backupDir, `.conveyor-backup-${process.pid}-work01`), old);
    const release = holdWork(working);

    const removed = await sweepBackupLeftovers(backupDir, dataDir, 30 * 60_000);
    expect(removed.sort()).toEqual([...stale].sort());
    for (const path of stale) expect(existsSync(path), path).toBe(false);
    for (const path of [...kept, working]) expect(existsSync(path), path).toBe(true);
    // once released, it goes like the others
    release();
    expect(await sweepBackupLeftovers(backupDir, dataDir, 30 * 60_000)).toEqual([working]);
  });
});
