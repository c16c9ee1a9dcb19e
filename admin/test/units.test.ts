import { describe, expect, it } from 'vitest';
import { labelsAfterPick, matchUnit, unitChoices } from '../src/attributes/units.ts';

// The attribute form's unit picker: the shared UN/CEFACT list in the staff's language, searched
// in any language, and the labels a pick fills in.

const choice = (code: string, language: 'uz' | 'ru' | 'en' = 'ru') =>
  unitChoices(language).find((each) => each.id === code)!;

describe('the unit picker', () => {
  it('reads each unit in the staff’s language, its code beside it', () => {
    expect(choice('MMT', 'ru').name).toBe('мм — миллиметр · MMT');
    expect(choice('E18', 'uz').name).toBe('t/soat — tonna soatiga · E18');
    expect(choice('CEL', 'en').name).toBe('°C — degree Celsius · CEL');
  });

  it('keeps a valid code the list does not have, as its code alone', () => {
    const choices = unitChoices('en', 'KTN');
    expect(choices.at(-1)).toEqual({ id: 'KTN', name: 'KTN' });
    expect(unitChoices('en', 'MMT').some((each) => each.name === 'MMT')).toBe(false);
    expect(matchUnit('ktn', { id: 'KTN', name: 'KTN' })).toBe(true);
  });

  it('finds a unit by what is typed in any language, and by its own text once picked', () => {
    const ru = unitChoices('ru');
    const found = (typed: string) =>
      ru.filter((each) => matchUnit(typed, each)).map((each) => each.id);
    expect(found('°C')).toEqual(['CEL']);
    expect(found('kW')).toEqual(['KWT']);
    expect(found('t/h')).toEqual(['E18']);
    expect(found('мм')).toEqual(['MMT']);
    // the input shows the picked unit's text: that text finds it, exactly
    expect(matchUnit(choice('KL').name, choice('KL'))).toBe(true);
    expect(matchUnit(choice('KL').name, choice('KL'), true)).toBe(true);
    expect(matchUnit('кг/м', choice('KL'), true)).toBe(false);
  });
});

describe('the labels a pick fills in', () => {
  it('fills in the empty ones with the unit’s labels', () => {
    expect(labelsAfterPick({}, null, 'E18')).toEqual({
      unit_uz: 't/soat',
      unit_ru: 'т/ч',
      unit_en: 't/h',
    });
  });

  it('replaces the previous unit’s labels, keeps what staff wrote', () => {
    expect(
      labelsAfterPick({ unit_uz: 'mm', unit_ru: 'миллиметров', unit_en: ' ' }, 'MMT', 'CMT'),
    ).toEqual({ unit_uz: 'sm', unit_en: 'cm' });
  });

  it('fills in nothing when the unit is cleared or not listed', () => {
    expect(labelsAfterPick({}, 'MMT', null)).toEqual({});
    expect(labelsAfterPick({}, 'MMT', 'KTN')).toEqual({});
  });
});
