import type { FromSchema } from 'json-schema-to-ts';
import { booleanSchema, idSchema } from './schemas/common.ts';

/**
 * Related products, picked by staff per product, in order: its accessories, its spare parts,
 * and similar products. A pick made two-way shows on the other product's page too: a similar
 * product among its similar ones, an accessory or spare part under "used with".
 */
export const RELATION_KINDS = ['accessory', 'spare_part', 'similar'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** How many related products one product may list. */
export const MAX_RELATED = 24;

export const relatedItemSchema = {
  type: 'object',
  properties: {
    product_id: idSchema,
    kind: { type: 'string', enum: RELATION_KINDS },
    /** The other product's page shows this one too. */
    two_way: booleanSchema,
  },
  required: ['product_id', 'kind'],
  additionalProperties: false,
} as const;
export type RelatedProduct = FromSchema<typeof relatedItemSchema>;

/** A product's related products, in the order staff put them (`related` of its body and detail). */
export const relatedSchema = {
  type: 'array',
  items: relatedItemSchema,
  maxItems: MAX_RELATED,
} as const;
