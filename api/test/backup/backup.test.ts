import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/backup/archive.ts';
import { openArchive } from '../../src/backup/unpack.ts';
import { readManifest } from '../../src/backup/folder.ts';
import { BackupError, type Manifest, TABLES } from '../../src/backup/format.ts';
import { restoreBackup } from '../../src/backup/restore.ts';
import { loadConfig } from '../../src/config.ts';
import { connect } from '../../src/db/connect.ts';
import { MIGRATION_NAMES, migrateUpTo } from '../../src/db/migrate.ts';
import { createStorage } from '../../src/storage/index.ts';
import type { Storage } from '../../src/lib/storage.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { createPostgresDatabase, skipReason, TEST_DB } from '../helpers/database.ts';
import { file, jpeg, png } from '../helpers/images.ts';

// Backups and restore (DESIGN section 9, "Backups are portable"): an archive taken while leads
// arrive holds every lead acknowledged before it began; a damaged or truncated archive is
// refused and the target left alone; a target with data of its own needs --force; an archive
// moves SQLite → PostgreSQL → SQLite with the same records and files; the CLI says what it did.

const CLI = fileURLToPath(new URL('../../src/cli/backup.ts', import.meta.url));
const run = promisify(execFile);

/** A database and uploads folder: a backup's source or a restore's target. */
interface Place {
  databaseUrl: string | null;
  sqliteFile: string;
  uploadsDir: string;
  /** The uploads folder as the backup module reads and writes it. */
  uploads: Storage;
  dataDir: string;
  close(): Promise<void>;
}

/** A new, empty place, laid out as the server would lay it out under its DATA_DIR. */
async function newPlace(kind: 'sqlite' | 'postgres' = TEST_DB): Promise<Place> {
  const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-restore-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '' });
  return {
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    uploadsDir: config.uploadsDir,
    uploads: createStorage(config),
    dataDir,
    async close() {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const placeOf = (api: TestApi): Place => ({
  databaseUrl: api.config.databaseUrl,
  sqliteFile: api.config.sqliteFile,
  uploadsDir: api.config.uploadsDir,
  uploads: api.app.uploads,
  dataDir: api.dataDir,
  close: async () => {},
});

/** The env that points the CLI (or a second API) at a place. */
const envOf = (place: Place) => ({
  DATA_DIR: place.dataDir,
  DATABASE_URL: place.databaseUrl ?? '',
});

type Rows = Record<string, unknown>[];

/**
 * Every backed-up table's rows, by id, compared across databases: timestamps as ISO text and
 * is_active (the schema's only boolean) as a boolean, whatever the database returned.
 */
/** The boolean columns, which SQLite stores as 0 and 1 and PostgreSQL as false and true. */
const BOOLEANS = new Set(['is_active', 'two_factor']);

async function dump(place: Place): Promise<Record<string, Rows>> {
  const db = connect({ databaseUrl: place.databaseUrl, sqliteFile: place.sqliteFile });
  try {
    const out: Record<string, Rows> = {};
    for (const table of TABLES) {
      const rows = await db.kysely.selectFrom(table).selectAll().orderBy('id').execute();
      out[table] = rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            value instanceof Date ? value.toISOString() : BOOLEANS.has(key) ? !!value : value,
          ]),
        ),
      );
    }
    return out;
  } finally {
    await db.destroy();
  }
}

async function count(place: Place, table: 'sessions' | 'leads' | 'users'): Promise<number> {
  const db = connect({ databaseUrl: place.databaseUrl, sqliteFile: place.sqliteFile });
  try {
    const row = await db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

/** The sha256 of every file under a folder, by its relative path. */
async function fileHashes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path).split(sep).join('/')] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return out;
}

/** Content of every kind through the real API: images, a user, leads, an application, a note. */
async function fillThroughApi(api: TestApi): Promise<void> {
  const token = await api.signIn();
  const created = async (method: string, path: string, options: object) => {
    const reply = await api.request(method, path, { token, ...options });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data;
  };
  const category = await created('POST', '/api/categories', {
    json: { name_ru: 'Ленточные конвейеры', name_uz: 'Lentali konveyerlar', is_active: false },
  });
  const form = new FormData();
  form.append('name_ru', 'Конвейер');
  form.append('category_id', String(category.id));
  form.append('image', file(await jpeg(), 'main.jpg', 'image/jpeg'));
  form.append('images', file(await png(), 'one.png', 'image/png'));
  await created('POST', '/api/products', { form });
  const client = new FormData();
  client.append('name', 'Oʻzbekiston temir yoʻllari');
  client.append('image', file(await png(64, 64), 'logo.png', 'image/png'));
  await created('POST', '/api/clients', { form: client });
  await created('POST', '/api/users', {
    json: { user_name: 'sales', password: 'password-123', email: 'sales@example.uz' },
  });
  for (const name of ['Алишер', 'Oʻgʻiloy', 'Line\nbreak "quoted" \u2028']) {
    await created('POST', '/api/leads', { json: { name, phone: '+998901234567' } });
  }
  await created('POST', '/api/suppliers', {
    json: {
      company_name: 'Podshipnik MChJ',
      inn: '305123456',
      contact_person: 'Bobur',
      phone: '+998712345678',
      email: 'b@example.uz',
      offer: 'Bearings',
    },
  });
  const leads = await api.request('GET', '/api/leads?sort=id&order=asc', { token });
  await created('POST', `/api/leads/${leads.body.data[0].id}/notes`, {
    json: { body: 'Called back' },
  });
}

/**
 * A copy of an archive, unpacked, changed and packed again. `resign` rewrites the manifest's
 * checksums and sizes to match (a deliberately edited archive); without it, the change is
 * damage the manifest does not know of.
 */
async function repack(
  archive: string,
  out: string,
  change: (dir: string, manifest: Manifest) => Promise<void>,
  resign = false,
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'conveyor-repack-'));
  try {
    await tar.extract({ file: archive, cwd: dir });
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    await change(dir, manifest);
    if (resign) {
      for (const name of Object.keys(manifest.files)) {
        const bytes = await readFile(join(dir, name));
        manifest.files[name] = {
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        };
      }
    }
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
    await tar.create({ gzip: true, file: out, cwd: dir }, ['manifest.json', 'data', 'uploads']);
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Rewrites one table's rows in an unpacked archive. */
async function editRows(
  dir: string,
  table: string,
  edit: (row: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  const path = join(dir, 'data', `${table}.jsonl`);
  const lines = (await readFile(path, 'utf8')).split('\n').filter(Boolean);
  await writeFile(
    path,
    lines.map((line) => `${JSON.stringify(edit(JSON.parse(line)))}\n`).join(''),
  );
}

async function integrityCheck(place: Place): Promise<unknown[]> {
  const db = connect({ databaseUrl: null, sqliteFile: place.sqliteFile });
  try {
    const { rows } = await sql`pragma integrity_check`.execute(db.kysely);
    const { rows: foreignKeys } = await sql`pragma foreign_key_check`.execute(db.kysely);
    return [...rows, ...foreignKeys];
  } finally {
    await db.destroy();
  }
}

describe.skipIf(skipReason)(`backup and restore on ${TEST_DB}`, () => {
  let api: TestApi;
  let source: Place;
  let archive: string;
  const places: Place[] = [];
  const target = async () => {
    const place = await newPlace();
    places.push(place);
    return place;
  };

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    source = placeOf(api);
    await fillThroughApi(api);
    archive = join(api.dataDir, 'backups', 'source.tar.gz');
    await createBackup({ ...source, file: archive });
  });
  afterAll(async () => {
    for (const place of places) await place.close();
    await api?.close();
  });

  it('restores every record and every file as they were; sessions are not carried', async () => {
    const into = await target();
    const summary = await restoreBackup({ ...into, file: archive });
    const expected = await dump(source);
    expect(summary.tables).toEqual(
      Object.fromEntries(Object.entries(expected).map(([table, rows]) => [table, rows.length])),
    );
    expect(expected.users).toHaveLength(2);
    expect(expected.product_images).toHaveLength(1);
    expect(expected.notes).toHaveLength(1);
    expect(await dump(into)).toEqual(expected);
    const files = await fileHashes(source.uploadsDir);
    expect(Object.keys(files)).toHaveLength(3);
    expect(summary.files).toBe(3);
    expect(await fileHashes(into.uploadsDir)).toEqual(files);
    expect(await count(source, 'sessions')).toBeGreaterThan(0);
    expect(await count(into, 'sessions')).toBe(0);
    if (TEST_DB === 'sqlite')
      expect(await integrityCheck(into)).toEqual([{ integrity_check: 'ok' }]);
  });

  it('lists what it holds in a manifest with a checksum of every file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conveyor-manifest-'));
    try {
      await tar.extract({ file: archive, cwd: dir });
      const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
      expect(manifest).toMatchObject({ format: 'conveyor-backup', version: 1, dialect: TEST_DB });
      expect(manifest.schema_version).toMatch(/^\d{4}_\d{2}_\d{2}_\d{4}_/);
      expect(Object.keys(manifest.tables)).toEqual([...TABLES]);
      expect(manifest.tables.leads!.rows).toBe(3);
      const hashes = await fileHashes(dir);
      delete hashes['manifest.json'];
      expect(
        Object.fromEntries(Object.entries(manifest.files).map(([name, f]) => [name, f.sha256])),
      ).toEqual(hashes);
      // Neutral values: booleans as booleans, times as ISO text, whichever database wrote them.
      const category = JSON.parse(await readFile(join(dir, 'data/categories.jsonl'), 'utf8'));
      expect(category.is_active).toBe(false);
      expect(category.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Object.keys(manifest.tables)).not.toContain('sessions');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged or truncated archive before touching the target', async () => {
    const into = await target();
    await restoreBackup({ ...into, file: archive });
    const before = await dump(into);
    const filesBefore = await fileHashes(into.uploadsDir);
    const work = await mkdtemp(join(tmpdir(), 'conveyor-damaged-'));
    try {
      // One byte of one lead changed inside the archive: the tar and gzip are sound, the
      // checksum is not.
      const flipped = await repack(archive, join(work, 'flipped.tar.gz'), async (dir) => {
        const path = join(dir, 'data/leads.jsonl');
        const bytes = await readFile(path);
        const at = bytes.indexOf('Алишер');
        bytes[at + 1] = bytes[at + 1]! ^ 0x01;
        await writeFile(path, bytes);
      });
      // A byte flipped in the compressed file itself, and a file cut short.
      const bytes = await readFile(archive);
      const corrupt = join(work, 'corrupt.tar.gz');
      bytes[Math.floor(bytes.length / 2)] = bytes[Math.floor(bytes.length / 2)]! ^ 0xff;
      await writeFile(corrupt, bytes);
      const truncated = join(work, 'truncated.tar.gz');
      await writeFile(truncated, await readFile(archive));
      await truncate(truncated, Math.floor((await stat(archive)).size * 0.6));

      const refusal = (file: string) =>
        restoreBackup({ ...into, file, force: true }).then(
          () => null,
          (error: Error) => error,
        );
      const checksum = await refusal(flipped);
      expect(checksum).toBeInstanceOf(BackupError);
      expect(checksum!.message).toMatch(
        /damaged: data\/leads\.jsonl does not match its sha256 checksum.*Nothing was changed/,
      );
      // A file slipped in that the manifest does not list.
      const added = await repack(archive, join(work, 'added.tar.gz'), async (dir) => {
        await writeFile(join(dir, 'uploads', 'extra.jpg'), 'not ours');
      });
      expect((await refusal(added))!.message).toContain(
        'damaged: uploads/extra.jpg is not listed in the manifest.',
      );
      for (const file of [corrupt, truncated]) {
        const error = await refusal(file);
        expect(error, file).toBeInstanceOf(BackupError);
        expect(error!.message).toContain(`The archive ${file} is damaged`);
      }
      expect(await dump(into)).toEqual(before);
      expect(await fileHashes(into.uploadsDir)).toEqual(filesBefore);
      // Nothing of the attempts is left beside the uploads.
      expect((await readdir(into.dataDir)).filter((name) => name.startsWith('.'))).toEqual([]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('creates its data files 0600 and their folders 0700, readable by no other local user', async () => {
    const mode = async (path: string) => (await stat(path)).mode & 0o777;
    // the archive and the folder createBackup made for it
    expect(await mode(archive)).toBe(0o600);
    expect(await mode(join(api.dataDir, 'backups'))).toBe(0o700);
    // the running server's uploads folder, and its SQLite files (-wal and -shm while open)
    expect(await mode(api.config.uploadsDir)).toBe(0o700);
    if (TEST_DB === 'sqlite') {
      for (const suffix of ['', '-wal', '-shm']) {
        expect(await mode(`${api.config.sqliteFile}${suffix}`), suffix).toBe(0o600);
      }
    }
    // a restore into a DATA_DIR that does not exist yet creates it, its database and uploads
    const place = await target();
    const fresh = join(place.dataDir, 'fresh');
    const config = loadConfig({ DATA_DIR: fresh, DATABASE_URL: place.databaseUrl ?? '' });
    await restoreBackup({
      databaseUrl: config.databaseUrl,
      sqliteFile: config.sqliteFile,
      uploads: createStorage(config),
      dataDir: fresh,
      file: archive,
    });
    expect(await mode(fresh)).toBe(0o700);
    expect(await mode(config.uploadsDir)).toBe(0o700);
    for (const entry of await readdir(config.uploadsDir, { withFileTypes: true })) {
      if (entry.isDirectory()) expect(await mode(join(config.uploadsDir, entry.name))).toBe(0o700);
    }
    if (TEST_DB === 'sqlite') expect(await mode(config.sqliteFile)).toBe(0o600);
    // a backup's staging folder and what it holds, seen while the archive is written
    const folder = join(place.dataDir, 'elsewhere', 'backups');
    const seen = new Map<string, [number, boolean]>();
    const watcher = setInterval(() => {
      void readdir(folder, { recursive: true, withFileTypes: true })
        .then((entries) =>
          Promise.all(
            entries.map(async (entry) => {
              const path = join(entry.parentPath, entry.name);
              seen.set(path.slice(folder.length), [await mode(path), entry.isFile()]);
            }),
          ),
        )
        .catch(() => undefined);
    }, 1);
    try {
      await createBackup({ ...source, file: join(folder, 'second.tar.gz') });
    } finally {
      clearInterval(watcher);
    }
    expect(await mode(folder)).toBe(0o700);
    expect(await mode(join(folder, 'second.tar.gz'))).toBe(0o600);
    expect([...seen.keys()].some((path) => path.includes('/data/'))).toBe(true);
    for (const [path, [bits, isFile]] of seen) expect(bits, path).toBe(isFile ? 0o600 : 0o700);
  });

  it("reads a small archive's manifest every time, though the file is read before it inflates", async () => {
    // the file stream of an archive of a few kB closes before its bytes have gone through
    // gunzip to the tar parser: taken as the end, that listed the archive as unreadable
    const manifest = await readManifest(archive);
    expect(manifest).not.toBeNull();
    const work = await mkdtemp(join(tmpdir(), 'conveyor-manifest-'));
    try {
      // indented: it inflates to many times its size on disk, so its last bytes are still
      // inflating when the file has been read and closed
      await writeFile(join(work, 'manifest.json'), JSON.stringify(manifest, null, 10));
      const small = join(work, 'small.tar.gz');
      await tar.create({ gzip: true, cwd: work, file: small, portable: true }, ['manifest.json']);
      expect((await stat(small)).size).toBeLessThan(64 * 1024);
      const read = await Promise.all(Array.from({ length: 40 }, () => readManifest(small)));
      for (const each of read) expect(each).toEqual(manifest);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('refuses a compressed bomb from its manifest and tar headers, before writing it', async () => {
    const into = await target();
    await restoreBackup({ ...into, file: archive });
    const before = await dump(into);
    const filesBefore = await fileHashes(into.uploadsDir);
    const work = await mkdtemp(join(tmpdir(), 'conveyor-bomb-'));
    try {
      const manifest = await readManifest(archive);
      const BIG = 64 * 1024 * 1024;
      /** A gzipped tar of the manifest given, then `entries` (a size and a byte count of zeros). */
      const craft = async (
        name: string,
        listed: Manifest,
        entries: { path: string; size: number }[],
        trailing = 0,
      ) => {
        const out = join(work, name);
        const gzip = createGzip({ level: 1 });
        const written = pipeline(gzip, createWriteStream(out));
        const put = async (chunk: Buffer) => {
          if (!gzip.write(chunk)) await once(gzip, 'drain');
        };
        const header = async (path: string, size: number) => {
          const head = new tar.Header({ path, size, mode: 0o644, type: 'File', mtime: new Date() });
          head.encode();
          await put(head.block!);
        };
        const zeros = async (size: number) => {
          const chunk = Buffer.alloc(1024 * 1024);
          for (let left = Math.ceil(size / 512) * 512; left > 0; left -= chunk.length) {
            await put(left >= chunk.length ? chunk : chunk.subarray(0, left));
          }
        };
        const text = Buffer.from(JSON.stringify(listed));
        await header('manifest.json', text.length);
        await put(Buffer.concat([text, Buffer.alloc((512 - (text.length % 512)) % 512)]));
        for (const entry of entries) {
          await header(entry.path, entry.size);
          await zeros(entry.size);
        }
        await put(Buffer.alloc(1024));
        await zeros(trailing);
        gzip.end();
        await written;
        return out;
      };
      const zero10 = {
        size: 10,
        sha256: createHash('sha256').update(Buffer.alloc(10)).digest('hex'),
      };
      // A 64 MiB entry the manifest lists at 10 bytes: a few hundred KB on disk.
      const lying = await craft(
        'lying.tar.gz',
        { ...manifest!, files: { 'uploads/bomb.jpg': zero10, ...manifest!.files } },
        [{ path: 'uploads/bomb.jpg', size: BIG }],
      );
      expect((await stat(lying)).size).toBeLessThan(2 * 1024 * 1024);
      // The manifest honest about a size no disk has.
      const huge = await craft(
        'huge.tar.gz',
        { ...manifest!, files: { 'uploads/huge.jpg': { size: 2 ** 52, sha256: '0'.repeat(64) } } },
        [],
      );
      // Zeros past the tar's end, inside the gzip stream.
      const padded = await craft('padded.tar.gz', { ...manifest!, files: {} }, [], BIG);

      // What openArchive writes stays small: the bomb's entry is refused from its header.
      const unpacked = await mkdtemp(join(work, 'unpacked-'));
      const memory = process.memoryUsage().rss;
      await expect(openArchive(lying, unpacked)).rejects.toThrow(
        'damaged: uploads/bomb.jpg has 67108864 bytes, the manifest says 10. Nothing was changed.',
      );
      const sizes = await Promise.all(
        (await readdir(unpacked, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map(async (entry) => (await stat(join(entry.parentPath, entry.name))).size),
      );
      expect(sizes.every((size) => size <= 10)).toBe(true);
      await expect(openArchive(padded, await mkdtemp(join(work, 'padded-')))).rejects.toThrow(
        /unpacks to more than the \d+ bytes its manifest accounts for/,
      );
      expect(process.memoryUsage().rss - memory).toBeLessThan(128 * 1024 * 1024);

      const refusal = (file: string) =>
        restoreBackup({ ...into, file, force: true }).then(
          () => null,
          (error: Error) => error,
        );
      expect((await refusal(lying))!.message).toContain('uploads/bomb.jpg has 67108864 bytes');
      expect((await refusal(huge))!.message).toMatch(/unpacks to 4503599627370496 bytes; .* free/);
      expect((await refusal(padded))!.message).toMatch(
        /unpacks to more than the \d+ bytes its manifest/,
      );
      expect(await dump(into)).toEqual(before);
      expect(await fileHashes(into.uploadsDir)).toEqual(filesBefore);
      expect((await readdir(into.dataDir)).filter((name) => name.startsWith('.'))).toEqual([]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('treats a freshly started server as empty, and needs --force for data of its own', async () => {
    const into = await target();
    // A server started once on the target: its admin account, settings and scheduled jobs.
    const fresh = await startApi({ ...envOf(into), SEED_DEMO: false });
    const oldToken = await fresh.signIn();
    await fresh.request('POST', '/api/leads', {
      json: { name: 'Target only', phone: '+998901234567' },
    });
    await fresh.close();

    const refused = await restoreBackup({ ...into, file: archive }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toBe(
      'The target database holds data of its own (leads: 1). A restore replaces all of it: run it again with --force to do so. Nothing was changed.',
    );
    expect(await count(into, 'leads')).toBe(1);

    await restoreBackup({ ...into, file: archive, force: true });
    expect(await dump(into)).toEqual(await dump(source));
    expect(await fileHashes(into.uploadsDir)).toEqual(await fileHashes(source.uploadsDir));

    // The restored server works: the old session is gone, new records get new ids.
    const restored = await startApi({ ...envOf(into), SEED_DEMO: false });
    try {
      expect((await restored.request('GET', '/api/me', { token: oldToken })).status).toBe(401);
      const token = await restored.signIn();
      const reply = await restored.request('POST', '/api/categories', {
        token,
        json: { name_ru: 'После восстановления' },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body.data.id).toBeGreaterThan(
        Math.max(...(await dump(source)).categories!.map((row) => Number(row.id))),
      );
    } finally {
      await restored.close();
    }

    const onlyServer = await target();
    const started = await startApi({ ...envOf(onlyServer), SEED_DEMO: false });
    await started.close();
    const summary = await restoreBackup({ ...onlyServer, file: archive });
    expect(summary.tables.users).toBe(2);
  });

  it('restores an archive of an older schema, and refuses columns the target no longer has', async () => {
    const work = await mkdtemp(join(tmpdir(), 'conveyor-older-'));
    // A database as it was before the lead workflow (no visit context, no notes table), when a
    // handled lead was "done"; that migration makes such leads "won".
    const OLD = '2026_11_24_0002_notifications';
    const old = await target();
    const db = connect({ databaseUrl: old.databaseUrl, sqliteFile: old.sqliteFile });
    try {
      await migrateUpTo(db.kysely, OLD);
      await sql`insert into categories (name_ru) values ('Старая категория')`.execute(db.kysely);
      await sql`insert into leads (name, phone, status)
        values ('Handled', '+998901234567', 'done'), ('Waiting', '+998901234568', 'new')`.execute(
        db.kysely,
      );
    } finally {
      await db.destroy();
    }
    try {
      const older = await createBackup({ ...old, file: join(work, 'older.tar.gz') });
      expect(older.schemaVersion).toBe(OLD);
      expect(older.tables).not.toHaveProperty('notes');

      // Into a new database: loaded at the archive's schema, then migrated on like live data.
      const into = await target();
      const summary = await restoreBackup({ ...into, file: older.file });
      expect(summary.migrated).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(OLD) + 1));
      expect(summary.migrated).toContain('2026_11_24_0003_lead_workflow');
      const restored = await dump(into);
      expect(
        restored.leads!.map((row) => [row.name, row.status, row.page, row.utm_source]),
      ).toEqual([
        ['Handled', 'won', '', ''],
        ['Waiting', 'new', '', ''],
      ]);
      expect(restored.categories!.map((row) => row.name_ru)).toEqual(['Старая категория']);
      expect(restored.notes).toEqual([]);

      // Into a server's database, past the archive's schema: new columns take their defaults;
      // the data changes of the migrations in between are missed (README, Backups).
      const started = await target();
      await (await startApi({ ...envOf(started), SEED_DEMO: false })).close();
      const late = await restoreBackup({ ...started, file: older.file });
      expect(late.migrated).toEqual([]);
      expect((await dump(started)).leads!.map((row) => [row.status, row.page])).toEqual([
        ['done', ''],
        ['new', ''],
      ]);

      const newer = await repack(
        archive,
        join(work, 'extra.tar.gz'),
        async (dir, manifest) => {
          manifest.tables.clients!.columns.push('fax');
          await editRows(dir, 'clients', (row) => ({ ...row, fax: '+998 71 000 00 00' }));
        },
        true,
      );
      const other = await target();
      const error = await restoreBackup({ ...other, file: newer }).catch((e: Error) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toBe(
        "The archive's clients has columns this database no longer has (fax): restoring would lose them. No data was changed.",
      );

      const future = await repack(archive, join(work, 'future.tar.gz'), async (_dir, manifest) => {
        manifest.schema_version = '2099_01_01_0001_teleport';
      });
      const refused = await restoreBackup({ ...other, file: future }).catch((e: Error) => e);
      expect(refused).toBeInstanceOf(BackupError);
      expect((refused as Error).message).toBe(
        'The archive was made by a newer version of conveyor (schema 2099_01_01_0001_teleport); update conveyor first. Nothing was changed.',
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('runs as a command: prints what it did, exits non-zero on a bad archive', async () => {
    const env = { ...process.env, ...envOf(source), LOG_LEVEL: 'warn' };
    const file = join(api.dataDir, 'cli.tar.gz');
    const backup = await run(process.execPath, [CLI, 'backup', file], { env });
    expect(backup.stdout).toContain(`Backup written: ${file}`);
    expect(backup.stdout).toMatch(/rows: users 2, categories 1, products 1, product_images 1,/);
    expect(backup.stdout).toContain('uploaded files: 3');

    const into = await target();
    const intoEnv = { ...process.env, ...envOf(into) };
    const restore = await run(process.execPath, [CLI, 'restore', file], { env: intoEnv });
    expect(restore.stdout).toContain(`Restored ${file} into`);
    expect(restore.stdout).toMatch(/rows: users 2, .*leads 3, suppliers 1, notes 1,/);
    expect(await dump(into)).toEqual(await dump(source));

    const bad = join(api.dataDir, 'bad.tar.gz');
    await writeFile(bad, (await readFile(file)).subarray(0, 500));
    const failed = await run(process.execPath, [CLI, 'restore', bad, '--force'], {
      env: intoEnv,
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stdout: '' });
    expect((failed as { stderr: string }).stderr).toMatch(
      new RegExp(`^The archive ${bad} is damaged: .*Nothing was changed\\.\\n$`),
    );
    const usage = await run(process.execPath, [CLI, 'restore'], { env: intoEnv }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(usage).toMatchObject({ code: 2 });
  });
});

describe.skipIf(skipReason)(`a backup taken while leads arrive (${TEST_DB})`, () => {
  let api: TestApi;
  let into: Place;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false, FORM_RATE_LIMIT: 1_000_000 });
    into = await newPlace();
    // Enough rows that the backup takes a while.
    const now = new Date().toISOString();
    for (let batch = 0; batch < 40; batch++) {
      await api.app.db.kysely
        .insertInto('leads')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            name: `bulk ${batch * 500 + i}`,
            email: '',
            phone: '+998901234567',
            message: 'x'.repeat(200),
            status: 'new',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
  });
  afterAll(async () => {
    await into?.close();
    await api?.close();
  });

  it('holds every lead acknowledged before it began, and never holds the writers up', async () => {
    const acknowledged: string[] = [];
    const latencies: number[] = [];
    let stop = false;
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        const started = performance.now();
        const reply = await api.request('POST', '/api/leads', {
          json: { name: `loop ${i}`, phone: '+998901234567' },
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
        latencies.push(performance.now() - started);
        acknowledged.push(`loop ${i}`);
      }
    })();
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 10));

    // The backup runs as the command does, in a process of its own, beside the server.
    const before = [...acknowledged];
    const latenciesBefore = latencies.length;
    const file = join(api.dataDir, 'busy.tar.gz');
    const { stdout } = await run(process.execPath, [CLI, 'backup', file], {
      env: { ...process.env, ...envOf(placeOf(api)) },
    });
    const during = latencies.slice(latenciesBefore);
    stop = true;
    await writer;

    await restoreBackup({ ...into, file });
    const db = connect({ databaseUrl: into.databaseUrl, sqliteFile: into.sqliteFile });
    const names = new Set(
      (
        await db.kysely.selectFrom('leads').select('name').where('name', 'like', 'loop %').execute()
      ).map((row) => row.name),
    );
    await db.destroy();
    expect(before.filter((name) => !names.has(name))).toEqual([]);
    expect(stdout).toMatch(new RegExp(`leads ${20_000 + names.size}\\b`));
    // Leads kept arriving while the backup ran, none waiting long (a writer held up by the
    // backup would wait for it to finish, or fail after SQLite's busy timeout).
    expect(during.length).toBeGreaterThan(0);
    expect(Math.max(...during)).toBeLessThan(2000);
    if (TEST_DB === 'sqlite')
      expect(await integrityCheck(into)).toEqual([{ integrity_check: 'ok' }]);
  });

  it('killed while writing the archive, leaves no file that looks like one', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'conveyor-killed-'));
    try {
      const file = join(folder, 'killed.tar.gz');
      const child = execFile(process.execPath, [CLI, 'backup', file], {
        env: { ...process.env, ...envOf(placeOf(api)) },
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      let ended = false;
      void exited.then(() => (ended = true));
      // Killed as soon as the archive is being written (a file, not the staging folder).
      const writing = async () =>
        (await readdir(folder, { withFileTypes: true })).some((entry) => entry.isFile());
      while (!ended && !(await writing())) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      // The archive of 20,000 leads takes a good while to compress: the kill lands before the end.
      expect(ended).toBe(false);
      child.kill('SIGKILL');
      await exited;
      // Only dot-named leftovers (or, had it finished after all, the whole archive).
      const visible = (await readdir(folder)).filter((name) => !name.startsWith('.'));
      if (visible.length) {
        expect(visible).toEqual(['killed.tar.gz']);
        const check = await newPlace();
        try {
          await restoreBackup({ ...check, file });
        } finally {
          await check.close();
        }
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe.skipIf(skipReason ?? (TEST_DB !== 'postgres' && 'runs in the api:postgres project'))(
  'moving SQLite → PostgreSQL → SQLite',
  () => {
    it('gives the same records and the same files', async () => {
      const api = await startApi({ SEED_DEMO: false, DATABASE_URL: '' });
      const postgres = await newPlace('postgres');
      const back = await newPlace('sqlite');
      const work = await mkdtemp(join(tmpdir(), 'conveyor-move-'));
      try {
        expect(api.config.databaseUrl).toBeNull();
        await fillThroughApi(api);
        const sqlite = placeOf(api);
        const first = await createBackup({ ...sqlite, file: join(work, 'sqlite.tar.gz') });
        expect(first.dialect).toBe('sqlite');
        await restoreBackup({ ...postgres, file: first.file });
        const second = await createBackup({ ...postgres, file: join(work, 'postgres.tar.gz') });
        expect(second.dialect).toBe('postgres');
        await restoreBackup({ ...back, file: second.file });

        const records = await dump(sqlite);
        expect(await dump(postgres)).toEqual(records);
        expect(await dump(back)).toEqual(records);
        const files = await fileHashes(sqlite.uploadsDir);
        expect(Object.keys(files).length).toBeGreaterThan(0);
        expect(await fileHashes(postgres.uploadsDir)).toEqual(files);
        expect(await fileHashes(back.uploadsDir)).toEqual(files);
        expect(await integrityCheck(back)).toEqual([{ integrity_check: 'ok' }]);
      } finally {
        await rm(work, { recursive: true, force: true });
        await back.close();
        await postgres.close();
        await api.close();
      }
    });
  },
);
