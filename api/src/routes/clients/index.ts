import { clientBodies, clientSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { clients } from '../../db/repositories/tables.ts';
import { registerCrud } from '../crud/index.ts';

export default async function clientRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'clients',
    repo: clients,
    record: clientSchema,
    bodies: clientBodies,
  });
}
