import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Manifest,
  MANIFEST,
  readManifest,
  writeManifest,
} from '../src/integrations/manifest.ts';

// A release's manifest (src/integrations/manifest.ts), which each build reads from the live
// release: the one a process wrote last is kept, not parsed again, while its text is the same.

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

const manifestOf = (key: string): Manifest => ({
  version: 2,
  code: 'code',
  assets: [['site.css'], []],
  pages: { '/': { key, assets: 0 }, '/en': { key: `${key}-en`, assets: 1 } },
});

describe("a release's manifest", () => {
  it('is kept from the build that wrote it, its release moved into place', async () => {
    const root = await mkdtemp(join(tmpdir(), 'conveyor-manifest-'));
    roots.push(root);
    const built = join(root, 'work', 'out');
    await mkdir(built, { recursive: true });
    const written = manifestOf('a');
    await writeManifest(built, written);
    const live = join(root, 'releases', '12');
    await mkdir(join(root, 'releases'));
    await rename(built, live);
    expect(await readManifest(live)).toEqual({ manifest: written, kept: true });
    expect((await readManifest(live))!.manifest).toBe(written);
    // what was written is what another process reads
    expect(JSON.parse(await readFile(join(live, MANIFEST), 'utf8'))).toEqual(written);
  });

  it('is read again once its file was written anew, or for another release', async () => {
    const root = await mkdtemp(join(tmpdir(), 'conveyor-manifest-'));
    roots.push(root);
    await writeManifest(root, manifestOf('a'));
    // the same length, written over the same file (at once: its time may not change)
    await writeFile(join(root, MANIFEST), JSON.stringify(manifestOf('b')));
    expect(await readManifest(root)).toEqual({ manifest: manifestOf('b'), kept: false });
    const other = join(root, 'other');
    await mkdir(other);
    await writeFile(join(other, MANIFEST), JSON.stringify(manifestOf('c')));
    expect(await readManifest(other)).toEqual({ manifest: manifestOf('c'), kept: false });
    expect(await readManifest(join(root, 'none'))).toBeNull();
    expect(await readManifest(undefined)).toBeNull();
  });
});
