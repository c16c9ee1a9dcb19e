import { mediaBodies, mediaSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { media, products } from '../../db/repositories/tables.ts';
import { registerCrud } from '../crud/index.ts';

/** Product videos. */
export default async function mediaRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'media',
    repo: media,
    record: mediaSchema,
    bodies: mediaBodies,
    references: [{ field: 'product_id', repo: products, what: 'product' }],
  });
}
