import { readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PENDING_PICTURES, type PendingPictures } from '@conveyor/shared';
import { expect, test } from '@playwright/test';
import { siteRootFile } from '../../scripts/e2e/build-marker.ts';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

// A site's first release goes live with its pages, before its pictures are all encoded
// (api/src/publish/siteBuilder.ts). Meanwhile the server answers a picture not there yet with
// its original upload, which the browser shows in its place. The test makes a product's main
// picture "not encoded yet" in the live release: its files held aside, the release's list of
// pending pictures naming them, as the build leaves them while it encodes.
test('a picture not encoded yet shows its original, then the encoded one', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const release = join(
    readFileSync(siteRootFile(Number(new URL(baseURL!).port)), 'utf8'),
    'current',
  );
  const products = (await (await request.get('/api/products?limit=100')).json()).data as {
    id: number;
    category_id: number;
    image: string | null;
  }[];
  const product = products.find((candidate) => candidate.image)!;
  const path = `/catalog/${product.category_id}/products/${product.id}`;
  const original = `/uploads/${product.image!.replace(/^\/+/, '').replace(/^uploads\//, '')}`;

  // every file of the main picture (its <source>s and <img>)
  await page.goto(path);
  const main = page.locator('picture:has(img[fetchpriority="high"])').first();
  const files = [
    ...new Set(
      await main.evaluate((picture) =>
        [...picture.querySelectorAll('source, img')].flatMap((node) =>
          (node.getAttribute('srcset') ?? node.getAttribute('src') ?? '')
            .split(',')
            .map((candidate) => candidate.trim().split(' ')[0]!)
            .filter((url) => url.startsWith('/_astro/')),
        ),
      ),
    ),
  ];
  expect(files.length).toBeGreaterThan(1);

  /** The main picture as a fresh browser (no cached pictures) shows it, and how it came. */
  const look = async () => {
    const context = await browser.newContext();
    try {
      const fresh = await context.newPage();
      const redirected: string[] = [];
      const types: string[] = [];
      fresh.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (response.status() === 307) {
          redirected.push(`${pathname} → ${response.headers().location}`);
        } else if (files.includes(pathname) || pathname === original) {
          types.push(response.headers()['content-type'] ?? '');
        }
      });
      await fresh.goto(path);
      const img = fresh.locator('img[fetchpriority="high"]').first();
      // shown: decoded, whatever the type its <source> announced
      await expect
        .poll(() => img.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
        .toBeGreaterThan(0);
      return { redirected, types };
    } finally {
      await context.close();
    }
  };

  const pending: PendingPictures = {
    version: 1,
    pictures: Object.fromEntries(files.map((file) => [file, original])),
  };
  for (const file of files) await rename(join(release, file), join(release, `${file}.held`));
  try {
    await writeFile(join(release, PENDING_PICTURES), JSON.stringify(pending));
    const before = await look();
    // the browser asked for one of the picture's files, was sent to the original, and shows it
    expect(before.redirected.length).toBeGreaterThan(0);
    for (const hop of before.redirected) {
      expect(files.map((file) => `${file} → ${original}`)).toContain(hop);
    }
    expect(before.types).toEqual([expect.stringMatching(/^image\/(jpeg|png)/)]);
  } finally {
    await rm(join(release, PENDING_PICTURES), { force: true });
    for (const file of files) await rename(join(release, `${file}.held`), join(release, file));
  }
  // encoded: served as it is
  const after = await look();
  expect(after.redirected).toEqual([]);
  expect(after.types).toEqual([expect.stringMatching(/^image\/(avif|webp)$/)]);
});
