import { link, mkdir, mkdtemp, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReleasesDiskUse } from '../../src/publish/diskUse.ts';

// The publishing screen's disk use: releases share their unchanged files as hard links, so what
// they take is far less than as many copies; a shared file counts once.

const MiB = 1024 * 1024;

describe("the kept releases' disk use", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('counts a file that releases share once, and counts again when the releases change', async () => {
    const siteRoot = await mkdtemp(join(tmpdir(), 'conveyor-disk-'));
    dirs.push(siteRoot);
    const disk = new ReleasesDiskUse(siteRoot);
    // no releases yet: nothing to say
    expect(await disk.read()).toBeNull();

    const release = (name: string) => join(siteRoot, 'releases', name);
    await mkdir(join(release('a'), 'en'), { recursive: true });
    await mkdir(join(release('b'), 'en'), { recursive: true });
    await writeFile(join(release('a'), 'en', 'page.html'), Buffer.alloc(MiB, 1));
    await writeFile(join(release('a'), 'own.html'), Buffer.alloc(MiB, 2));
    // b carries a's page over as a link, and has a page of its own
    await link(join(release('a'), 'en', 'page.html'), join(release('b'), 'en', 'page.html'));
    await writeFile(join(release('b'), 'own.html'), Buffer.alloc(MiB, 3));

    // the first read starts the count and has none yet
    expect(await disk.read()).toBeNull();
    await disk.settled();
    const first = await disk.read();
    const shared = (await stat(join(release('a'), 'en', 'page.html'))).blocks * 512;
    expect(shared).toBeGreaterThanOrEqual(MiB);
    expect(first).toMatchObject({ releases: 2 });
    // three files of 1 MiB on disk, four as copies, and the four folders
    const folders = (
      await Promise.all(
        ['a', 'a/en', 'b', 'b/en'].map(async (name) => (await stat(release(name))).blocks * 512),
      )
    ).reduce((sum, size) => sum + size, 0);
    expect(first!.bytes).toBeGreaterThanOrEqual(3 * MiB + folders);
    expect(first!.bytes).toBeLessThan(3.1 * MiB + folders);
    expect(first!.copies - first!.bytes).toBe(shared);
    expect(Date.parse(first!.countedAt)).not.toBeNaN();

    // a third release that shares both of b's files: the releases take only its folders more
    await mkdir(join(release('c'), 'en'), { recursive: true });
    await link(join(release('b'), 'en', 'page.html'), join(release('c'), 'en', 'page.html'));
    await link(join(release('b'), 'own.html'), join(release('c'), 'own.html'));
    // the last count until the new one is done
    expect(await disk.read()).toEqual(first);
    await disk.settled();
    const second = await disk.read();
    // c's own folders are all it adds
    const cFolders =
      (await stat(release('c'))).blocks * 512 + (await stat(release('c/en'))).blocks * 512;
    expect(second).toMatchObject({ releases: 3, bytes: first!.bytes + cFolders });
    expect(second!.copies).toBe(first!.copies + 2 * shared + cFolders);

    // a pruned release is counted out: its folders and the file only it had
    const aOwn =
      (await stat(join(release('a'), 'own.html'))).blocks * 512 +
      (await stat(release('a'))).blocks * 512 +
      (await stat(release('a/en'))).blocks * 512;
    await rm(release('a'), { recursive: true });
    await disk.read();
    await disk.settled();
    const third = await disk.read();
    expect(third).toMatchObject({ releases: 2, bytes: second!.bytes - aOwn });

    // a release whose folder is replaced under its name (a build made from the worker's copy of
    // the live release) is counted again: c now has a file of its own instead of b's
    const copy = join(siteRoot, 'work', 'next');
    await mkdir(copy, { recursive: true });
    await writeFile(join(copy, 'own.html'), Buffer.alloc(2 * MiB, 4));
    await rm(release('c'), { recursive: true });
    await rename(copy, release('c'));
    await utimes(release('c'), new Date(Date.now() + 5000), new Date(Date.now() + 5000));
    await disk.read();
    await disk.settled();
    const cNow = (await stat(join(release('c'), 'own.html'))).blocks * 512;
    expect(await disk.read()).toMatchObject({
      releases: 2,
      bytes: third!.bytes - cFolders + (await stat(release('c'))).blocks * 512 + cNow,
    });
  });
});
