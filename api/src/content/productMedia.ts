import type { Media, ProductImage } from '@conveyor/shared';
import { galleryImages } from '../db/repositories/productImages.ts';
import { media } from '../db/repositories/tables.ts';
import type { Executor } from '../db/repositories/table.ts';

/** What a product shows besides its own columns: its gallery and its videos. */
export interface ProductMedia {
  images: ProductImage[];
  media: Media[];
}

/** Every row at once: a product's videos are all shown, and a site build reads them all. */
const ALL = 1_000_000;

/**
 * The galleries and videos of one product (`productId`), or of every product: what a product's
 * detail answer and the site's snapshot both show, assembled here once. A gallery is in its
 * order; the videos are in the media list's, and `visibleOnly` keeps those anonymous readers
 * see. Two queries whether for one product or the whole catalogue; answers a look-up by
 * product id (an empty gallery and no videos for a product without any).
 */
export async function productMedia(
  db: Executor,
  scope: { productId?: number; visibleOnly: boolean },
): Promise<(productId: number) => ProductMedia> {
  const { productId, visibleOnly } = scope;
  const [images, videos] = await Promise.all([
    galleryImages(db, productId),
    media.page(db, {
      page: 1,
      limit: ALL,
      filters: productId === undefined ? {} : { product_id: productId },
      activeOnly: visibleOnly,
    }),
  ]);
  const galleries = new Map<number, ProductImage[]>();
  for (const { product_id, ...image } of images) {
    const gallery = galleries.get(product_id);
    if (gallery) gallery.push(image);
    else galleries.set(product_id, [image]);
  }
  const videosOf = new Map<number, Media[]>();
  for (const video of videos) {
    const list = videosOf.get(video.product_id);
    if (list) list.push(video);
    else videosOf.set(video.product_id, [video]);
  }
  return (id) => ({ images: galleries.get(id) ?? [], media: videosOf.get(id) ?? [] });
}
