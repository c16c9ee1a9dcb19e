import type { FromSchema } from 'json-schema-to-ts';
import { describeDuty, dutyInputSchema, type LeadDuty, leadDutySchema } from './conveyor/duty.ts';
import type { Language } from './languages.ts';
import { idSchema } from './schemas/common.ts';
import {
  type AttributeDefinition,
  describeParameters,
  type LeadParameter,
  leadParameterSchema,
  leadParametersSchema,
} from './specs.ts';

// A quote for several products at once (the site's quote basket): one lead whose items each
// name a product, a quantity, the parameters asked (a product's attributes marked `quote`, or
// a calculator's duty) and a note.

/** The most items one quote request carries. */
export const LEAD_ITEMS_MAX = 50;
/** The most of one item a request asks for. */
export const LEAD_ITEM_QUANTITY_MAX = 100000;

const noteSchema = { type: 'string', maxLength: 1000 } as const;
const quantitySchema = { type: 'integer', minimum: 1, maximum: LEAD_ITEM_QUANTITY_MAX } as const;

/** An item as the site sends it (POST /api/leads `items`). */
export const leadItemInputSchema = {
  type: 'object',
  properties: {
    product_id: idSchema,
    quantity: quantitySchema,
    parameters: leadParametersSchema,
    duty: dutyInputSchema,
    note: noteSchema,
  },
  required: ['product_id', 'quantity'],
  additionalProperties: false,
} as const;
export type LeadItemInput = FromSchema<typeof leadItemInputSchema>;

export const leadItemsInputSchema = {
  type: 'array',
  items: leadItemInputSchema,
  maxItems: LEAD_ITEMS_MAX,
} as const;

/**
 * An item as the lead keeps it: the product's name when it was asked (the lead still says what
 * was asked after a rename or a deletion), the parameters with their attributes' codes, the
 * duty with what it came to.
 */
export const leadItemSchema = {
  type: 'object',
  properties: {
    product_id: { type: 'integer' },
    name: { type: 'string' },
    quantity: { type: 'integer' },
    parameters: { type: 'array', items: leadParameterSchema },
    duty: leadDutySchema,
    note: { type: 'string' },
  },
  required: ['product_id', 'name', 'quantity', 'parameters', 'note'],
  additionalProperties: false,
} as const;

/** A lead's item (`items` of a lead). */
export interface LeadItem {
  product_id: number;
  name: string;
  quantity: number;
  parameters: LeadParameter[];
  duty?: LeadDuty | null;
  note: string;
}

/**
 * A lead's items as lines for people (the lead's screen, Telegram, e-mail, exports):
 * `Belt conveyor LK-800 × 2: Belt width: 800 mm; "for the second line"`, the parameters named
 * and formatted in the language by their attributes, a duty by describeDuty.
 */
export function describeItems(
  items: readonly LeadItem[],
  attributes: ReadonlyMap<number, AttributeDefinition>,
  language: Language,
): string[] {
  return items.map((item) => {
    const asked = [
      ...describeParameters(item.parameters, attributes, language),
      ...(item.duty ? describeDuty(item.duty, language) : []),
      ...(item.note.trim() ? [`“${item.note.trim()}”`] : []),
    ];
    const head = `${item.name || `#${item.product_id}`} × ${item.quantity}`;
    return asked.length ? `${head}: ${asked.join('; ')}` : head;
  });
}

/** The headers of an export's sheet of items (a leads XLSX's second sheet), and its name. */
export const LEAD_ITEM_SHEET: Record<
  Language,
  Record<'sheet' | 'lead' | 'product' | 'name' | 'quantity' | 'asked' | 'note', string>
> = {
  uz: {
    sheet: 'Mahsulotlar',
    lead: 'Murojaat ID',
    product: 'Mahsulot ID',
    name: 'Mahsulot',
    quantity: 'Miqdori',
    asked: 'Soʻralgan',
    note: 'Istaklar',
  },
  ru: {
    sheet: 'Продукция',
    lead: 'ID заявки',
    product: 'ID товара',
    name: 'Товар',
    quantity: 'Количество',
    asked: 'Запрошено',
    note: 'Пожелания',
  },
  en: {
    sheet: 'Items',
    lead: 'Request ID',
    product: 'Product ID',
    name: 'Product',
    quantity: 'Quantity',
    asked: 'Asked',
    note: 'Wishes',
  },
};
