import { testimonialBodies, testimonialSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { testimonials } from '../../db/repositories/tables.ts';
import { registerCrud } from '../crud/index.ts';

export default async function testimonialRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'testimonials',
    repo: testimonials,
    record: testimonialSchema,
    bodies: testimonialBodies,
  });
}
