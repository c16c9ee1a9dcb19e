import {
  describeItems,
  describeParameters,
  isLanguage,
  LEAD_ITEM_SHEET,
  leadBodies,
  neutraliseCell,
  leadSchema,
  type SpecValue,
  telegramStartUrl,
} from '@conveyor/shared';
import { getNotificationSettings } from '../../db/repositories/notificationSettings.ts';
import { removeConversationOf } from '../../telegram/store.ts';
import { describeDuty } from '@conveyor/shared/conveyor';
import type { FastifyInstance } from 'fastify';
import { documents, leads, products, users } from '../../db/repositories/tables.ts';
import { BadRequest } from '../../lib/httpErrors.ts';
import { columnValues, registerCrud } from '../crud/index.ts';
import { leadItems, sizedDuty } from '../../content/leadItems.ts';
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
        // the calculator's duty, sized again by the API
        if (!existing && 'duty' in body && body.duty) {
          values.duty = sizedDuty(body.duty, 'duty', 'duty');
        }
        // the quote basket's products, each with its quantity, parameters, duty and note
        if (!existing && 'items' in body && body.items?.length) {
          const sentLanguage = body.language ?? '';
          const language = isLanguage(sentLanguage) ? sentLanguage : '';
          values.items = await leadItems(ctx.db, body.items, language);
        }
        return values;
      },
      // the buyer may carry the request on in Telegram, the chat naming it
      async received(app, record) {
        const settings = await getNotificationSettings(app.db.kysely);
        if (!app.telegram.enabled(settings)) return {};
        return {
          telegram: telegramStartUrl(settings.telegram_bot, app.telegram.leadPayload(record.id)),
        };
      },
      // a deleted lead leaves no chat behind: its conversation goes, and the buyer's chat ends
      async beforeDelete(ctx, record) {
        await removeConversationOf(ctx.db, [record.id]);
        return [];
      },
      partsSheet: {
        name: (language) => LEAD_ITEM_SHEET[language].sheet,
        columns: (language) => {
          const words = LEAD_ITEM_SHEET[language];
          return [
            { key: 'lead', header: words.lead, kind: 'number' },
            { key: 'product', header: words.product, kind: 'number' },
            { key: 'name', header: words.name, kind: 'text' },
            { key: 'quantity', header: words.quantity, kind: 'number' },
            { key: 'asked', header: words.asked, kind: 'text' },
            { key: 'note', header: words.note, kind: 'text' },
          ];
        },
        async rows(db, records, language) {
          const attributes = await attributeDefinitions(
            db,
            records.flatMap((lead) =>
              lead.items.flatMap((item) => item.parameters.map((p) => p.attribute_id)),
            ),
          );
          return records.flatMap((lead) =>
            lead.items.map((item) => [
              lead.id,
              item.product_id,
              neutraliseCell(item.name),
              item.quantity,
              neutraliseCell(
                [
                  ...describeParameters(item.parameters, attributes, language),
                  ...(item.duty ? describeDuty(item.duty, language) : []),
                ].join('; '),
              ),
              neutraliseCell(item.note),
            ]),
          );
        },
      },
      async exported(db, records, language) {
        const attributes = await attributeDefinitions(
          db,
          records.flatMap((lead) => [
            ...lead.parameters.map((parameter) => parameter.attribute_id),
            ...lead.items.flatMap((item) => item.parameters.map((p) => p.attribute_id)),
          ]),
        );
        return records.map((lead) => ({
          ...lead,
          parameters: describeParameters(lead.parameters, attributes, language).join('; '),
          duty: lead.duty ? describeDuty(lead.duty, language).join('; ') : '',
          items: describeItems(lead.items, attributes, language).join('\n'),
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
