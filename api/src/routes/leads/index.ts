import { leadBodies, leadSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { leads, products, users } from '../../db/repositories/tables.ts';
import { BadRequest } from '../../lib/httpErrors.ts';
import { columnValues, registerCrud } from '../crud/index.ts';
import { normalizePhone } from '../../content/values.ts';

/** Contact messages: posted anonymously by the public form, read and handled by staff. */
export default async function leadRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'leads',
    repo: leads,
    record: leadSchema,
    bodies: leadBodies,
    references: [
      { field: 'assignee_id', repo: users, what: 'user', optional: true },
      { field: 'product_id', repo: products, what: 'product', optional: true },
    ],
    hooks: {
      async prepare(ctx, body, existing) {
        const values = columnValues({ repo: leads, name: 'leads' }, body);
        normalizePhone(values);
        if (!existing) {
          // A message nobody can answer is of no use to sales.
          if (!String(body.name ?? '').trim())
            throw new BadRequest('name: is required', { field: 'name' });
          if (!String(body.email ?? '').trim() && !String(body.phone ?? '').trim()) {
            throw new BadRequest('phone: give a phone number or an e-mail address', {
              field: 'phone',
            });
          }
          // A quote asked from a page built before its product was deleted is still a lead.
          const productId = values.product_id;
          if (typeof productId === 'number' && !(await products.exists(ctx.db, productId))) {
            values.product_id = null;
          }
        }
        return values;
      },
    },
  });
}
