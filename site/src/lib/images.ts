import { getImage, inferRemoteSize } from 'astro:assets';
import { fileUrl, uploadsUrl } from './urls.ts';
import { keepSize, keptSize } from './pictureSizes.ts';

export interface RemotePicture {
  src: string;
  width: number;
  height: number;
}

/** Longest wait for the first bytes of a picture on another host (a video's thumbnail). */
const REMOTE_TIMEOUT_MS = 5000;

const sizes = new Map<string, Promise<RemotePicture | null>>();
/** Hosts that did not answer in time: the rest of their pictures are not waited for. */
const silentHosts = new Set<string>();

/**
 * A picture at an address the build can read, with its real size (read from the first bytes of
 * the file, once per build), or null when it cannot be read: one missing picture must not fail
 * the whole site, a placeholder stands in for it. The address's host must be one of the image
 * remote patterns of astro.config.mjs.
 */
export function remoteImage(src: string): Promise<RemotePicture | null> {
  if (!sizes.has(src)) sizes.set(src, probe(src));
  return sizes.get(src)!;
}

/**
 * An upload's size, kept from an earlier build (src/lib/pictureSizes.ts), or read and kept.
 * Only uploads: their files never change under one name. A picture on another host (a video's
 * thumbnail) may change or go, and is read each build.
 */
async function uploadSize(src: string): Promise<{ width?: number; height?: number }> {
  const kept = keptSize(src);
  if (kept) return kept;
  const size = await inferRemoteSize(src);
  if (size.width && size.height) keepSize(src, size.width, size.height);
  return size;
}

async function probe(src: string): Promise<RemotePicture | null> {
  const host = new URL(src).host;
  let timer: NodeJS.Timeout | undefined;
  try {
    if (silentHosts.has(host)) throw new Error(`${host} did not answer earlier in this build`);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        silentHosts.add(host);
        reject(new Error(`no answer in ${REMOTE_TIMEOUT_MS} ms`));
      }, REMOTE_TIMEOUT_MS);
    });
    const read = isUpload(src) ? uploadSize(src) : inferRemoteSize(src);
    const { width, height } = await Promise.race([read, timeout]);
    return width && height ? { src, width, height } : null;
  } catch (error) {
    console.warn(`picture ${src} left out: ${String(error)}`);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether an address is an upload on the API the site is built from. */
const isUpload = (src: string) => src.startsWith(uploadsUrl());

/** An uploaded picture (a path under /uploads, as the API gives it); see remoteImage. */
export function remotePicture(path: string | null | undefined): Promise<RemotePicture | null> {
  const src = fileUrl(path);
  return src ? remoteImage(src) : Promise.resolve(null);
}

/** What a <picture> shows: a <source> per format, and the <img> in the fallback format. */
export interface PictureMarkup {
  sources: { srcset: string; type: string }[];
  img: { src: string; srcset: string | undefined; attributes: Record<string, unknown> };
}

export interface PictureOptions {
  src: string;
  width: number;
  height: number;
  widths: number[];
  formats: ('avif' | 'webp')[];
  fallbackFormat: 'avif' | 'webp';
  sizes: string;
  loading: 'eager' | 'lazy';
  fetchpriority: 'high' | 'auto';
  decoding: 'sync' | 'async';
}

/**
 * The markup of a picture, as Astro's <Picture> makes it (astro/components/Picture.astro: a
 * getImage per format, and one for the fallback <img>), worked out once per build for each
 * picture and its options (imageOnce): one picture appears on many pages (a product's in three
 * languages, on its category's page and its own), and each getImage hashes every width of
 * every format. The alt text is not part of it: the component adds it, in the page's language.
 */
export function pictureMarkup(options: PictureOptions): Promise<PictureMarkup> {
  return imageOnce(`picture ${JSON.stringify(options)}`, () => makePicture(options));
}

async function makePicture({ formats, fallbackFormat, ...options }: PictureOptions) {
  // The fallback <img src> at the largest width of the srcset, not the original's: Astro encodes
  // `src` at the width it is given, and at the original's it would be one more file to encode
  // for every picture (a first build's pictures taking that much longer) that no browser with
  // srcset loads. At the srcset's own width and height it is the srcset's file, encoded once.
  const width = Math.min(options.width, Math.max(...options.widths));
  const height = Math.round((options.height * width) / options.width);
  const transform = { ...options, width, height, alt: '' };
  const [fallback, ...images] = await Promise.all(
    [fallbackFormat, ...formats].map((format) => getImage({ ...transform, format })),
  );
  const { alt: _alt, ...attributes } = fallback!.attributes;
  return {
    sources: images.map((image, i) => ({
      srcset: image.srcSet.attribute,
      type: `image/${formats[i]}`,
    })),
    img: {
      src: fallback!.src,
      srcset: fallback!.srcSet.values.length > 0 ? fallback!.srcSet.attribute : undefined,
      attributes,
    },
  };
}

// The pictures of this build, each worked out once. On globalThis for the reason the plan is
// (src/lib/plan.ts): the warm build worker clears it after each build.
const IMAGES = Symbol.for('conveyor.site.images');
const imagesShared = globalThis as { [IMAGES]?: Map<string, Promise<unknown>> };

/**
 * A picture worked out once per build under a name of the caller's: each picture's markup
 * (pictureMarkup), the hero poster every page without a picture of its own is shared with.
 * Named by the caller rather than keyed by the options: keyed by them (the imported poster
 * written out as JSON), the build also copied the poster's original file into the release, as
 * Astro does for a picture used outside its image functions.
 */
export function imageOnce<T>(name: string, make: () => Promise<T>): Promise<T> {
  const cache = (imagesShared[IMAGES] ??= new Map());
  let image = cache.get(name) as Promise<T> | undefined;
  if (!image) {
    image = make();
    cache.set(name, image);
  }
  return image;
}

/** A product's or category's picture on a card of a list (the category page's products). */
export const CARD_PICTURE = {
  widths: [360, 720],
  sizes: '(min-width: 75rem) 360px, (min-width: 40rem) 45vw, 92vw',
} as const;

/**
 * The smallest WebP of an upload's card picture (CARD_PICTURE), as a search result's thumbnail:
 * the very file the card shows, so the index adds no picture to encode; or null without one.
 * Asked with the card's own options, it is worked out once per build with the card's.
 */
export async function cardThumbnail(path: string | null | undefined): Promise<string | null> {
  const picture = await remotePicture(path);
  if (!picture) return null;
  const usable = CARD_PICTURE.widths.filter((width) => width <= picture.width);
  const markup = await pictureMarkup({
    src: picture.src,
    width: picture.width,
    height: picture.height,
    formats: ['avif', 'webp'],
    fallbackFormat: 'webp',
    widths: usable.length ? usable : [picture.width],
    sizes: CARD_PICTURE.sizes,
    loading: 'lazy',
    fetchpriority: 'auto',
    decoding: 'async',
  });
  // "url 360w, url 720w": the first; a picture narrower than a card has only its src
  return markup.img.srcset?.split(',')[0]?.trim().split(/\s+/)[0] ?? markup.img.src;
}
