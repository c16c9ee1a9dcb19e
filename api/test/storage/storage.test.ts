import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/backup/archive.ts';
import { BackupError } from '../../src/backup/format.ts';
import { restoreBackup } from '../../src/backup/restore.ts';
import { loadConfig } from '../../src/config.ts';
import { createStorage, LocalStorage } from '../../src/storage/index.ts';
import type { Storage } from '../../src/lib/storage.ts';
import { pruneHistory } from '../helpers/history.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { createPostgresDatabase, skipReason, TEST_DB } from '../helpers/database.ts';
import { file, jpeg, png } from '../helpers/images.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';

// Uploads' storage (README, "Deploying past one machine"): the folder and the S3 bucket keep
// one contract; API instances sharing a database and a bucket serve each other's uploads; a
// backup reads them from the bucket and a restore writes them into another.

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});
const tempFolder = async (name: string) => {
  const folder = await mkdtemp(join(tmpdir(), `conveyor-${name}-`));
  folders.push(folder);
  return folder;
};

async function keysOf(storage: Storage): Promise<Record<string, number>> {
  const keys: Record<string, number> = {};
  for await (const { key, size } of storage.list()) keys[key] = size;
  return keys;
}

async function bytesOf(storage: Storage, key: string): Promise<Buffer | null> {
  const stored = await storage.get(key);
  return stored ? buffer(stored.body) : null;
}

const drivers: [string, () => Promise<Storage>][] = [
  ['local', async () => new LocalStorage(join(await tempFolder('uploads'), 'uploads'))],
  ['s3', async () => s3.storage(await s3.bucket())],
  ['s3 with a prefix', async () => s3.storage(await s3.bucket(), 'site-a')],
];

describe.each(drivers)('the %s driver', (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await make();
    await storage.check();
  });

  it('stores bytes and gives them back with size, type, an entity tag and a date', async () => {
    const image = await png();
    await storage.put('clients/a.png', image, 'image/png');
    const stored = await storage.get('clients/a.png');
    expect(stored).not.toBeNull();
    expect(await buffer(stored!.body)).toEqual(image);
    expect(stored!.size).toBe(image.length);
    expect(stored!.contentType).toBe('image/png');
    expect(stored!.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(stored!.lastModified.getTime()).toBeGreaterThan(Date.now() - 3600_000);
    const head = await storage.head('clients/a.png');
    expect(head).toEqual({
      size: stored!.size,
      contentType: 'image/png',
      etag: stored!.etag,
      lastModified: stored!.lastModified,
    });
  });

  it('streams a file from disk byte for byte, and replaces a file of the same name', async () => {
    // Big enough to go in many chunks: a driver that framed the stream would store more.
    const source = join(await tempFolder('source'), 'big.jpg');
    const bytes = Buffer.concat([await jpeg(), randomBytes(300_000)]);
    await writeFile(source, bytes);
    await storage.put('products/big.jpg', { file: source });
    expect(await bytesOf(storage, 'products/big.jpg')).toEqual(bytes);
    expect((await storage.head('products/big.jpg'))!.contentType).toBe('image/jpeg');

    const other = await jpeg(100, 80);
    await storage.put('products/big.jpg', other);
    expect(await bytesOf(storage, 'products/big.jpg')).toEqual(other);
    expect((await storage.head('products/big.jpg'))!.size).toBe(other.length);
  });

  it('lists every file with its size, and forgets a deleted one', async () => {
    await storage.put('users/x/deep.png', await png(10, 10));
    const listed = await keysOf(storage);
    expect(Object.keys(listed).sort()).toEqual([
      'clients/a.png',
      'products/big.jpg',
      'users/x/deep.png',
    ]);
    expect(listed['clients/a.png']).toBe((await storage.head('clients/a.png'))!.size);

    await storage.delete('users/x/deep.png');
    expect(await storage.get('users/x/deep.png')).toBeNull();
    expect(await storage.head('users/x/deep.png')).toBeNull();
    expect(Object.keys(await keysOf(storage))).not.toContain('users/x/deep.png');
  });

  it('answers null for a missing file and takes deleting one as done', async () => {
    expect(await storage.get('clients/none.png')).toBeNull();
    expect(await storage.head('clients/none.png')).toBeNull();
    await expect(storage.delete('clients/none.png')).resolves.toBeUndefined();
  });

  it('refuses names that could leave the uploads or hide in them', async () => {
    for (const key of ['../escape.png', 'a/../../b.png', '.hidden', 'a//b.png', '/abs.png', '']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(
        /not a valid uploads path/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/not a valid uploads path/);
    }
    expect(Object.keys(await keysOf(storage))).toHaveLength(2);
  });
});

describe('the s3 driver', () => {
  it('keeps prefixes apart: a storage lists and reads only its own', async () => {
    const bucket = await s3.bucket();
    const a = s3.storage(bucket, 'site-a');
    const b = s3.storage(bucket, '/site-b/');
    await a.put('clients/one.png', await png(10, 10));
    await b.put('clients/two.png', await png(12, 12));
    expect(Object.keys(await keysOf(a))).toEqual(['clients/one.png']);
    expect(Object.keys(await keysOf(b))).toEqual(['clients/two.png']);
    expect(await b.get('clients/one.png')).toBeNull();
    expect(Object.keys(await keysOf(s3.storage(bucket))).sort()).toEqual([
      'site-a/clients/one.png',
      'site-b/clients/two.png',
    ]);
  });

  it('says at the check when the bucket is missing or the keys are refused', async () => {
    await expect(s3.storage('no-such-bucket').check()).rejects.toThrow(
      /uploads bucket s3:\/\/no-such-bucket\/ at http:\/\/127\.0\.0\.1:\d+ cannot be used: there is no such bucket/,
    );
    const bucket = await s3.bucket();
    // (s3rver checks the key id; it does not check signatures against the secret)
    const wrongKey = createStorageWith({ ...s3.env(bucket), S3_ACCESS_KEY_ID: 'nobody' });
    try {
      await expect(wrongKey.check()).rejects.toThrow(/cannot be used: access denied/);
    } finally {
      await wrongKey.close();
    }
  });

  it('is configured by UPLOADS_DRIVER and S3_*, every missing variable named at the start', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(() => loadConfig({ UPLOADS_DRIVER: 's3' })).toThrow(
      'UPLOADS_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY to be set',
    );
    const env = s3.env('bucket');
    expect(() => loadConfig({ ...env, S3_SECRET_ACCESS_KEY: ' ' })).toThrow(
      'UPLOADS_DRIVER=s3 needs S3_SECRET_ACCESS_KEY to be set',
    );
    expect(() => loadConfig({ ...env, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...env, S3_PREFIX: 'a/../b' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ UPLOADS_DRIVER: 'ftp' })).toThrow(/UPLOADS_DRIVER/);
    expect(loadConfig({ ...env, S3_PREFIX: '/catalogue/' }).storage).toMatchObject({
      driver: 's3',
      s3: { bucket: 'bucket', endpoint: s3.endpoint, forcePathStyle: true, prefix: 'catalogue/' },
    });
  });

  it('stops the API at start when the bucket cannot be used', async () => {
    // SQLite in a folder of the test's: a start that fails leaves nothing to drop
    const env = { DATA_DIR: await tempFolder('refused'), DATABASE_URL: '', SEED_DEMO: false };
    await expect(startApi({ ...env, ...s3.env('no-such-bucket') })).rejects.toThrow(
      /there is no such bucket/,
    );
  });
});

function createStorageWith(env: Record<string, string>): Storage {
  return createStorage(loadConfig(env));
}

/** Every file under a folder, relative; [] when there is no folder. */
async function filesUnder(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const fetchBytes = async (url: string) => {
  const response = await fetch(url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe.skipIf(skipReason)(`two API instances on one ${TEST_DB} database and one bucket`, () => {
  let bucket: string;
  let a: TestApi;
  let b: TestApi;

  beforeAll(async () => {
    bucket = await s3.bucket();
    a = await startApi({ ...s3.env(bucket), SEED_DEMO: false });
    // PostgreSQL: B has a DATA_DIR of its own and A's database. SQLite: the database is a file
    // under DATA_DIR, so B shares A's folder; the uploads must not go there either way.
    b = await startApi({
      ...s3.env(bucket),
      SEED_DEMO: false,
      DATABASE_URL: a.config.databaseUrl ?? '',
      ...(TEST_DB === 'sqlite' ? { DATA_DIR: a.dataDir } : {}),
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves through B, byte for byte, an image uploaded through A; B replaces and deletes it for A', async () => {
    const bucketStorage = s3.storage(bucket);
    const [tokenA, tokenB] = [await a.signIn(), await b.signIn()];
    const form = new FormData();
    form.append('name', 'Shared logo');
    form.append('image', file(await png(), 'logo.png', 'image/png'));
    const created = await a.request('POST', '/api/clients', { token: tokenA, form });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const client = created.body.data;

    const fromA = await fetchBytes(`${a.url}/uploads/${client.image}`);
    const fromB = await fetchBytes(`${b.url}/uploads/${client.image}`);
    expect(fromB.response.status).toBe(200);
    expect(fromB.bytes.length).toBeGreaterThan(100);
    expect(fromB.bytes).toEqual(fromA.bytes);
    expect(fromB.bytes).toEqual(await bytesOf(bucketStorage, client.image));
    expect(fromB.response.headers.get('content-type')).toBe('image/png');
    expect(fromB.response.headers.get('content-length')).toBe(String(fromB.bytes.length));
    expect(fromB.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(fromB.response.headers.get('x-content-type-options')).toBe('nosniff');
    // One entity tag whichever instance answers, so a CDN's or browser's copy stays good.
    const etag = fromA.response.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(fromB.response.headers.get('etag')).toBe(etag);
    const again = await fetch(`${b.url}/uploads/${client.image}`, {
      headers: { 'if-none-match': etag! },
      cache: 'no-cache',
    });
    expect(again.status).toBe(304);
    const head = await fetch(`${b.url}/uploads/${client.image}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(fromB.bytes.length));
    // Nothing went to a folder of either instance.
    expect(await filesUnder(join(a.dataDir, 'uploads'))).toEqual([]);
    expect(await filesUnder(join(b.dataDir, 'uploads'))).toEqual([]);

    const replace = new FormData();
    replace.append('image', file(await jpeg(), 'logo2.jpg', 'image/jpeg'));
    const replaced = await b.request('PUT', `/api/clients/${client.id}`, {
      token: tokenB,
      form: replace,
    });
    expect(replaced.status).toBe(200);
    const newImage: string = replaced.body.data.image;
    expect(newImage).toMatch(/^clients\/[0-9a-f-]{36}\.jpg$/);
    // the old logo stays while a revision shows it, for both instances; once the
    // history is pruned through B, A no longer finds it
    expect((await fetch(`${a.url}/uploads/${client.image}`)).status).toBe(200);
    await pruneHistory(b);
    expect((await fetch(`${a.url}/uploads/${client.image}`)).status).toBe(404);
    const replacedFromA = await fetchBytes(`${a.url}/uploads/${newImage}`);
    expect(replacedFromA.response.status).toBe(200);
    expect(replacedFromA.response.headers.get('content-type')).toBe('image/jpeg');
    expect(replacedFromA.bytes).toEqual((await fetchBytes(`${b.url}/uploads/${newImage}`)).bytes);
    expect(Object.keys(await keysOf(bucketStorage))).toEqual([newImage]);

    expect((await b.request('DELETE', `/api/clients/${client.id}`, { token: tokenB })).status).toBe(
      200,
    );
    await pruneHistory(b);
    expect((await fetch(`${a.url}/uploads/${newImage}`)).status).toBe(404);
    expect(await keysOf(bucketStorage)).toEqual({});
  });

  it('answers 404 for names outside the uploads on the s3 driver too', async () => {
    expect((await fetch(`${b.url}/uploads/clients/missing.png`)).status).toBe(404);
    expect((await fetch(`${b.url}/uploads/%2e%2e/catalogue.sqlite`)).status).toBe(404);
    expect((await fetch(`${b.url}/uploads/.hidden`)).status).toBe(404);
  });
});

/** A new, empty database (SQLite in a folder of its own, or PostgreSQL) for a restore. */
async function emptyDatabase() {
  const dataDir = await tempFolder('restore');
  const postgres = TEST_DB === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '' });
  return {
    dataDir,
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    drop: async () => postgres?.drop(),
  };
}

describe.skipIf(skipReason)('a backup with the s3 driver', () => {
  let api: TestApi;
  let archive: string;
  let uploaded: Record<string, Buffer>;
  const drops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    api = await startApi({ ...s3.env(await s3.bucket(), 'live'), SEED_DEMO: false });
    const token = await api.signIn();
    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_ru: 'Ленты' },
    });
    const product = new FormData();
    product.append('name_ru', 'Конвейер');
    product.append('category_id', String(category.body.data.id));
    product.append('image', file(await jpeg(), 'main.jpg', 'image/jpeg'));
    product.append('images', file(await png(), 'one.png', 'image/png'));
    const made = await api.request('POST', '/api/products', { token, form: product });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const keys: string[] = [made.body.data.image, made.body.data.images[0].src];
    uploaded = {};
    for (const key of keys) uploaded[key] = (await bytesOf(api.app.uploads, key))!;
    archive = join(await tempFolder('archives'), 'with-s3.tar.gz');
    const summary = await createBackup({
      databaseUrl: api.config.databaseUrl,
      sqliteFile: api.config.sqliteFile,
      uploads: api.app.uploads,
      file: archive,
    });
    expect(summary.files).toBe(2);
  });
  afterAll(async () => {
    for (const drop of drops) await drop();
    await api?.close();
  });

  const restoreTarget = async () => {
    const target = await emptyDatabase();
    drops.push(target.drop);
    return target;
  };

  it('holds the uploads read from the bucket, byte for byte', async () => {
    const dir = await tempFolder('unpacked');
    await tar.extract({ file: archive, cwd: dir });
    expect((await readdir(join(dir, 'uploads'), { recursive: true })).sort()).toEqual(
      ['products', ...Object.keys(uploaded)].sort(),
    );
    for (const [key, bytes] of Object.entries(uploaded)) {
      expect(await readFile(join(dir, 'uploads', key))).toEqual(bytes);
    }
  });

  it('restores them into a fresh bucket, where a server on the restored database serves them', async () => {
    const target = await restoreTarget();
    const bucket = await s3.bucket();
    const summary = await restoreBackup({ ...target, uploads: s3.storage(bucket), file: archive });
    expect(summary).toMatchObject({ files: 2, removedFiles: 0 });
    const fresh = s3.storage(bucket);
    expect(Object.keys(await keysOf(fresh)).sort()).toEqual(Object.keys(uploaded).sort());
    for (const [key, bytes] of Object.entries(uploaded)) {
      expect(await bytesOf(fresh, key)).toEqual(bytes);
    }
    const restored = await startApi({
      ...s3.env(bucket),
      SEED_DEMO: false,
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? '',
    });
    try {
      const products = await restored.request('GET', '/api/products');
      const image: string = products.body.data[0].image;
      const served = await fetchBytes(`${restored.url}/uploads/${image}`);
      expect(served.response.status).toBe(200);
      expect(served.bytes).toEqual(uploaded[image]);
    } finally {
      await restored.close();
    }
  });

  it('refuses a bucket holding files the archive does not, and with --force makes it match', async () => {
    const target = await restoreTarget();
    const bucket = await s3.bucket();
    const storage = s3.storage(bucket);
    const [kept] = Object.keys(uploaded);
    await storage.put(kept!, Buffer.from('an older copy under the same name'));
    await storage.put('clients/not-in-archive.png', await png(8, 8));

    const refused = await restoreBackup({ ...target, uploads: storage, file: archive }).catch(
      (error: Error) => error,
    );
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toBe(
      `The target's uploads (s3://${bucket}/ at ${s3.endpoint}) hold 1 files the archive does not. A restore replaces all of it: run it again with --force to do so. Nothing was changed.`,
    );
    expect(Object.keys(await keysOf(storage)).sort()).toEqual(
      ['clients/not-in-archive.png', kept!].sort(),
    );

    const summary = await restoreBackup({
      ...target,
      uploads: storage,
      file: archive,
      force: true,
    });
    expect(summary).toMatchObject({ files: 2, removedFiles: 1 });
    expect(Object.keys(await keysOf(storage)).sort()).toEqual(Object.keys(uploaded).sort());
    for (const [key, bytes] of Object.entries(uploaded)) {
      expect(await bytesOf(storage, key)).toEqual(bytes);
    }
  });
});
