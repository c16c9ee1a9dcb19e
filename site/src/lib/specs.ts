import {
  type Attribute,
  formatSpec,
  isSpecEmpty,
  type Language,
  pickLocalized,
  type SpecValue,
  type TemplateEntry,
} from '@conveyor/shared';

/**
 * What a page shows of an attribute: its definition without its timestamps and switches, so that
 * a page's key (src/lib/plan/) changes when a label it shows changes, and only then.
 */
export type AttributeView = Omit<Attribute, 'created_at' | 'updated_at' | 'is_active'>;

/** One line of a product's Specifications: the attribute and the product's value of it. */
export interface SpecRow {
  attribute: AttributeView;
  spec: SpecValue;
}

/** The attribute as pages see it (AttributeView). */
export function attributeView(attribute: Attribute): AttributeView {
  const { created_at: _created, updated_at: _updated, is_active: _active, ...view } = attribute;
  return view;
}

/**
 * A product's filled-in values, in its category template's order, then the extra attributes it
 * has by code; only active attributes (`attributes` holds those).
 */
export function specRows(
  specs: readonly SpecValue[],
  template: readonly TemplateEntry[],
  attributes: ReadonlyMap<number, AttributeView>,
): SpecRow[] {
  const position = new Map(template.map((entry, index) => [entry.attribute_id, index]));
  const rows: SpecRow[] = [];
  for (const spec of specs) {
    const attribute = attributes.get(spec.attribute_id);
    if (attribute && !isSpecEmpty(attribute.type, spec)) rows.push({ attribute, spec });
  }
  const rank = (row: SpecRow) => position.get(row.attribute.id) ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => rank(a) - rank(b) || a.attribute.code.localeCompare(b.attribute.code));
}

/** The rows under their group's heading in the page's language, groups in order of appearance. */
export function groupRows(
  rows: readonly SpecRow[],
  lang: Language,
): { group: string; rows: SpecRow[] }[] {
  const groups = new Map<string, SpecRow[]>();
  for (const row of rows) {
    const group = pickLocalized(row.attribute, 'group', lang);
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  return [...groups].map(([group, members]) => ({ group, rows: members }));
}

const definition = (attribute: AttributeView) => ({
  ...attribute,
  decimals: attribute.decimals ?? 0,
  options: attribute.options ?? [],
});

/** A value as the page's language writes it, with its unit (`1 200 mm`, `2–30 m`). */
export const specText = (row: SpecRow, lang: Language): string =>
  formatSpec(definition(row.attribute), row.spec, lang);

/**
 * The values as schema.org PropertyValues (a Product's `additionalProperty`): a figure as a
 * number with its UN/CEFACT `unitCode` and `unitText`, a range as `minValue`/`maxValue`, a
 * choice, a yes/no or a text as the words the page shows.
 */
export function propertyValues(rows: readonly SpecRow[], lang: Language) {
  return rows.map(({ attribute, spec }) => {
    const name = pickLocalized(attribute, 'name', lang) || attribute.code;
    const unitText = pickLocalized(attribute, 'unit', lang);
    const unit = {
      ...(attribute.unit ? { unitCode: attribute.unit } : {}),
      ...(unitText ? { unitText } : {}),
    };
    const base = { '@type': 'PropertyValue', propertyID: attribute.code, name };
    switch (attribute.type) {
      case 'number':
        return { ...base, value: spec.value, ...unit };
      case 'range':
        return {
          ...base,
          ...(typeof spec.min === 'number' ? { minValue: spec.min } : {}),
          ...(typeof spec.max === 'number' ? { maxValue: spec.max } : {}),
          ...unit,
        };
      default:
        return { ...base, value: specText({ attribute, spec }, lang) };
    }
  });
}
