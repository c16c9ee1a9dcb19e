import { projectBodies, projectSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { project } from '../../db/repositories/tables.ts';
import { registerCrud } from '../crud/index.ts';

export default async function projectRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'project',
    repo: project,
    record: projectSchema,
    bodies: projectBodies,
  });
}
