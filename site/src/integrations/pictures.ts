import { readFileSync } from 'node:fs';
import { link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PENDING_PICTURES, type PendingPictures } from '@conveyor/shared';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { uploadsUrl } from '../lib/urls.ts';
import { openSizes, saveSizes } from '../lib/pictureSizes.ts';
import { importAsAstro, quieten, stopEsbuild } from './quieten.ts';

/**
 * Pictures already in Astro's image cache go into the release as hard links, not copies
 * (a warm rebuild against a bare Astro build). Astro encodes each picture once into
 * its cache (`cacheDir/assets`, kept between builds and restarts), but then copies every cached
 * picture into every release: every picture of the site again, of files already on the disk.
 * Linking them is cheaper than copying them, and a link takes no room.
 *
 * Astro has no option for it, so this uses its public prerenderer hook (`setPrerenderer`, whose
 * `teardown` runs after the last page and before the pictures): for each picture the pages
 * asked for that the cache holds, and that Astro would reuse as it is (a local picture; or a
 * remote one whose entry has not expired), it links the cached file to the place Astro would
 * copy it to, and takes the picture off Astro's list. Astro then makes the rest as usual:
 * pictures not cached yet, expired remote ones (revalidated against their origin), anything
 * this code does not recognise. The list is Astro's internal `globalThis.astroAsset` (its
 * shape is read defensively: if it changes in an Astro upgrade, Astro simply copies again,
 * and the test `site/test/pictures.test.ts` fails to say so).
 *
 * Safe to share the file: Astro never writes a cache entry in place (a new or re-encoded entry
 * is a new file renamed over the old name: patches/astro@7.3.5.patch), and pruning the cache (api/src/publish) removes
 * the cache's name only, not a release's.
 */

interface Transform {
  finalPath: string;
  transform: { src: unknown };
}
interface StaticImage {
  transforms: Map<string, Transform>;
}
interface StaticImages {
  get size(): number;
  values(): Iterable<StaticImage>;
}

function staticImages(): StaticImages | null {
  const images = (globalThis as { astroAsset?: { staticImages?: unknown } }).astroAsset
    ?.staticImages;
  return images instanceof Map ? (images as StaticImages) : null;
}

/** Whether Astro would reuse this cache entry as it is (see assets/build/generate.js). */
function reusable(cached: string, src: unknown, now: number): boolean {
  if (typeof src !== 'string') return typeof src === 'object' && src !== null; // a local picture
  try {
    const meta = JSON.parse(readFileSync(`${cached}.json`, 'utf8')) as Record<string, unknown>;
    // an entry of an older format (`data` inside) or expired is Astro's to rewrite or revalidate
    return typeof meta.expires === 'number' && meta.expires > now && meta.data === undefined;
  } catch {
    return false;
  }
}

/**
 * The pictures of a build: cached ones linked into the release (above), the sizes of uploads
 * kept between builds (src/lib/pictureSizes.ts), in a file next to the image cache, and, for
 * the first release of a site (SITE_PICTURES_LATER), the pictures still to encode announced
 * once the pages and what goes live with them (`withPages`: the search index) are written
 * (announcePending), so the release can go live before them.
 */
export function linkedPictures(
  options: {
    /**
     * What must be in a release that goes live before its pictures (SITE_PICTURES_LATER) by the
     * time its pages are announced: its search index (src/integrations/search.ts).
     */
    withPages?: (out: string, logger: AstroIntegrationLogger) => Promise<void>;
  } = {},
): AstroIntegration {
  let cacheDir = '';
  let sizesFile = '';
  let outDir: URL | null = null;
  return {
    name: 'conveyor:linked-pictures',
    hooks: {
      'astro:config:done': ({ config, buildOutput }) => {
        sizesFile = fileURLToPath(new URL('picture-sizes.json', config.cacheDir));
        if (buildOutput !== 'static') return; // the client folder is elsewhere: leave it to Astro
        cacheDir = fileURLToPath(new URL('assets/', config.cacheDir));
        outDir = config.outDir;
      },
      'astro:build:start': ({ setPrerenderer, logger }) => {
        openSizes(sizesFile);
        if (!outDir) return;
        setPrerenderer((prerenderer) => ({
          ...prerenderer,
          setup: async () => {
            await prerenderer.setup?.();
            // the modules are bundled: esbuild's service is not needed while the pages render
            await stopEsbuild();
          },
          teardown: async () => {
            await prerenderer.teardown?.();
            const started = performance.now();
            const images = staticImages();
            if (!images?.size) return;
            const { linked, left } = await linkCached(images, cacheDir, outDir!);
            logger.info(
              `pictures: ${linked} linked from the image cache in ` +
                `${((performance.now() - started) / 1000).toFixed(2)} s, ${left} left to Astro`,
            );
            if (process.env.SITE_PICTURES_LATER === '1') {
              await options.withPages?.(fileURLToPath(outDir!), logger);
              const pending = await announcePending(images as Map<unknown, StaticImage>, outDir!);
              logger.info(`pictures: the pages are written, ${pending} pictures to encode now`);
            }
            if (left) {
              // The pages' garbage collected before the encoder's buffers join it; a regular
              // collection: on a first start an edit's build starts right now beside this one,
              // and the thorough kind's longer pause would hold that edit back for no lower peak.
              await quieten(false);
              await uncachedSharp();
            }
          },
        }));
      },
      // Astro has encoded every picture (it throws before this when one failed, and the file
      // stays: the server goes on answering with the originals)
      'astro:build:generated': async () => {
        if (outDir) await rm(new URL(PENDING_PICTURES, outDir), { force: true });
      },
      'astro:build:done': async ({ logger }) => {
        try {
          const kept = await saveSizes();
          if (kept) logger.info(`picture sizes: ${kept} kept for the next build`);
        } catch (error) {
          logger.warn(`picture sizes not kept: ${String(error)}`); // read again next time
        }
      },
    },
  };
}

/**
 * sharp (libvips, which Astro encodes the pictures with) without its cache of operations: each
 * picture's each size is encoded once, so the cache (up to 50 MB and 100 operations by default)
 * would only keep buffers alive, and with them the build's process larger as the search indexer
 * starts beside it, for no picture encoded sooner. The API's own uploads work the same way
 * (api/src/lib/imageStore.ts).
 */
async function uncachedSharp(): Promise<void> {
  try {
    const sharp = (await importAsAstro('sharp')) as {
      default: { cache: (options: boolean) => unknown };
    };
    sharp.default.cache(false);
  } catch {
    // no sharp beside Astro: it encodes with another service, or not at all
  }
}

/**
 * Links the cached pictures (`cacheDir`, a folder's path ending in a slash) into `outDir` and
 * takes them off `images`; a few dozen at a time.
 */
export async function linkCached(
  images: StaticImages,
  cacheDir: string,
  outDir: URL,
  now = Date.now(),
): Promise<{ linked: number; left: number }> {
  const folders = new Map<string, Promise<unknown>>();
  const jobs: Array<() => Promise<void>> = [];
  let linked = 0;
  let left = 0;
  for (const { transforms } of images.values()) {
    for (const [hash, { finalPath, transform }] of transforms) {
      if (typeof finalPath !== 'string' || !transform) {
        left++;
        continue;
      }
      const cached = `${cacheDir}${basename(finalPath)}`;
      // where Astro would copy it
      const target = fileURLToPath(new URL(`.${finalPath}`, outDir));
      jobs.push(async () => {
        if (!reusable(cached, transform.src, now)) {
          left++;
          return;
        }
        const folder = dirname(target);
        if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
        await folders.get(folder);
        try {
          await link(cached, target);
        } catch (err) {
          // already there is as good as linked; anything else (no entry after all, another
          // file system): Astro copies it as usual
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
            left++;
            return;
          }
        }
        transforms.delete(hash);
        linked++;
      });
    }
  }
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      for (let job = jobs.pop(); job; job = jobs.pop()) await job();
    }),
  );
  return { linked, left };
}

/**
 * Writes the release's list of pictures still to encode (PENDING_PICTURES, in the output
 * folder): the publishing runner, seeing it, makes a site's first release live at once, with
 * its pages, while Astro encodes the pictures into it (on an empty image cache most of a first
 * build's time, which the visitor would otherwise wait for in front of "being built").
 * The server answers a picture not there yet with its original, and Astro removes nothing, so
 * the release only fills up. The site's own pictures (the hero's poster), which have no
 * original to show meanwhile, are put first in Astro's queue. Returns how many are pending.
 */
export async function announcePending(
  images: Map<unknown, StaticImage>,
  outDir: URL,
): Promise<number> {
  const uploads = uploadsUrl();
  const pictures: PendingPictures['pictures'] = {};
  const entries = [...images];
  const own = new Set<unknown>();
  for (const [key, image] of entries) {
    for (const { finalPath, transform } of image.transforms.values()) {
      if (typeof finalPath !== 'string') continue;
      const src = transform?.src;
      if (typeof src !== 'string') own.add(key);
      pictures[finalPath] =
        typeof src !== 'string' ? null : src.startsWith(uploads) ? new URL(src).pathname : src;
    }
  }
  // Astro encodes in the list's order (a Map's, the order of insertion): the site's own first
  images.clear();
  for (const [key, image] of entries) if (own.has(key)) images.set(key, image);
  for (const [key, image] of entries) if (!own.has(key)) images.set(key, image);
  const file = fileURLToPath(new URL(PENDING_PICTURES, outDir));
  const content: PendingPictures = { version: 1, pictures };
  // whole or not at all: the runner takes the file's presence as the pages being written
  await writeFile(`${file}.tmp`, JSON.stringify(content));
  await rename(`${file}.tmp`, file);
  return Object.keys(pictures).length;
}
