import { projectBodies, projectSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { documentsAlong } from '../../content/cascade.ts';
import { project } from '../../db/repositories/tables.ts';
import { registerCrud } from '../crud/index.ts';

export default async function projectRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'project',
    repo: project,
    record: projectSchema,
    bodies: projectBodies,
    hooks: {
      // its documents go to the trash with it
      async beforeDelete(ctx, record) {
        await documentsAlong(ctx, { resource: 'project', id: record.id });
        return [];
      },
    },
  });
}
