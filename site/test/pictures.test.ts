import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { linkCached } from '../src/integrations/pictures.ts';

// The pictures Astro would copy from its image cache into a release are hard links instead
// (src/integrations/pictures.ts); what Astro would not reuse as it is stays on its list.
describe('linking cached pictures into a release', () => {
  const root = mkdtempSync(join(tmpdir(), 'pictures-'));
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('links the reusable entries, and leaves the rest to Astro', async () => {
    const cache = join(root, 'cache') + '/';
    const out = join(root, 'out');
    await mkdir(cache, { recursive: true });
    await mkdir(join(out, '_astro'), { recursive: true });
    const now = Date.now();
    const remote = 'http://127.0.0.1:8080/uploads/a.jpg';
    const entries: Record<string, { meta?: object; src: unknown }> = {
      'fresh_1.avif': { meta: { expires: now + 60_000, etag: 'W/"1"' }, src: remote },
      'expired_2.avif': { meta: { expires: now - 1, etag: 'W/"2"' }, src: remote },
      'old-format_3.webp': { meta: { expires: now + 60_000, data: 'AAAA' }, src: remote },
      'no-meta_4.webp': { src: remote },
      'local_5.webp': { src: { src: '/src/assets/x.jpg', width: 10, height: 10 } },
    };
    for (const [name, { meta }] of Object.entries(entries)) {
      await writeFile(join(cache, name), `picture ${name}`);
      if (meta) await writeFile(join(cache, `${name}.json`), JSON.stringify(meta));
    }
    // already in the release (linked by an earlier pass): as good as linked
    await writeFile(join(cache, 'there_6.webp'), 'picture there');
    await writeFile(join(out, '_astro', 'there_6.webp'), 'picture there');
    const transforms = new Map<string, { finalPath: string; transform: { src: unknown } }>();
    for (const [name, { src }] of Object.entries(entries)) {
      transforms.set(name, { finalPath: `/_astro/${name}`, transform: { src } });
    }
    transforms.set('missing', { finalPath: '/_astro/missing_7.webp', transform: { src: remote } });
    transforms.set('there', {
      finalPath: '/_astro/there_6.webp',
      transform: { src: { src: '/x.jpg' } },
    });
    // a preview's pictures are under its base
    await writeFile(join(cache, 'based_8.webp'), 'picture based_8.webp');
    transforms.set('based', {
      finalPath: '/preview/abc/_astro/based_8.webp',
      transform: { src: { src: '/x.jpg' } },
    });
    const images = new Map([['any', { transforms }]]);

    const result = await linkCached(images, cache, pathToFileURL(out + '/'), now);

    expect(result).toEqual({ linked: 4, left: 4 });
    expect([...transforms.keys()].sort()).toEqual(
      ['expired_2.avif', 'missing', 'no-meta_4.webp', 'old-format_3.webp'].sort(),
    );
    for (const [name, path] of [
      ['fresh_1.avif', join(out, '_astro', 'fresh_1.avif')],
      ['local_5.webp', join(out, '_astro', 'local_5.webp')],
      ['based_8.webp', join(out, 'preview', 'abc', '_astro', 'based_8.webp')],
    ] as const) {
      const [linked, cached] = await Promise.all([stat(path), stat(join(cache, name))]);
      expect(linked.ino, name).toBe(cached.ino);
      expect(await readFile(path, 'utf8')).toBe(`picture ${name}`);
    }
    for (const name of ['expired_2.avif', 'old-format_3.webp', 'no-meta_4.webp']) {
      await expect(stat(join(out, '_astro', name)), name).rejects.toThrow(/ENOENT/);
    }
  });

  it('does nothing to a list it does not recognise', async () => {
    const odd = new Map([['any', { transforms: new Map([['x', { finalPath: 7 }]]) }]]);
    const result = await linkCached(
      odd as never,
      join(root, 'cache') + '/',
      pathToFileURL(join(root, 'odd') + '/'),
    );
    expect(result).toEqual({ linked: 0, left: 1 });
    expect(odd.get('any')!.transforms.size).toBe(1);
  });
});
