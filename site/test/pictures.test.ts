import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PENDING_PICTURES } from '@conveyor/shared';
import { announcePending, linkCached } from '../src/integrations/pictures.ts';

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

// A site's first release goes live with its pages: the pictures still to encode are listed in
// it, each with its original for the server to answer with meanwhile.
describe('announcing the pictures still to encode', () => {
  const root = mkdtempSync(join(tmpdir(), 'pending-'));
  const apiUrl = process.env.API_URL;
  afterAll(async () => {
    if (apiUrl === undefined) delete process.env.API_URL;
    else process.env.API_URL = apiUrl;
    await rm(root, { recursive: true, force: true });
  });

  it("lists each with its original, and has the site's own encoded first", async () => {
    process.env.API_URL = 'http://127.0.0.1:9911';
    const transform = (finalPath: string, src: unknown) => [
      finalPath,
      { finalPath, transform: { src } },
    ];
    const poster = { src: '/src/assets/poster.jpg', width: 1600, height: 900 };
    const images = new Map<unknown, { transforms: Map<string, never> }>([
      [
        'http://127.0.0.1:9911/uploads/products/a.jpg',
        {
          transforms: new Map([
            transform('/_astro/a_1.avif', 'http://127.0.0.1:9911/uploads/products/a.jpg'),
            transform('/_astro/a_2.webp', 'http://127.0.0.1:9911/uploads/products/a.jpg'),
          ] as never),
        },
      ],
      [
        'https://i.ytimg.example/vi/x/hq.jpg',
        {
          transforms: new Map([
            transform('/_astro/hq_3.webp', 'https://i.ytimg.example/vi/x/hq.jpg'),
          ] as never),
        },
      ],
      [
        '/src/assets/poster.jpg',
        { transforms: new Map([transform('/_astro/poster_4.avif', poster)] as never) },
      ],
    ]);
    const out = join(root, 'out');
    await mkdir(out, { recursive: true });

    expect(await announcePending(images as never, pathToFileURL(out + '/'))).toBe(4);

    expect(JSON.parse(await readFile(join(out, PENDING_PICTURES), 'utf8'))).toEqual({
      version: 1,
      pictures: {
        '/_astro/a_1.avif': '/uploads/products/a.jpg',
        '/_astro/a_2.webp': '/uploads/products/a.jpg',
        '/_astro/hq_3.webp': 'https://i.ytimg.example/vi/x/hq.jpg',
        '/_astro/poster_4.avif': null,
      },
    });
    // Astro encodes in this order; nothing was taken off its list
    expect([...images.keys()]).toEqual([
      '/src/assets/poster.jpg',
      'http://127.0.0.1:9911/uploads/products/a.jpg',
      'https://i.ytimg.example/vi/x/hq.jpg',
    ]);
    expect(images.get('http://127.0.0.1:9911/uploads/products/a.jpg')!.transforms.size).toBe(2);
  });
});
