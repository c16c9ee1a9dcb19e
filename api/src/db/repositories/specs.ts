import type {
  AttributeDefinition,
  AttributeOption,
  SpecValue,
  TemplateEntry,
} from '@conveyor/shared';
import type { Selectable } from 'kysely';
import type { CategoryAttributesTable, ProductSpecsTable } from '../types.ts';
import type { Executor } from './table.ts';

// The rows of the specifications (shared/src/specs.ts): categories' templates and products'
// values. A value is stored in the columns of its attribute's type, the others null.

/** The attributes of these ids (the ones that exist), by id, with what checks need. */
export async function attributeDefinitions(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, AttributeDefinition>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('attributes')
    .select([
      'id',
      'code',
      'type',
      'decimals',
      'options',
      'unit_uz',
      'unit_ru',
      'unit_en',
      'name_uz',
      'name_ru',
      'name_en',
    ])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        type: row.type as AttributeDefinition['type'],
        decimals: Number(row.decimals),
        options: JSON.parse(row.options) as AttributeOption[],
      },
    ]),
  );
}

type TemplateRow = Pick<
  Selectable<CategoryAttributesTable>,
  'category_id' | 'attribute_id' | 'required'
>;

const toEntry = (row: TemplateRow): TemplateEntry => ({
  attribute_id: row.attribute_id,
  required: Boolean(row.required),
});

/** The templates of one category, or of all (a site build), by category id, in order. */
export async function templates(
  db: Executor,
  categoryId?: number,
): Promise<Map<number, TemplateEntry[]>> {
  const rows = await db
    .selectFrom('category_attributes')
    .select(['category_id', 'attribute_id', 'required'])
    .$if(categoryId !== undefined, (query) => query.where('category_id', '=', categoryId!))
    .orderBy('category_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byCategory = new Map<number, TemplateEntry[]>();
  for (const row of rows) {
    const list = byCategory.get(row.category_id) ?? [];
    list.push(toEntry(row));
    byCategory.set(row.category_id, list);
  }
  return byCategory;
}

/** Replaces a category's template with these entries, in this order. */
export async function setTemplate(
  db: Executor,
  categoryId: number,
  entries: readonly TemplateEntry[],
): Promise<void> {
  await db.deleteFrom('category_attributes').where('category_id', '=', categoryId).execute();
  if (!entries.length) return;
  await db
    .insertInto('category_attributes')
    .values(
      entries.map((entry, position) => ({
        category_id: categoryId,
        attribute_id: entry.attribute_id,
        position,
        required: entry.required ?? false,
      })),
    )
    .execute();
}

/** A stored value's columns, besides its product (a product's detail reads them too). */
export const SPEC_COLUMNS = [
  'attribute_id',
  'value_number',
  'value_boolean',
  'min',
  'max',
  'option',
  'text_uz',
  'text_ru',
  'text_en',
] as const;

/** A stored value, as both databases hand it back (SQLite: a boolean as 0 or 1). */
export type SpecRow = Omit<Selectable<ProductSpecsTable>, 'id'>;

/** A stored value as the API answers it: its attribute and the fields its type fills in. */
export function toSpec(row: Omit<SpecRow, 'product_id'>): SpecValue {
  const spec: SpecValue = { attribute_id: row.attribute_id };
  if (row.value_boolean !== null) spec.value = Boolean(row.value_boolean);
  else if (row.value_number !== null) spec.value = Number(row.value_number);
  if (row.min !== null) spec.min = Number(row.min);
  if (row.max !== null) spec.max = Number(row.max);
  if (row.option !== null) spec.option = row.option;
  for (const key of ['text_uz', 'text_ru', 'text_en'] as const) {
    if (row[key] !== null) spec[key] = row[key];
  }
  return spec;
}

/**
 * The values of one product, of some (a sheet's), or of all (a site build), by product id, by
 * attribute id.
 */
export async function productSpecs(
  db: Executor,
  productId?: number | readonly number[],
): Promise<Map<number, SpecValue[]>> {
  const ids = productId === undefined ? undefined : [productId].flat();
  const rows = await db
    .selectFrom('product_specs')
    .select(['product_id', ...SPEC_COLUMNS])
    .$if(ids !== undefined, (query) => query.where('product_id', 'in', ids!.length ? ids! : [0]))
    .orderBy('product_id')
    .orderBy('attribute_id')
    .execute();
  const byProduct = new Map<number, SpecValue[]>();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(toSpec(row));
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

const orNull = <T>(value: T | undefined | null | '') =>
  value === undefined || value === '' ? null : value;

/** Replaces a product's values with these (checked: each in the fields of its type). */
export async function setProductSpecs(
  db: Executor,
  productId: number,
  specs: readonly SpecValue[],
): Promise<void> {
  await db.deleteFrom('product_specs').where('product_id', '=', productId).execute();
  if (!specs.length) return;
  await db
    .insertInto('product_specs')
    .values(
      specs.map((spec) => ({
        product_id: productId,
        attribute_id: spec.attribute_id,
        value_number: typeof spec.value === 'number' ? spec.value : null,
        value_boolean: typeof spec.value === 'boolean' ? spec.value : null,
        min: orNull(spec.min),
        max: orNull(spec.max),
        option: orNull(spec.option),
        text_uz: orNull(spec.text_uz),
        text_ru: orNull(spec.text_ru),
        text_en: orNull(spec.text_en),
      })),
    )
    .execute();
}

/** How many products have values of an attribute, and which categories' templates list it. */
export async function attributeUse(
  db: Executor,
  attributeId: number,
): Promise<{ products: number; categories: number }> {
  const count = async (table: 'product_specs' | 'category_attributes') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('attribute_id', '=', attributeId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return { products: await count('product_specs'), categories: await count('category_attributes') };
}

/** The option codes products hold of an attribute, each once. */
export async function optionsHeld(db: Executor, attributeId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('product_specs')
    .select('option')
    .distinct()
    .where('attribute_id', '=', attributeId)
    .where('option', 'is not', null)
    .execute();
  return rows.map((row) => row.option!);
}
