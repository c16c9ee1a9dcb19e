import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COPY, type CopyUse, linker } from '../src/integrations/links.ts';
import { composeRelease, prepareCopy } from '../src/integrations/nextRelease.ts';

// The next release, prepared as a copy of the live one (src/integrations/nextRelease.ts): what a
// release made from it holds, and that the live release behind the copy's links is never
// touched. (api/test/publishing/incremental.test.ts makes whole releases so and compares them
// with full builds.)

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

/** A site root with a live release: pages, a page of its own folder, a built file. */
async function siteRoot() {
  const root = await mkdtemp(join(tmpdir(), 'conveyor-next-release-'));
  roots.push(root);
  const live = join(root, 'releases', 'live');
  const files: Record<string, string> = {
    'index.html': 'home',
    'en/catalog/3/index.html': 'category 3',
    'en/catalog/3/products/7/index.html': 'product 7',
    'en/catalog/3/products/8/index.html': 'product 8',
    '_astro/site.css': 'styles',
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(live, path, '..'), { recursive: true });
    await writeFile(join(live, path), text);
  }
  return { root, live, work: join(root, 'work'), out: join(root, 'releases', 'next') };
}

/** Every file under `folder`, relative, with its text. */
async function filesOf(folder: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found[path.slice(folder.length + 1)] = await readFile(path, 'utf8');
  }
  return found;
}

describe('a release made from a copy of the live one', () => {
  it('holds what the build wrote and carried, and leaves the live release as it was', async () => {
    const { live, work, out } = await siteRoot();
    const before = await filesOf(live);
    const copy = prepareCopy(live, work);
    const files = await copy.ready;
    expect(files.sort()).toEqual(Object.keys(before).sort());
    // the copy is the live release's files, linked; its mark names the release
    const home = [
      await stat(join(live, 'index.html')),
      await stat(join(copy.folder, 'index.html')),
    ];
    expect(home[1]!.ino).toBe(home[0]!.ino);
    expect(await readFile(`${copy.folder}.ready`, 'utf8')).toBe(live);

    // the build: product 7 renamed (its page and the category's written anew), product 8
    // deleted (not carried), a new page; the home page and the styles carried over
    const use: CopyUse = { previous: live, out, carried: new Set() };
    (globalThis as Record<symbol, unknown>)[COPY] = use;
    try {
      const links = linker();
      for (const path of ['index.html', '_astro/site.css']) {
        await links.add(join(live, path), join(out, path));
      }
      // a link from elsewhere (the kept bundle's files) is made as ever
      await mkdir(join(work, 'bundle'), { recursive: true });
      await writeFile(join(work, 'bundle', 'app.js'), 'script');
      await links.add(join(work, 'bundle', 'app.js'), join(out, '_astro', 'app.js'));
      await links.done();
    } finally {
      delete (globalThis as Record<symbol, unknown>)[COPY];
    }
    expect([...use.carried].sort()).toEqual(['_astro/site.css', 'index.html']);
    expect(existsSync(join(out, 'index.html'))).toBe(false); // noted, not linked
    for (const [path, text] of Object.entries({
      'en/catalog/3/index.html': 'category 3, renamed',
      'en/catalog/3/products/7/index.html': 'product 7, renamed',
      'en/catalog/4/index.html': 'category 4',
    })) {
      await mkdir(join(out, path, '..'), { recursive: true });
      await writeFile(join(out, path), text);
    }

    // (a site this small is under any floor: linking its two kept files would cost less)
    const made = await composeRelease(out, { folder: copy.folder, files }, use.carried, 100);
    expect(made).toEqual({ written: 4, removed: 1 });
    expect(await filesOf(out)).toEqual({
      'index.html': 'home',
      '_astro/site.css': 'styles',
      '_astro/app.js': 'script',
      'en/catalog/3/index.html': 'category 3, renamed',
      'en/catalog/3/products/7/index.html': 'product 7, renamed',
      'en/catalog/4/index.html': 'category 4',
    });
    // the deleted product's emptied folder went with it
    expect(existsSync(join(out, 'en/catalog/3/products/8'))).toBe(false);
    // a carried file is the live release's own; the live release is as it was
    expect((await stat(join(out, 'index.html'))).ino).toBe(home[0]!.ino);
    expect(await filesOf(live)).toEqual(before);
    // the copy, its mark and what was left of the build's own folder are gone from the work folder
    expect(await readdir(work)).toEqual(['bundle']);
  });

  it('declines when linking what the build kept costs less than moving its files in', async () => {
    const { live, work, out } = await siteRoot();
    const copy = prepareCopy(live, work);
    const files = await copy.ready;
    // a build that wrote every page anew and kept only the styles
    for (const path of files.filter((path) => path.endsWith('.html'))) {
      await mkdir(join(out, path, '..'), { recursive: true });
      await writeFile(join(out, path), 'anew');
    }
    const carried = new Set(['_astro/site.css']);
    expect(await composeRelease(out, { folder: copy.folder, files }, carried, 0)).toBeNull();
    // nothing changed: the build's folder holds what it wrote, the copy is whole
    expect(Object.keys(await filesOf(out))).toHaveLength(4);
    expect(await filesOf(copy.folder)).toEqual(await filesOf(live));
    // under the floor, the copy is used all the same
    expect(await composeRelease(out, { folder: copy.folder, files }, carried, 100)).toEqual({
      written: 4,
      removed: 0,
    });
    expect(await filesOf(out)).toMatchObject({ 'index.html': 'anew', '_astro/site.css': 'styles' });
  });

  it('deletes a discarded copy, and the copies of a worker that is gone', async () => {
    const { live, work } = await siteRoot();
    // a copy left by a process that no longer runs (pid 2^22 + 1 is past Linux's pid_max)
    const gone = join(work, `next-${2 ** 22 + 1}-1`);
    await mkdir(gone, { recursive: true });
    await link(join(live, 'index.html'), join(gone, 'index.html'));
    await writeFile(`${gone}.ready`, live);
    const copy = prepareCopy(live, work);
    await copy.ready;
    copy.discard();
    await expect.poll(() => readdir(work), { timeout: 10_000 }).toEqual([]);
    // the live release keeps its files
    expect(await readFile(join(live, 'index.html'), 'utf8')).toBe('home');
  });
});
