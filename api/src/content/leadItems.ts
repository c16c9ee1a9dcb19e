import { LANGUAGES, type LeadItem, type LeadItemInput, type Language } from '@conveyor/shared';
import { type DutyInput, type LeadDuty, leadDuty, resolveDuty } from '@conveyor/shared/conveyor';
import { products } from '../db/repositories/tables.ts';
import type { Executor } from '../db/repositories/table.ts';
import { attributeDefinitions } from '../db/repositories/specs.ts';
import { BadRequest } from '../lib/httpErrors.ts';
import { checkSpecs } from './specs.ts';

/**
 * A calculator's duty as a lead keeps it (its own or an item's), sized again by the API: the
 * lead says what the figures come to by its arithmetic, whatever the page showed. A material it
 * does not know, or neither a material nor a density and surcharge, is a 400 naming `path`.
 */
export function sizedDuty(sent: DutyInput, path: string, field: string): LeadDuty {
  const resolved = resolveDuty(sent);
  if ('problem' in resolved) {
    throw new BadRequest(
      resolved.problem === 'material'
        ? `${path}.material: no such material`
        : `${path}.density: give a material, or its density and surcharge angle`,
      { field },
    );
  }
  return leadDuty(sent);
}

/**
 * A quote's items as the lead keeps them. Each names a product visitors are shown (a 400 naming
 * the item otherwise: a product hidden since the page was built is not quietly dropped from a
 * list the buyer composed), once; its parameters are checked like a product's values and kept
 * with their attributes' codes; its duty is sized again; the product's name is kept in the
 * page's language, so the lead still says what was asked after a rename.
 */
export async function leadItems(
  db: Executor,
  sent: readonly LeadItemInput[],
  language: Language | '',
): Promise<LeadItem[]> {
  const seen = new Set<number>();
  const items: LeadItem[] = [];
  for (const [index, item] of sent.entries()) {
    const field = `items[${index}]`;
    if (seen.has(item.product_id)) {
      throw new BadRequest(`${field}.product_id: the product is in the list already`, {
        field: 'items',
      });
    }
    seen.add(item.product_id);
    const product = await products.get(db, item.product_id, true);
    if (!product) {
      throw new BadRequest(`${field}.product_id: no such product`, { field: 'items' });
    }
    const parameters = await checkSpecs(db, item.parameters ?? [], false, `${field}.parameters`);
    const codes = await attributeDefinitions(
      db,
      parameters.map((parameter) => parameter.attribute_id),
    );
    const duty = item.duty ? sizedDuty(item.duty, `${field}.duty`, 'items') : null;
    const names = [language || 'ru', ...LANGUAGES].map(
      (lang) => product[`name_${lang as Language}`],
    );
    items.push({
      product_id: product.id,
      name: names.find((name) => name.trim() !== '') ?? '',
      quantity: item.quantity,
      parameters: parameters.map((parameter) => ({
        ...parameter,
        code: codes.get(parameter.attribute_id)!.code,
      })),
      ...(duty && { duty }),
      note: (item.note ?? '').trim(),
    });
  }
  return items;
}
