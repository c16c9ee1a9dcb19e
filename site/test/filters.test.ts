import type { Attribute } from '@conveyor/shared';
import { describe, expect, it } from 'vitest';
import {
  categoryFilters,
  fieldsOfState,
  filterViews,
  matching,
  parseQuery,
  stateOfForm,
  toQuery,
} from '../src/lib/filters.ts';
import { attributeView } from '../src/lib/specs.ts';

// A category page's filters: planned from its template and its products' values, matched in
// the browser, their state kept in the address.

const attribute = (fields: Partial<Attribute> & Pick<Attribute, 'id' | 'code' | 'type'>) =>
  attributeView({
    unit: null,
    name_uz: '',
    name_ru: '',
    name_en: fields.code,
    unit_uz: '',
    unit_ru: '',
    unit_en: '',
    group_uz: '',
    group_ru: '',
    group_en: '',
    decimals: 0,
    filterable: true,
    comparable: true,
    quote: false,
    options: [],
    is_active: true,
    created_at: '',
    updated_at: '',
    ...fields,
  } as Attribute);

const attributes = new Map(
  [
    attribute({ id: 1, code: 'belt_width', type: 'number', unit_en: 'mm' }),
    attribute({ id: 2, code: 'length', type: 'range' }),
    attribute({
      id: 3,
      code: 'frame',
      type: 'enum',
      options: [
        { code: 'steel', name_en: 'Steel', name_ru: 'Сталь' },
        { code: 'alu', name_en: 'Aluminium' },
        { code: 'wood', name_en: 'Wood' },
      ],
    }),
    attribute({ id: 4, code: 'reversible', type: 'boolean' }),
    attribute({ id: 5, code: 'note', type: 'text' }),
    attribute({ id: 6, code: 'hidden', type: 'number', filterable: false }),
  ].map((a) => [a.id, a]),
);
const template = [1, 2, 3, 4, 5, 6].map((id) => ({ attribute_id: id }));
const products = [
  {
    id: 10,
    specs: [
      { attribute_id: 1, value: 400 },
      { attribute_id: 2, min: 2, max: 30 },
      { attribute_id: 3, option: 'steel' },
      { attribute_id: 4, value: true },
      { attribute_id: 6, value: 1 },
    ],
  },
  {
    id: 11,
    specs: [
      { attribute_id: 1, value: 800 },
      { attribute_id: 2, max: 8 },
      { attribute_id: 3, option: 'alu' },
      { attribute_id: 4, value: false },
    ],
  },
  { id: 12, specs: [{ attribute_id: 1, value: 1200 }] },
];

describe('category filters', () => {
  const { filters, data } = categoryFilters(template, attributes, products);

  it('offers the filterable figures, choices and yes/no that products have, with their bounds and counts', () => {
    expect(filters.map((filter) => filter.attribute.code)).toEqual([
      'belt_width',
      'length',
      'frame',
      'reversible',
    ]);
    const views = filterViews(filters, 'ru');
    expect(views[0]).toMatchObject({ bounds: [400, 1200] });
    expect(views[1]).toMatchObject({ bounds: [2, 30] });
    // an option no product has is not offered; labels in the page's language
    expect(views[2]!.options).toEqual([
      { code: 'steel', label: 'Сталь', count: 1 },
      { code: 'alu', label: 'Aluminium', count: 1 },
    ]);
    expect(views[3]!.options).toEqual([
      { code: '1', label: 'Да', count: 1 },
      { code: '0', label: 'Нет', count: 1 },
    ]);
  });

  it('matches figures within bounds, ranges that reach into them, and any chosen option', () => {
    const ids = (state: Parameters<typeof matching>[1]) => [...matching(data, state)];
    expect(ids({})).toEqual([10, 11, 12]);
    expect(ids({ belt_width: { min: 500 } })).toEqual([11, 12]);
    expect(ids({ belt_width: { min: 500, max: 1000 } })).toEqual([11]);
    // a 2–30 m conveyor is one of at least 10 m; one up to 8 m is not; one without a length is not
    expect(ids({ length: { min: 10 } })).toEqual([10]);
    expect(ids({ length: { max: 5 } })).toEqual([10, 11]);
    expect(ids({ frame: ['steel', 'alu'] })).toEqual([10, 11]);
    expect(ids({ frame: ['alu'], belt_width: { max: 500 } })).toEqual([]);
    expect(ids({ reversible: ['0'] })).toEqual([11]);
  });

  it('keeps the state in the address and reads it back', () => {
    const views = filterViews(filters, 'en');
    const state = {
      belt_width: { min: 400, max: 800 },
      frame: ['steel', 'alu'],
      length: { max: 5 },
    };
    const query = toQuery(state, views);
    expect(query).toBe('?belt_width=400-800&length=-5&frame=steel,alu');
    expect(parseQuery(query, views)).toEqual(state);
    // what is not a filter of the page, or not a number, is left out
    expect(parseQuery('?belt_width=abc-&nope=1&frame=', views)).toEqual({});
  });

  it('reads the state from what the form holds, and gives each field its value for a state', () => {
    const views = filterViews(filters, 'en');
    const form = new FormData();
    // typed as visitors type: a comma for the point, spaces around, a box left empty
    form.set('belt_width_min', ' 450 ');
    form.set('belt_width_max', '');
    form.set('length_max', '7,5');
    form.append('frame', 'steel');
    form.append('frame', 'alu');
    expect(stateOfForm(form, views)).toEqual({
      belt_width: { min: 450 },
      length: { max: 7.5 },
      frame: ['steel', 'alu'],
    });
    // not a figure: no bound; nothing at all: no filter
    const odd = new FormData();
    odd.set('belt_width_min', 'abc');
    expect(stateOfForm(odd, views)).toEqual({});

    const fields = fieldsOfState({ belt_width: { min: 450 }, frame: ['alu'] }, views);
    expect(fields.figures).toMatchObject({
      belt_width_min: '450',
      belt_width_max: '',
      length_min: '',
      length_max: '',
    });
    expect(fields.checked).toMatchObject({ frame: ['alu'], reversible: [] });
    // the fields of a state read back as that state
    const again = new FormData();
    for (const [name, value] of Object.entries(fields.figures)) again.set(name, value);
    for (const [name, values] of Object.entries(fields.checked)) {
      for (const value of values) again.append(name, value);
    }
    expect(stateOfForm(again, views)).toEqual({ belt_width: { min: 450 }, frame: ['alu'] });
  });
});
