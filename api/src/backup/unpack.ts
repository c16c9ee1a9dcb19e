import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  type WriteStream,
} from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar';
import {
  type BackedUpTable,
  BackupError,
  dataFile,
  FORMAT,
  FORMAT_VERSION,
  type Manifest,
  MAX_MANIFEST_BYTES,
} from './format.ts';
import { readManifest } from './folder.ts';

// Unpacking an archive (archive.ts writes one): streamed and checked against its manifest as it
// goes, so that a damaged or hostile archive is refused before it costs memory or disk, and
// its rows read back one table at a time.

export interface OpenedArchive {
  manifest: Manifest;
  /** The folder the archive was unpacked into. */
  dir: string;
}

/** A path the manifest may name: under data/ or uploads/, no empty, `.` or `..` segment. */
function isArchivePath(name: string): boolean {
  if (!/^(data|uploads)\//.test(name) || /[\\\0]/.test(name)) return false;
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** What a manifest must be before anything else of the archive is read. */
function manifestProblem(manifest: Manifest): string | null {
  if (
    !manifest ||
    manifest.format !== FORMAT ||
    !manifest.tables ||
    typeof manifest.tables !== 'object' ||
    !manifest.files ||
    typeof manifest.files !== 'object'
  ) {
    return 'manifest.json is not a conveyor backup manifest';
  }
  for (const [name, entry] of Object.entries(manifest.files)) {
    if (!isArchivePath(name)) return `manifest.json names a file outside the archive: ${name}`;
    if (
      !entry ||
      !Number.isSafeInteger(entry.size) ||
      entry.size < 0 ||
      typeof entry.sha256 !== 'string'
    ) {
      return `manifest.json gives no size or checksum for ${name}`;
    }
  }
  return null;
}

const BLOCK = 512;

/**
 * Streams an archive into `into`, checking as it goes, so that a compressed bomb is refused
 * before it costs memory or disk: the first entry must be manifest.json (at most
 * MAX_MANIFEST_BYTES), read and checked before anything is written; every later file must be
 * listed there with the size its tar header declares, and is refused before a byte of it is
 * written otherwise; the whole must fit the free space of `into`; and the gzip stream may
 * inflate to no more than the manifest's files and their tar headers (zeros or garbage past
 * the tar's end included). Each file is written 0600, with its sha256 checked. Answers the
 * manifest; throws an Error saying what is wrong.
 */
async function unpackChecked(file: string, into: string): Promise<Manifest> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  let manifest: Manifest | null = null;
  // Until the manifest is read, only it (and its header) may come out of the gzip stream.
  let budget = MAX_MANIFEST_BYTES + 64 * BLOCK;
  let inflated = 0;
  let failure: Error | null = null;
  const seen = new Set<string>();
  const writes: Promise<void>[] = [];
  const open = new Set<WriteStream>();

  const done = new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      failure ??= error;
      input.destroy();
      gunzip.destroy();
      for (const out of open) out.destroy();
      reject(failure);
    };
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        inflated += chunk.length;
        if (inflated > budget) {
          callback(
            new Error(`it unpacks to more than the ${budget} bytes its manifest accounts for`),
          );
        } else callback(null, chunk);
      },
    });
    const parser = new tar.Parser({
      strict: true,
      onReadEntry: (entry) => {
        if (failure) return entry.resume();
        const path = entry.path.replace(/^\.\//, '').replace(/\/+$/, '');
        try {
          if (!manifest) {
            if (path !== 'manifest.json' || entry.type !== 'File') {
              throw new Error('manifest.json is not its first entry');
            }
            if ((entry.size ?? 0) > MAX_MANIFEST_BYTES) {
              throw new Error(`manifest.json is larger than ${MAX_MANIFEST_BYTES} bytes`);
            }
            const chunks: Buffer[] = [];
            entry.on('data', (chunk: Buffer) => chunks.push(chunk));
            entry.on('end', () => {
              try {
                manifest = readManifestText(Buffer.concat(chunks).toString('utf8'));
                const entries = Object.values(manifest.files);
                budget =
                  inflated +
                  entries.reduce((sum, f) => sum + Math.ceil(f.size / BLOCK) * BLOCK, 0) +
                  // each file's header (and a long name's), its folders' and the end blocks
                  (entries.length * 2 + 16) * 4 * BLOCK;
              } catch (error) {
                fail(error as Error);
              }
            });
            return;
          }
          if (entry.type === 'Directory') {
            if (!isArchivePath(`${path}/x`) && path !== 'data' && path !== 'uploads') {
              throw new Error(`it holds a folder outside the archive: ${path}`);
            }
            return entry.resume();
          }
          if (entry.type !== 'File')
            throw new Error(`it holds entries that are not files: ${path}`);
          const expected = Object.hasOwn(manifest.files, path) ? manifest.files[path] : undefined;
          if (!expected) throw new Error(`${path} is not listed in the manifest`);
          if (seen.has(path)) throw new Error(`${path} is in it twice`);
          seen.add(path);
          if (entry.size !== expected.size) {
            throw new Error(`${path} has ${entry.size} bytes, the manifest says ${expected.size}`);
          }
          const target = join(into, ...path.split('/'));
          mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
          const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
          open.add(out);
          const hash = createHash('sha256');
          let bytes = 0;
          entry.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > expected.size)
              return fail(new Error(`${path} is larger than the manifest says`));
            hash.update(chunk);
            if (!out.write(chunk)) {
              entry.pause();
              out.once('drain', () => entry.resume());
            }
          });
          writes.push(
            new Promise<void>((written, broken) => {
              out.on('error', broken);
              out.on('finish', written);
              entry.on('end', () => {
                if (hash.digest('hex') !== expected.sha256) {
                  broken(new Error(`${path} does not match its sha256 checksum in the manifest`));
                }
                out.end();
              });
            }).then(
              () => void open.delete(out),
              (error: Error) => fail(error),
            ),
          );
        } catch (error) {
          entry.resume();
          fail(error as Error);
        }
      },
    });
    parser.on('error', fail);
    parser.on('end', () => resolve());
    input.on('error', fail);
    gunzip.on('error', fail);
    counter.on('error', fail);
    input.pipe(gunzip).pipe(counter).pipe(parser);
  });
  await done;
  await Promise.all(writes);
  if (failure) throw failure;
  if (!manifest) throw new Error('manifest.json is missing');
  const missing = Object.keys((manifest as Manifest).files).find((name) => !seen.has(name));
  if (missing) throw new Error(`${missing} is missing`);
  return manifest;
}

function readManifestText(text: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new Error('manifest.json is missing or unreadable');
  }
  const problem = manifestProblem(manifest);
  if (problem) throw new Error(problem);
  return manifest;
}

/**
 * Unpacks an archive into `into` and checks it against its manifest: the manifest first, then
 * every file as it streams in, with its size and sha256, no file that the manifest does not
 * list, every table's row count. Throws a BackupError saying what is wrong; nothing outside
 * `into` has been touched by then.
 */
export async function openArchive(file: string, into: string): Promise<OpenedArchive> {
  const damaged = (detail: string) =>
    new BackupError(`The archive ${file} is damaged: ${detail}. Nothing was changed.`);
  if (!existsSync(file)) throw new BackupError(`There is no archive at ${file}.`);

  // The version and the space it needs are asked of the manifest before anything is unpacked.
  const first = await readManifest(file);
  if (first && first.version > FORMAT_VERSION) {
    throw new BackupError(
      `The archive ${file} is of format ${first.version}; this version of conveyor reads up to ${FORMAT_VERSION}. Update conveyor first.`,
    );
  }
  if (first && !manifestProblem(first)) {
    const needed = Object.values(first.files).reduce((sum, entry) => sum + entry.size, 0);
    const disk = await statfs(into);
    const free = disk.bavail * disk.bsize;
    if (needed > free) {
      throw new BackupError(
        `The archive ${file} unpacks to ${needed} bytes; ${into} has ${free} free. Nothing was changed.`,
      );
    }
  }

  let manifest: Manifest;
  try {
    manifest = await unpackChecked(file, into);
  } catch (error) {
    const message =
      (error as Error & { code?: string }).code?.startsWith('TAR_') ||
      (error as { code?: string }).code?.startsWith('Z_')
        ? `it cannot be read as a gzipped tar (${(error as Error).message})`
        : (error as Error).message;
    throw damaged(message);
  }

  for (const [table, entry] of Object.entries(manifest.tables)) {
    const name = dataFile(table);
    if (!(name in manifest.files)) throw damaged(`${name} is missing`);
    let rows = 0;
    const columns = new Set(entry.columns);
    for await (const line of readLines(join(into, name))) {
      const row = parseRow(line);
      if (!row || Object.keys(row).some((column) => !columns.has(column))) {
        throw damaged(`row ${rows + 1} of ${name} is not a row of ${table}`);
      }
      rows++;
    }
    if (rows !== entry.rows) {
      throw damaged(`${name} holds ${rows} rows, the manifest says ${entry.rows}`);
    }
  }
  const extraData = Object.keys(manifest.files).find(
    (name) =>
      name.startsWith('data/') &&
      !(name.slice('data/'.length, -'.jsonl'.length) in manifest.tables),
  );
  if (extraData) throw damaged(`${extraData} belongs to no table of the manifest`);
  return { manifest, dir: into };
}

/**
 * The lines of a JSON-lines file, streamed. Split on \n alone: readline would also break at
 * U+2028 and U+2029, which JSON text may hold raw (a lead's message pasted from a web page).
 */
export async function* readLines(file: string): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    const lines = (rest + (chunk as string)).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  if (rest) yield rest;
}

function parseRow(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The rows of one table in an opened archive, parsed. */
export async function* archiveRows(
  archive: OpenedArchive,
  table: BackedUpTable,
): AsyncGenerator<Record<string, unknown>> {
  for await (const line of readLines(join(archive.dir, dataFile(table)))) {
    yield parseRow(line)!;
  }
}
