import { join } from 'node:path';
import { isValidKey, type Storage } from '../lib/storage.ts';
import type { Manifest } from './format.ts';

// A restore's uploads, through the uploads' storage (the folder or the bucket), whichever
// driver the target uses. The storage ends holding exactly the archive's files: the archive's
// are put (an object of the same name is overwritten: names are random and never reused, so
// it is the same image), and the objects the archive does not hold are deleted once the rows
// are in. Those count as data of the target's own: without --force the restore refuses them.

const PREFIX = 'uploads/';

/**
 * The keys of the files an archive holds under uploads/. A name no upload can have (a hidden
 * file an older archive took along from the folder) is left out: nothing could serve it.
 */
export function archivedUploads(manifest: Manifest): string[] {
  return Object.keys(manifest.files)
    .filter((name) => name.startsWith(PREFIX))
    .map((name) => name.slice(PREFIX.length))
    .filter(isValidKey);
}

/** Every key the storage holds now. */
export async function storedKeys(storage: Storage): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const { key } of storage.list()) keys.add(key);
  return keys;
}

/**
 * Puts the archive's files (unpacked under `dir/uploads`) into the storage. Returns the keys
 * that were not there before, which a failed restore deletes again; on a failure part way,
 * those put so far are deleted here.
 */
export async function putUploads(
  storage: Storage,
  dir: string,
  keys: readonly string[],
  present: ReadonlySet<string>,
): Promise<string[]> {
  const added: string[] = [];
  try {
    for (const key of keys) {
      await storage.put(key, { file: join(dir, 'uploads', ...key.split('/')) });
      if (!present.has(key)) added.push(key);
    }
  } catch (error) {
    await deleteUploads(storage, added).catch(() => {});
    throw error;
  }
  return added;
}

export async function deleteUploads(storage: Storage, keys: Iterable<string>): Promise<void> {
  for (const key of keys) await storage.delete(key);
}
