import type { SpecValue } from '@conveyor/shared';
import type { SeedCategory, SeedProduct, SpecKey } from './catalogue.ts';

// The demo catalogue's specifications as typed values: each category's template, and each
// product's figures read from the figures its texts were written with. A figure in another
// unit than its attribute's (a screw's Ø, a speed in rpm) stays in the description's line.

/** Each category's template, by its key: attribute codes in order, `!` when required. */
export const TEMPLATES: Record<string, string[]> = {
  belt: [
    'belt_width!',
    'length!',
    'load',
    'capacity',
    'speed',
    'motor_power!',
    'frame_material',
    'reversible',
  ],
  roller: [
    'belt_width!',
    'length!',
    'load!',
    'speed',
    'motor_power',
    'frame_material',
    'reversible',
  ],
  chain: ['belt_width', 'length!', 'load!', 'speed', 'motor_power', 'frame_material'],
  modular: ['belt_width!', 'length', 'load', 'capacity', 'speed', 'motor_power', 'frame_material'],
  screw: ['length!', 'capacity!', 'motor_power!', 'frame_material'],
  elevator: ['lift_height!', 'capacity!', 'motor_power!'],
  drives: ['motor_power!', 'speed'],
  automation: ['capacity', 'speed'],
};

/** Which attribute a figure of the texts is, and the unit it must be written in to be one. */
const FIGURES: Partial<Record<SpecKey, { code: string; unit: string; range: boolean }>> = {
  width: { code: 'belt_width', unit: 'mm', range: false },
  length: { code: 'length', unit: 'm', range: true },
  height: { code: 'lift_height', unit: 'm', range: true },
  capacity: { code: 'capacity', unit: 't/h', range: false },
  speed: { code: 'speed', unit: 'm/s', range: true },
  load: { code: 'load', unit: 'kg/m', range: false },
  power: { code: 'motor_power', unit: 'kW', range: true },
};

type Value = Omit<SpecValue, 'attribute_id'>;

/** `2–30 m`, `<=100 m`, `1.5 kW` in the given unit, as a value; null in any other form. */
function parse(text: string, unit: string, range: boolean): Value | null {
  const match = /^(<=)?(\d+(?:\.\d+)?)(?:–(\d+(?:\.\d+)?))? (.+)$/.exec(text);
  if (!match || match[4] !== unit) return null;
  const [, upTo, first, second] = match;
  if (!range) return upTo || second ? null : { value: Number(first) };
  if (upTo) return { max: Number(first) };
  return { min: Number(first), max: Number(second ?? first) };
}

/**
 * A demo product's typed values by attribute code, and the figures left as text (the ones no
 * attribute holds in that unit). Its frame: stainless steel when it is made for food; the
 * belt and roller conveyors of even rank run both ways.
 */
export function typedSpecs(
  category: SeedCategory,
  product: SeedProduct,
  rank: number,
): { values: Record<string, Value>; rest: SeedProduct['specs'] } {
  const values: Record<string, Value> = {};
  const rest: SeedProduct['specs'] = {};
  for (const [key, text] of Object.entries(product.specs) as [SpecKey, string][]) {
    const figure = FIGURES[key];
    const value = figure ? parse(text, figure.unit, figure.range) : null;
    if (figure && value) values[figure.code] = value;
    else rest[key] = text;
  }
  const template = TEMPLATES[category.key] ?? [];
  if (template.includes('frame_material')) {
    const food = /food|stainless/i.test(product.name.en + product.lead.en);
    values.frame_material = { option: food ? 'stainless' : 'steel' };
  }
  if (template.includes('reversible')) values.reversible = { value: rank % 2 === 0 };
  return { values, rest };
}
