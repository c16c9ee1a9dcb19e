import { ERRORS, type GalleryArrangement, MAX_PRODUCT_IMAGES } from '@conveyor/shared';
import {
  addImages,
  arrangeImages,
  deleteImages,
  imagesOf,
} from '../db/repositories/productImages.ts';
import { lockOwner } from '../db/repositories/locks.ts';
import type { Executor } from '../db/repositories/table.ts';
import { BadRequest } from '../lib/httpErrors.ts';
import type { Part } from './parts.ts';

/**
 * A product's gallery after a change: its images minus `remove` (their ids), plus the stored
 * files `add`, at most MAX_PRODUCT_IMAGES, inside the write's transaction. An id that is not
 * one of the product's is refused (400), or passed over when `lenient` (a draft published after
 * someone removed that image by a save of their own). Answers the removed images' files.
 */
export async function changeGallery(
  db: Executor,
  productId: number,
  remove: readonly number[],
  add: readonly string[],
  { lenient = false } = {},
): Promise<string[]> {
  // counted while the product's row is held, so that two saves adding pictures take turns
  // (lockOwner; the update of the product that comes with it holds the row already)
  await lockOwner(db, 'products', productId);
  const deleting = await checkGallery(db, productId, { removed: remove, added: add }, lenient);
  const removed = await deleteImages(db, productId, deleting);
  await addImages(db, productId, add);
  return removed;
}

/**
 * Whether a product's gallery can take a change (see changeGallery), without making it: a
 * draft is checked when it is saved. Answers the ids that will go.
 */
export async function checkGallery(
  db: Executor,
  productId: number,
  change: { removed: readonly number[]; added: readonly string[] },
  lenient = false,
): Promise<number[]> {
  const current = await imagesOf(db, productId);
  const has = (id: number) => current.some((image) => image.id === id);
  const toDelete = [...new Set(change.removed)];
  const foreign = toDelete.find((id) => !has(id));
  if (foreign !== undefined && !lenient) {
    throw new BadRequest(`delete_images_array: image ${foreign} does not belong to this product`, {
      field: 'delete_images_array',
    });
  }
  const deleting = toDelete.filter(has);
  if (current.length - deleting.length + change.added.length > MAX_PRODUCT_IMAGES) {
    throw new BadRequest(ERRORS.tooManyImages, { code: 'images.tooMany' });
  }
  return deleting;
}

/**
 * A product's `gallery`: its pictures' order and alternative texts, by file (shared
 * galleryArrangementSchema). Written after the save's own picture changes (the hooks' afterWrite
 * runs first), so a picture the same save added or removed is arranged or passed over.
 */
export const galleryPart: Part = {
  field: 'gallery',
  check: async (_db, value) => value as GalleryArrangement,
  async read(db, id) {
    return (await imagesOf(db, id)).map(({ id: _id, ...picture }) => picture);
  },
  async write(db, id, value) {
    await arrangeImages(db, id, value as GalleryArrangement);
  },
};
