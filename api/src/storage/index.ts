import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { Storage } from '../lib/storage.ts';

export { LocalStorage } from './local.ts';
export { S3Storage } from './s3.ts';
export * from '../lib/storage.ts';

/** The uploads' storage the configuration names: DATA_DIR/uploads, or the S3 bucket. */
export function createStorage(config: Pick<Config, 'uploadsDir' | 'storage'>): Storage {
  return config.storage.driver === 's3'
    ? new S3Storage(config.storage.s3)
    : new LocalStorage(config.uploadsDir);
}

/** Writes a stored file to `file` on disk; false when there is no such file (any more). */
export async function download(storage: Storage, key: string, file: string): Promise<boolean> {
  const stored = await storage.get(key);
  if (!stored) return false;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await pipeline(stored.body, createWriteStream(file, { mode: 0o600 }));
  return true;
}
