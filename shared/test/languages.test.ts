import { describe, expect, it } from 'vitest';
import { isLanguage, LANGUAGES, pickLocalized } from '../src/languages.ts';

describe('pickLocalized', () => {
  const record = { name_ru: 'Конвейер', name_uz: 'Konveyer', name_en: 'Conveyor' };

  it('picks the field of the wanted language', () => {
    expect(pickLocalized(record, 'name', 'ru')).toBe('Конвейер');
    expect(pickLocalized(record, 'name', 'uz')).toBe('Konveyer');
    expect(pickLocalized(record, 'name', 'en')).toBe('Conveyor');
  });

  it('falls back to Russian when the wanted translation is empty or blank', () => {
    expect(pickLocalized({ ...record, name_en: '' }, 'name', 'en')).toBe('Конвейер');
    expect(pickLocalized({ ...record, name_uz: '   ' }, 'name', 'uz')).toBe('Конвейер');
    expect(pickLocalized({ ...record, name_en: null }, 'name', 'en')).toBe('Конвейер');
  });

  it('falls back to any filled language when Russian is empty too', () => {
    expect(pickLocalized({ name_ru: '', name_uz: 'Konveyer', name_en: '' }, 'name', 'en')).toBe(
      'Konveyer',
    );
  });

  it('gives an empty string when no language is filled', () => {
    expect(pickLocalized({ name_ru: '', name_uz: null }, 'name', 'uz')).toBe('');
    expect(pickLocalized({}, 'description', 'ru')).toBe('');
  });
});

describe('languages', () => {
  it('lists ru, uz and en in the switcher order', () => {
    expect(LANGUAGES).toEqual(['ru', 'uz', 'en']);
  });

  it('recognises only those codes', () => {
    expect(isLanguage('uz')).toBe(true);
    expect(isLanguage('de')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
