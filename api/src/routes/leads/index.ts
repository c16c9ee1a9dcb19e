import { describeParameters, leadBodies, leadSchema, type SpecValue } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { documents, leads, products, users } from '../../db/repositories/tables.ts';
import { BadRequest } from '../../lib/httpErrors.ts';
import { columnValues, registerCrud } from '../crud/index.ts';
import { checkSpecs } from '../../content/specs.ts';
import { normalizePhone } from '../../content/values.ts';
import { attributeDefinitions } from '../../db/repositories/specs.ts';
import type { Executor } from '../../db/repositories/table.ts';

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
      { field: 'document_id', repo: documents, what: 'document', optional: true },
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
          // so is a request for a document deleted since
          const documentId = values.document_id;
          if (typeof documentId === 'number' && !(await documents.exists(ctx.db, documentId))) {
            values.document_id = null;
          }
        }
        // the visitor's create sends them; staff's updates do not change them
        if (!existing && 'parameters' in body && body.parameters) {
          values.parameters = await leadParameters(ctx.db, body.parameters);
        }
        return values;
      },
      async exported(db, records, language) {
        const attributes = await attributeDefinitions(
          db,
          records.flatMap((lead) => lead.parameters.map((parameter) => parameter.attribute_id)),
        );
        return records.map((lead) => ({
          ...lead,
          parameters: describeParameters(lead.parameters, attributes, language).join('; '),
        }));
      },
    },
  });
}

/**
 * A quote request's parameters as the lead keeps them: checked like a product's values (a 400
 * naming the attribute when one does not fit), empty ones dropped, each with its attribute's
 * code, so that the lead still says what was asked after the attribute is renamed or deleted.
 */
async function leadParameters(db: Executor, sent: readonly SpecValue[]) {
  const checked = await checkSpecs(db, sent, false, 'parameters');
  const found = await attributeDefinitions(
    db,
    checked.map((parameter) => parameter.attribute_id),
  );
  return checked.map((parameter) => ({
    ...parameter,
    code: found.get(parameter.attribute_id)!.code,
  }));
}
