import type { Attribute } from '@conveyor/shared';
import { describe, expect, it } from 'vitest';
import { attributeView, groupRows, propertyValues, specRows, specText } from '../src/lib/specs.ts';

// A product page's Specifications: its values in its template's order, grouped, written for
// the page's language, and the same values as schema.org PropertyValues.

const attribute = (fields: Partial<Attribute> & Pick<Attribute, 'id' | 'code' | 'type'>) =>
  attributeView({
    unit: null,
    name_uz: '',
    name_ru: '',
    name_en: '',
    unit_uz: '',
    unit_ru: '',
    unit_en: '',
    group_uz: '',
    group_ru: '',
    group_en: '',
    decimals: 0,
    filterable: false,
    comparable: true,
    quote: false,
    options: [],
    is_active: true,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  } as Attribute);

const dimensions = { group_ru: 'Размеры', group_en: 'Dimensions', group_uz: "O'lchamlar" };
const width = attribute({
  id: 1,
  code: 'belt_width',
  type: 'number',
  unit: 'MMT',
  name_ru: 'Ширина ленты',
  name_en: 'Belt width',
  unit_ru: 'мм',
  unit_en: 'mm',
  ...dimensions,
});
const length = attribute({
  id: 2,
  code: 'length',
  type: 'range',
  unit: 'MTR',
  name_en: 'Length',
  unit_en: 'm',
  decimals: 1,
  ...dimensions,
});
const frame = attribute({
  id: 3,
  code: 'frame',
  type: 'enum',
  name_en: 'Frame',
  group_en: 'Design',
  options: [{ code: 'steel', name_en: 'Steel', name_ru: 'Сталь' }],
});
const attributes = new Map([width, length, frame].map((a) => [a.id, a]));

describe('product specifications', () => {
  const rows = specRows(
    [
      { attribute_id: 3, option: 'steel' },
      { attribute_id: 1, value: 1200 },
      { attribute_id: 2, min: 2, max: 30.5 },
      // an attribute the site does not show (switched off), and an empty value
      { attribute_id: 9, value: 5 },
      { attribute_id: 2, min: null, max: null },
    ],
    [{ attribute_id: 2 }, { attribute_id: 1 }],
    attributes,
  );

  it("orders the values by the category's template, then the extras, leaving out what is not shown", () => {
    expect(rows.map((row) => row.attribute.code)).toEqual(['length', 'belt_width', 'frame']);
  });

  it('groups them under their group in the language of the page', () => {
    expect(
      groupRows(rows, 'en').map(({ group, rows: members }) => [group, members.length]),
    ).toEqual([
      ['Dimensions', 2],
      ['Design', 1],
    ]);
  });

  it('writes figures for the page: decimal comma and grouped thousands in Russian, the unit after', () => {
    expect(specText(rows[1]!, 'ru')).toBe('1\u00a0200\u00a0мм');
    expect(specText(rows[1]!, 'en')).toBe('1,200\u00a0mm');
    expect(specText(rows[0]!, 'ru')).toBe('2,0–30,5\u00a0m');
    expect(specText(rows[2]!, 'ru')).toBe('Сталь');
  });

  it('gives search engines each value as a PropertyValue with its UN/CEFACT unit', () => {
    expect(propertyValues(rows, 'en')).toEqual([
      {
        '@type': 'PropertyValue',
        propertyID: 'length',
        name: 'Length',
        minValue: 2,
        maxValue: 30.5,
        unitCode: 'MTR',
        unitText: 'm',
      },
      {
        '@type': 'PropertyValue',
        propertyID: 'belt_width',
        name: 'Belt width',
        value: 1200,
        unitCode: 'MMT',
        unitText: 'mm',
      },
      { '@type': 'PropertyValue', propertyID: 'frame', name: 'Frame', value: 'Steel' },
    ]);
  });
});
