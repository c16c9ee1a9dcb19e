import { productBodies, productDetailSchema, productSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import type { AnyRecord } from '../../content/definition.ts';
import { changeGallery } from '../../content/gallery.ts';
import { productMedia } from '../../content/productMedia.ts';
import { specsPart } from '../../content/specs.ts';
import { categories, products } from '../../db/repositories/tables.ts';
import { addRevision, DELETED_WITH, snapshotOf } from '../../revisions/store.ts';
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
    parts: [specsPart],
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
        const { images, media } = (
          await productMedia(db, { productId: record.id, visibleOnly: false })
        )(record.id);
        for (const video of media) {
          const snapshot = await snapshotOf(mediaDef, db, video as AnyRecord);
          await addRevision(db, mediaDef, request, 'delete', {
            ...snapshot,
            [DELETED_WITH]: { resource: 'products', id: record.id },
          });
        }
        return images.map((image) => image.src);
      },
      async detail(db, record, staff) {
        // all of its videos for staff, the ones anonymous readers see for them
        const mediaOf = await productMedia(db, { productId: record.id, visibleOnly: !staff });
        return { ...record, ...mediaOf(record.id) };
      },
    },
  });
  // the sheet of products and their specifications, out and back in
  registerProductTransfer(app, app.crud.get('products')!);
}
