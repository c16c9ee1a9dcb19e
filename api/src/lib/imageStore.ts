import { randomUUID } from 'node:crypto';
import { ERRORS } from '@conveyor/shared';
import createError from '@fastify/error';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type sharpType from 'sharp';
import type { Storage } from './storage.ts';

const UnsupportedImage = createError('CONVEYOR_UNSUPPORTED_IMAGE', ERRORS.onlyJpegPng, 415);
const ImageTooLarge = createError('CONVEYOR_IMAGE_TOO_LARGE', '%s', 413);
const UnreadableImage = createError(
  'CONVEYOR_UNREADABLE_IMAGE',
  'The image file is damaged or incomplete',
  400,
);

/** Stored images are scaled down to fit this box; the site makes its own smaller variants. */
const MAX_EDGE = 2560;

export type ImageFormat = 'jpeg' | 'png';

/**
 * Image work (decoding, resizing, encoding) holds tens of megabytes per image in libvips; at
 * most this many images are worked on at once, however many uploads arrive together, so that
 * memory stays bounded. The others wait their turn.
 */
const IMAGE_CONCURRENCY = 1;
let loaded: Promise<typeof sharpType> | null = null;

/**
 * sharp (with libvips, a large native library mapped in) and file-type, loaded by the first
 * image worked on: a server nobody uploads to never maps them. Each image is worked on by one
 * libvips thread, and nothing is kept between images: every upload is new, so a cache would
 * only hold memory. (Measured with `pnpm bench:abuse`.)
 */
export function loadSharp(): Promise<typeof sharpType> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

export interface CheckedImage {
  /** The image's bytes, or the path of the (temporary) file that holds them. */
  data: Buffer | string;
  format: ImageFormat;
  width: number;
  height: number;
  /** EXIF orientation (1 or absent: upright). */
  orientation: number;
}

/**
 * Checks, cleans and stores uploaded images as `<folder>/<random>.<ext>` in the uploads'
 * storage (a folder or a bucket). What a file is, is decided by its bytes; the name and
 * declared type a browser sends are ignored.
 */
export class ImageStore {
  readonly storage: Storage;
  readonly maxPixels: number;
  readonly log: FastifyBaseLogger;
  readonly #limit = pLimit(IMAGE_CONCURRENCY);

  constructor(storage: Storage, maxPixels: number, log: FastifyBaseLogger) {
    this.storage = storage;
    this.maxPixels = maxPixels;
    this.log = log;
  }

  /**
   * Accepts JPEG and PNG only (415 otherwise) and refuses more pixels than the limit (413). The
   * size comes from the file's header: a decompression bomb is turned away before any decoding.
   */
  check(data: Buffer | string): Promise<CheckedImage> {
    return this.#limit(() => this.#check(data));
  }

  async #check(data: Buffer | string): Promise<CheckedImage> {
    const [sharp, { fileTypeFromBuffer, fileTypeFromFile }] = await Promise.all([
      loadSharp(),
      import('file-type'),
    ]);
    const type =
      typeof data === 'string' ? await fileTypeFromFile(data) : await fileTypeFromBuffer(data);
    if (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png') throw new UnsupportedImage();
    let width: number;
    let height: number;
    let orientation: number;
    try {
      const meta = await sharp(data, { limitInputPixels: false }).metadata();
      width = meta.width;
      height = meta.height;
      orientation = meta.orientation ?? 1;
    } catch {
      throw new UnreadableImage();
    }
    if (!width || !height) throw new UnreadableImage();
    if (width * height > this.maxPixels) {
      const mp = Math.round(this.maxPixels / 1e6);
      throw new ImageTooLarge(
        `${ERRORS.imageTooLarge} (${width}×${height}; at most ${mp} megapixels)`,
      );
    }
    return { data, format: type.mime === 'image/png' ? 'png' : 'jpeg', width, height, orientation };
  }

  /**
   * Re-encodes a checked image: turned upright by its EXIF orientation, scaled to fit
   * MAX_EDGE, all metadata (EXIF, GPS, comments) dropped, then written under a random name.
   * Returns the file's key (its path under /uploads/), as records store it.
   */
  save(folder: string, image: CheckedImage): Promise<string> {
    return this.#limit(() => this.#save(folder, image));
  }

  async #save(folder: string, image: CheckedImage): Promise<string> {
    // Turning needs the whole image in memory; an upright one streams through in strips.
    const sharp = await loadSharp();
    let pipeline = sharp(image.data, {
      limitInputPixels: this.maxPixels,
      failOn: 'error',
      sequentialRead: true,
    });
    if (image.orientation > 1) pipeline = pipeline.rotate();
    // (sharp writes no metadata unless asked to: EXIF, GPS and comments are dropped)
    pipeline = pipeline.resize({
      width: MAX_EDGE,
      height: MAX_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    pipeline =
      image.format === 'png'
        ? pipeline.png({ compressionLevel: 8 })
        : pipeline.jpeg({ quality: 85, mozjpeg: true });
    let output: Buffer;
    try {
      output = await pipeline.toBuffer();
    } catch {
      throw new UnreadableImage();
    }
    // A random name is never reused, so a stored file never changes (cached as immutable).
    const path = `${folder}/${randomUUID()}.${image.format === 'png' ? 'png' : 'jpg'}`;
    await this.storage.put(path, output, image.format === 'png' ? 'image/png' : 'image/jpeg');
    return path;
  }

  /**
   * Writes a picture this program drew itself (the demo content's, api/src/db/seed): it has no
   * metadata to drop and fits MAX_EDGE, so it is stored as it is, without the re-encoding and
   * the one-at-a-time turn an upload takes, which would make seeding the demo wait on each.
   */
  async saveDrawn(folder: string, data: Buffer, format: ImageFormat): Promise<string> {
    const path = `${folder}/${randomUUID()}.${format === 'png' ? 'png' : 'jpg'}`;
    await this.storage.put(path, data, format === 'png' ? 'image/png' : 'image/jpeg');
    return path;
  }

  /** Removes stored files; a file that is already gone is not an error. */
  async remove(paths: readonly (string | null | undefined)[]): Promise<void> {
    await Promise.all(
      paths
        .filter((p): p is string => Boolean(p))
        .map(async (path) => {
          try {
            await this.storage.delete(path);
          } catch (error) {
            // The record's change stands; the file is left over, and said so.
            this.log.warn({ err: error, path }, 'could not remove an uploaded file');
          }
        }),
    );
  }
}
