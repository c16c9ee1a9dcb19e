import { describe, expect, it } from 'vitest';
import {
  type AttributeDefinition,
  formatNumber,
  formatSpec,
  isSpecEmpty,
  specProblem,
} from '../src/specs.ts';
import { LANGUAGES } from '../src/languages.ts';

const attribute = (over: Partial<AttributeDefinition>): AttributeDefinition => ({
  id: 1,
  code: 'belt_width',
  type: 'number',
  decimals: 0,
  options: [],
  unit_uz: 'mm',
  unit_ru: 'мм',
  unit_en: 'mm',
  ...over,
});
const width = attribute({});
const length = attribute({ id: 2, code: 'length', type: 'range', decimals: 1, unit_ru: 'м' });
const frame = attribute({
  id: 3,
  code: 'frame',
  type: 'enum',
  unit_uz: null,
  unit_ru: null,
  unit_en: null,
  options: [
    { code: 'steel', name_ru: 'Сталь', name_uz: "Po'lat", name_en: 'Steel' },
    { code: 'aluminium', name_ru: 'Алюминий', name_en: 'Aluminium' },
  ],
});
const reversible = attribute({ id: 4, code: 'reversible', type: 'boolean', unit_ru: null });
const note = attribute({ id: 5, code: 'note', type: 'text', unit_ru: null });

describe('a value checked against its attribute', () => {
  it('takes a value of the right type, and an empty one', () => {
    expect(specProblem(width, { attribute_id: 1, value: 1200 })).toBeNull();
    expect(specProblem(width, { attribute_id: 1 })).toBeNull();
    expect(specProblem(length, { attribute_id: 2, min: 1.5, max: 12 })).toBeNull();
    expect(specProblem(length, { attribute_id: 2, min: 2 })).toBeNull();
    expect(specProblem(frame, { attribute_id: 3, option: 'steel' })).toBeNull();
    expect(specProblem(reversible, { attribute_id: 4, value: false })).toBeNull();
    expect(specProblem(note, { attribute_id: 5, text_ru: 'Под заказ' })).toBeNull();
  });

  it('refuses a field of another type or the wrong kind of value', () => {
    expect(specProblem(width, { attribute_id: 1, value: true })).toBe('type');
    expect(specProblem(width, { attribute_id: 1, value: 1, min: 1 })).toBe('type');
    expect(specProblem(width, { attribute_id: 1, value: Number.POSITIVE_INFINITY })).toBe('type');
    expect(specProblem(reversible, { attribute_id: 4, value: 1 })).toBe('type');
    expect(specProblem(length, { attribute_id: 2, value: 3 })).toBe('type');
    expect(specProblem(frame, { attribute_id: 3, text_en: 'steel' })).toBe('type');
    expect(specProblem(note, { attribute_id: 5, option: 'steel' })).toBe('type');
  });

  it('refuses a range upside down, an unknown option and too many decimals', () => {
    expect(specProblem(length, { attribute_id: 2, min: 12, max: 1 })).toBe('order');
    expect(specProblem(length, { attribute_id: 2, min: 3, max: 3 })).toBeNull();
    expect(specProblem(frame, { attribute_id: 3, option: 'wood' })).toBe('option');
    expect(specProblem(width, { attribute_id: 1, value: 1200.5 })).toBe('decimals');
    expect(specProblem(length, { attribute_id: 2, min: 0.1, max: 0.25 })).toBe('decimals');
    // binary fractions do not count as digits: 0.1 + 0.2 has one decimal
    expect(specProblem(length, { attribute_id: 2, min: 0.1 + 0.2 })).toBeNull();
  });
});

describe('an empty value', () => {
  it('is one with no field of its type filled in', () => {
    expect(isSpecEmpty('number', undefined)).toBe(true);
    expect(isSpecEmpty('number', { attribute_id: 1, value: null })).toBe(true);
    expect(isSpecEmpty('number', { attribute_id: 1, value: 0 })).toBe(false);
    expect(isSpecEmpty('boolean', { attribute_id: 4, value: false })).toBe(false);
    expect(isSpecEmpty('range', { attribute_id: 2, max: 5 })).toBe(false);
    expect(isSpecEmpty('text', { attribute_id: 5, text_uz: '' })).toBe(true);
  });
});

describe('a value as a page prints it', () => {
  const nbsp = '\u00a0';
  // Intl groups thousands with a non-breaking space of its own (narrow in Russian and Uzbek)
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it('groups thousands, with a decimal comma in Russian and Uzbek and a point in English', () => {
    expect(plain(formatNumber(1234.5, 1, 'ru'))).toBe('1 234,5');
    expect(plain(formatNumber(1234.5, 1, 'uz'))).toBe('1 234,5');
    expect(formatNumber(1234.5, 1, 'en')).toBe('1,234.5');
    expect(formatNumber(2, 2, 'en')).toBe('2.00');
    expect(formatNumber(1234.5, 1, 'ru')).not.toMatch(/ /);
  });

  it("writes every figure as Intl's formatter of its language does", () => {
    // formatNumber writes the figures it need not round without Intl's formatting: the two must
    // agree on figures of every kind (Intl rounds the shortest form, not the binary value: 1.005)
    const figures = [0, -0, 1, 7, 12.5, 999, 999.4, 999.5, 999.99, 1000, 1.005, 0.125, 1.45];
    for (let step = 0; step < 4000; step++) {
      figures.push(step * 0.37, step / 8, -step * 1.3, step * 137, step ** 3 / 100);
    }
    figures.push(1e-7, 5e-324, 1e21, 123456.789, Number.MAX_SAFE_INTEGER);
    const differ: string[] = [];
    for (const language of LANGUAGES) {
      for (const decimals of [0, 1, 2, 3]) {
        const intl = new Intl.NumberFormat(language === 'uz' ? 'ru' : language, {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        });
        for (const figure of figures) {
          const ours = formatNumber(figure, decimals, language);
          if (ours !== intl.format(figure))
            differ.push(`${language} ${figure}/${decimals}: ${ours}`);
        }
      }
    }
    expect(differ).toEqual([]);
  });

  it('adds the unit label of the language, joined by a non-breaking space', () => {
    expect(plain(formatSpec(width, { attribute_id: 1, value: 1200 }, 'ru'))).toBe('1 200 мм');
    expect(formatSpec(width, { attribute_id: 1, value: 1200 }, 'en')).toBe(`1,200${nbsp}mm`);
  });

  it('prints ranges with a dash, or the one end they have', () => {
    expect(formatSpec(length, { attribute_id: 2, min: 1, max: 12 }, 'ru')).toBe(`1,0–12,0${nbsp}м`);
    expect(formatSpec(length, { attribute_id: 2, min: 3, max: 3 }, 'en')).toBe(`3.0${nbsp}mm`);
    expect(formatSpec(length, { attribute_id: 2, min: 2 }, 'en')).toBe(`from 2.0${nbsp}mm`);
    expect(formatSpec(length, { attribute_id: 2, max: 12 }, 'ru')).toBe(`до 12,0${nbsp}м`);
  });

  it('names options and yes/no in the language, falling back as the site does', () => {
    expect(formatSpec(frame, { attribute_id: 3, option: 'steel' }, 'uz')).toBe("Po'lat");
    expect(formatSpec(frame, { attribute_id: 3, option: 'aluminium' }, 'uz')).toBe('Алюминий');
    expect(formatSpec(reversible, { attribute_id: 4, value: true }, 'ru')).toBe('Да');
    expect(formatSpec(reversible, { attribute_id: 4, value: false }, 'en')).toBe('No');
    expect(formatSpec(note, { attribute_id: 5, text_ru: 'Под заказ' }, 'en')).toBe('Под заказ');
  });

  it('prints nothing for an empty value', () => {
    expect(formatSpec(width, undefined, 'ru')).toBe('');
    expect(formatSpec(width, { attribute_id: 1, value: null }, 'ru')).toBe('');
  });
});
