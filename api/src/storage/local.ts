import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import {
  checkKey,
  contentTypeOf,
  type FileInfo,
  isValidKey,
  type PutSource,
  type Storage,
  type StoredFile,
} from '../lib/storage.ts';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The entity tag of a file on disk: its size and modification time, as @fastify/static's
 * (send's) own, so browsers' and CDNs' cached copies stay valid across the change of server.
 */
const etagOf = (stats: Stats) =>
  `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`;

/** Uploads in a folder (DATA_DIR/uploads): the default, one machine or a shared mount. */
export class LocalStorage implements Storage {
  readonly driver = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  get location(): string {
    return this.root;
  }

  async check(): Promise<void> {
    // 0700: only the server's own user reads the uploads' folder (it serves the public ones)
    await mkdir(this.root, { recursive: true, mode: 0o700 });
  }

  /** The file of a key; the key's rules keep it inside the folder. */
  #path(key: string): string {
    return join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, source: PutSource): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    // Written under a dot-name (never listed or served) and renamed: another instance on the
    // same folder, or a backup, never reads a file half written.
    const temporary = join(dirname(path), `.${randomUUID()}.partial`);
    try {
      if (Buffer.isBuffer(source)) await writeFile(temporary, source);
      else await copyFile(source.file, temporary);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async head(key: string): Promise<FileInfo | null> {
    try {
      return this.#info(key, await stat(this.#path(key)));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  #info(key: string, stats: Stats): FileInfo | null {
    if (!stats.isFile()) return null;
    return {
      size: stats.size,
      contentType: contentTypeOf(key),
      etag: etagOf(stats),
      lastModified: stats.mtime,
    };
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.#path(key);
    const info = await this.head(key);
    if (!info) return null;
    // Opened before answering, so that a file deleted meanwhile is a 404, not a cut stream.
    const body = createReadStream(path);
    try {
      await new Promise<void>((resolveOpen, reject) => {
        body.once('open', () => resolveOpen());
        body.once('error', reject);
      });
    } catch (error) {
      body.destroy();
      if (missing(error)) return null;
      throw error;
    }
    return { ...info, body };
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.#path(key));
    } catch (error) {
      if (!missing(error)) throw error;
    }
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (!isValidKey(key)) continue;
      try {
        yield { key, size: (await stat(join(entry.parentPath, entry.name))).size };
      } catch (error) {
        // deleted since the folder was read
        if (!missing(error)) throw error;
      }
    }
  }

  async close(): Promise<void> {}
}
