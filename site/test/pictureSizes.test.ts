import { mkdtempSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepSize, keptSize, openSizes, saveSizes } from '../src/lib/pictureSizes.ts';

// The sizes of uploads, kept from build to build in a file (src/lib/pictureSizes.ts).
describe('kept picture sizes', () => {
  const root = mkdtempSync(join(tmpdir(), 'sizes-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const day = Math.floor(Date.now() / 86_400_000);

  it('keeps what a build read for the next build', async () => {
    const file = join(root, 'cache', 'picture-sizes.json');
    openSizes(file); // no file yet
    expect(keptSize('http://api/uploads/a.jpg')).toBeUndefined();
    keepSize('http://api/uploads/a.jpg', 800, 600);
    expect(keptSize('http://api/uploads/a.jpg')).toEqual({ width: 800, height: 600 });
    expect(await saveSizes()).toBe(1);
    // closed with the build: nothing is kept or read until the next one opens it
    expect(keptSize('http://api/uploads/a.jpg')).toBeUndefined();
    keepSize('http://api/uploads/b.jpg', 1, 1);

    openSizes(file);
    expect(keptSize('http://api/uploads/a.jpg')).toEqual({ width: 800, height: 600 });
    expect(keptSize('http://api/uploads/b.jpg')).toBeUndefined();
    // nothing new, nothing written
    expect(await saveSizes()).toBe(0);
  });

  it('drops sizes no build used for a month, and reads past a broken file', async () => {
    const file = join(root, 'picture-sizes.json');
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        sizes: {
          old: [10, 10, day - 31],
          recent: [20, 20, day - 30],
          broken: [20, 'x', day],
          used: [30, 30, day - 100],
        },
      }),
    );
    openSizes(file);
    expect(keptSize('broken')).toBeUndefined();
    expect(keptSize('used')).toEqual({ width: 30, height: 30 }); // used today
    expect(await saveSizes()).toBe(2);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      sizes: { recent: [20, 20, day - 30], used: [30, 30, day] },
    });

    await writeFile(file, '{ not json');
    openSizes(file);
    expect(keptSize('recent')).toBeUndefined();
    keepSize('new', 5, 6);
    expect(await saveSizes()).toBe(1);
    expect(JSON.parse(await readFile(file, 'utf8')).sizes).toEqual({ new: [5, 6, day] });
  });
});
