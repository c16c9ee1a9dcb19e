import { supplierBodies, supplierSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { suppliers, users } from '../../db/repositories/tables.ts';
import { columnValues, registerCrud } from '../crud/index.ts';
import { normalizePhone } from '../../content/values.ts';

/** Supplier applications: posted anonymously by the public form, read and edited by staff. */
export default async function supplierRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'suppliers',
    repo: suppliers,
    record: supplierSchema,
    bodies: supplierBodies,
    references: [{ field: 'assignee_id', repo: users, what: 'user', optional: true }],
    hooks: {
      prepare(_ctx, body) {
        const values = columnValues({ repo: suppliers, name: 'suppliers' }, body);
        normalizePhone(values);
        return values;
      },
    },
  });
}
