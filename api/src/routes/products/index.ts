import { type Media, productBodies, productDetailSchema, productSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { imagesOf } from '../../db/repositories/productImages.ts';
import { categories, media, products } from '../../db/repositories/specs.ts';
import type { Executor } from '../../db/repositories/table.ts';
import { addRevision, DELETED_WITH, snapshotOf } from '../../revisions/store.ts';
import type { AnyRecord } from '../crud/definition.ts';
import { registerCrud } from '../crud/index.ts';
import { changeGallery } from './gallery.ts';

/** A product's videos: all of them for staff, the active ones for anonymous readers. */
async function videosOf(db: Executor, productId: number, staff: boolean): Promise<Media[]> {
  const { rows } = await media.list(db, {
    page: 1,
    limit: 1000,
    filters: { product_id: productId },
    activeOnly: !staff,
  });
  return rows;
}

export default async function productRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'products',
    repo: products,
    record: productSchema,
    detail: productDetailSchema,
    bodies: productBodies,
    references: [{ field: 'category_id', repo: categories, what: 'category' }],
    hooks: {
      /**
       * The gallery after a write: existing images, minus those in `delete_images_array`, plus
       * the new files; at most eight. Returns the deleted images' files.
       */
      async afterWrite({ db }, record, body, gallery) {
        return changeGallery(db, record.id, body.delete_images_array ?? [], gallery);
      },
      async beforeDelete({ app, request, db }, record) {
        // its videos go with it (the key cascades): each to the trash, to come back with it
        const mediaDef = app.crud.get('media');
        if (!mediaDef) throw new Error('the media routes are not registered');
        for (const video of await videosOf(db, record.id, true)) {
          const snapshot = await snapshotOf(mediaDef, db, video as AnyRecord);
          await addRevision(db, mediaDef, request, 'delete', {
            ...snapshot,
            [DELETED_WITH]: { resource: 'products', id: record.id },
          });
        }
        return (await imagesOf(db, record.id)).map((image) => image.src);
      },
      async detail(db, record, staff) {
        const [images, videos] = await Promise.all([
          imagesOf(db, record.id),
          videosOf(db, record.id, staff),
        ]);
        return { ...record, images, media: videos };
      },
    },
  });
}
