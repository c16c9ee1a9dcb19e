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
    hooks: {
      // The application and its deliveries to the team are kept together or not at all.
      async afterWrite({ app: api, request, db }, record) {
        if (request.method === 'POST') await api.notify.queue(db, 'suppliers', record.id);
        return [];
      },
    },
  });
  // Committed: start the deliveries now, not at the runner's next poll.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'POST' && reply.statusCode === 201) app.notify.sent();
  });
}
