import { categoryBodies, categoryDetailSchema, categorySchema, ERRORS } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { documentsAlong } from '../../content/cascade.ts';
import { templatePart } from '../../content/specs.ts';
import { categories, categoryHasProducts } from '../../db/repositories/tables.ts';
import { Conflict } from '../../lib/httpErrors.ts';
import { registerCrud } from '../crud/index.ts';

export default async function categoryRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'categories',
    repo: categories,
    record: categorySchema,
    detail: categoryDetailSchema,
    bodies: categoryBodies,
    parts: [templatePart],
    hooks: {
      // Products keep their category: deleting one that still has products would orphan them.
      async beforeDelete(ctx, record) {
        if (await categoryHasProducts(ctx.db, record.id))
          throw new Conflict(ERRORS.categoryHasProducts, { code: 'categories.hasProducts' });
        // its documents go to the trash with it
        await documentsAlong(ctx, { resource: 'categories', id: record.id });
        return [];
      },
    },
  });
}
