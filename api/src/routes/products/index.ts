import { productBodies, productDetailSchema, productSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import type { AnyRecord } from '../../content/definition.ts';
import { documentsAlong, trashAlong } from '../../content/cascade.ts';
import { changeGallery, galleryPart } from '../../content/gallery.ts';
import { productDetail } from '../../content/productDetail.ts';
import { productMedia } from '../../content/productMedia.ts';
import { relatedPart } from '../../content/related.ts';
import { specsPart } from '../../content/specs.ts';
import { categories, products } from '../../db/repositories/tables.ts';
import { registerCrud } from '../crud/index.ts';
import { registerProductTransfer } from './transfer.ts';

export default async function productRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'products',
    repo: products,
    record: productSchema,
    detail: productDetailSchema,
    bodies: productBodies,
    references: [{ field: 'category_id', repo: categories, what: 'category' }],
    parts: [specsPart, relatedPart, galleryPart],
    hooks: {
      /**
       * The gallery after a write: existing images, minus those in `delete_images_array`, plus
       * the new files; at most eight. Returns the deleted images' files.
       */
      async afterWrite({ db }, record, body, gallery) {
        return changeGallery(db, record.id, body.delete_images_array ?? [], gallery);
      },
      async beforeDelete(ctx, record) {
        // its videos and documents go with it (the keys cascade): each to the trash, to come
        // back with it
        const owner = { resource: 'products', id: record.id } as const;
        const { images, media } = (
          await productMedia(ctx.db, { productId: record.id, visibleOnly: false })
        )(record.id);
        await trashAlong(ctx, owner, 'media', media as AnyRecord[]);
        await documentsAlong(ctx, owner);
        return images.map((image) => image.src);
      },
      async detail(db, record, staff) {
        // all of its videos for staff, the ones anonymous readers see for them
        const mediaOf = await productMedia(db, { productId: record.id, visibleOnly: !staff });
        return { ...record, ...mediaOf(record.id) };
      },
      // the same answer as the parts and `detail` give, in one statement (the product page's
      // every uncached read)
      readDetail: productDetail,
    },
  });
  // the sheet of products and their specifications, out and back in
  registerProductTransfer(app, app.crud.get('products')!);
}
