import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/languages.ts';
import { unitCodeSchema } from '../src/specs.ts';
import { unitByCode, unitMatches, UNITS, unitSearchText } from '../src/units.ts';

/** The codes of the listed units a search finds, in the list's order. */
const found = (typed: string) =>
  UNITS.filter((unit) => unitMatches(unit, typed)).map((unit) => unit.code);

describe('the unit list', () => {
  it('holds codes the API takes, each once', () => {
    const pattern = new RegExp(unitCodeSchema.pattern);
    for (const { code } of UNITS) expect(code).toMatch(pattern);
    expect(new Set(UNITS.map((unit) => unit.code)).size).toBe(UNITS.length);
  });

  it('gives every unit a label and a name in every language', () => {
    for (const unit of UNITS) {
      for (const language of LANGUAGES) {
        expect(unit.label[language].trim(), `${unit.code} ${language}`).not.toBe('');
        expect(unit.name[language].trim(), `${unit.code} ${language}`).not.toBe('');
      }
    }
  });

  it('has the codes Rec 20 gives the demo’s throughput and linear load', () => {
    expect(unitByCode('E18')?.symbol).toBe('t/h');
    expect(unitByCode('KL')?.symbol).toBe('kg/m');
    expect(unitByCode('CEL')?.label.ru).toBe('°C');
    expect(unitByCode('XYZ')).toBeUndefined();
    expect(unitByCode(null)).toBeUndefined();
  });
});

describe('a unit searched for', () => {
  it('is found by the symbol staff know, in any language', () => {
    expect(found('°C')).toEqual(['CEL']);
    expect(found('мм')).toEqual(['MMT']);
    expect(found('kW')).toEqual(['KWT']);
    expect(found('кВт')).toEqual(['KWT']);
    expect(found('kVt')).toEqual(['KWT']);
    expect(found('t/h')).toEqual(['E18']);
    expect(found('т/ч')).toEqual(['E18']);
    expect(found('t/soat')).toEqual(['E18']);
    expect(found('kg/m')).toEqual(['KL', 'KMQ']);
  });

  it('is found by its name in any language, or its code', () => {
    expect(found('Celsius')).toEqual(['CEL']);
    expect(found('Цельсия')).toEqual(['CEL']);
    expect(found('Selsiy')).toEqual(['CEL']);
    expect(found('килограмм на метр')).toEqual(['KL']);
    expect(found('e18')).toEqual(['E18']);
  });

  it('folds compatibility forms, case and spacing', () => {
    expect(unitSearchText(' N · m ')).toBe('nm');
    expect(found('m2')).toEqual(['MTK']);
    expect(found('M³/H')).toEqual(['MQH']);
    expect(found('N m')).toContain('NU');
  });

  it('offers every unit to an empty search', () => {
    expect(found('  ')).toHaveLength(UNITS.length);
  });
});
