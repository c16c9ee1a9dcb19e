import { supplierBodies, supplierSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { suppliers } from '../../db/repositories/specs.ts';
import { registerCrud } from '../crud/index.ts';

/** Supplier applications: posted anonymously by the public form, read and edited by staff. */
export default async function supplierRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'suppliers',
    repo: suppliers,
    record: supplierSchema,
    bodies: supplierBodies,
  });
}
