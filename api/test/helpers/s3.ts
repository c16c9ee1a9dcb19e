import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { loadConfig } from '../../src/config.ts';
import { createStorage } from '../../src/storage/index.ts';
import type { Storage } from '../../src/lib/storage.ts';

/** s3rver's fixed credentials: it checks each request's signature against them. */
const KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  /** Makes another empty bucket on the server; returns its name. */
  bucket(): Promise<string>;
  /** The environment that points the API (or the backup command) at a bucket. */
  env(bucket: string, prefix?: string): Record<string, string>;
  /** A storage on a bucket, as the API would make it from env(bucket). */
  storage(bucket: string, prefix?: string): Storage;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a random loopback port, keeping its objects in a
 * temporary folder that close() removes. No test reaches the internet.
 */
export async function startS3(): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'conveyor-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storages: Storage[] = [];
  const env = (bucket: string, prefix = '') => ({
    UPLOADS_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: KEY,
    S3_SECRET_ACCESS_KEY: KEY,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: prefix,
  });
  const storage = (bucket: string, prefix = '') => {
    const made = createStorage(loadConfig(env(bucket, prefix)));
    storages.push(made);
    return made;
  };
  return {
    endpoint,
    async bucket() {
      const name = `test-${randomBytes(4).toString('hex')}`;
      const response = await fetch(`${endpoint}/${name}`, { method: 'PUT' });
      if (!response.ok) throw new Error(`could not create bucket ${name}: ${response.status}`);
      return name;
    },
    env,
    storage,
    async close() {
      for (const made of storages) await made.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
