import { leadBodies, leadSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { leads } from '../../db/repositories/specs.ts';
import { BadRequest } from '../../lib/httpErrors.ts';
import { columnValues, registerCrud } from '../crud/index.ts';

/** Contact messages: posted anonymously by the public form, read and handled by staff. */
export default async function leadRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'leads',
    repo: leads,
    record: leadSchema,
    bodies: leadBodies,
    hooks: {
      prepare(_ctx, body, existing) {
        const values = columnValues({ repo: leads, name: 'leads' }, body);
        if (!existing) {
          // A message nobody can answer is of no use to sales.
          if (!String(body.name ?? '').trim()) throw new BadRequest('name: is required');
          if (!String(body.email ?? '').trim() && !String(body.phone ?? '').trim()) {
            throw new BadRequest('phone: give a phone number or an e-mail address');
          }
          values.status ??= 'new';
        }
        return values;
      },
    },
  });
}
