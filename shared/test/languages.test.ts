import { describe, expect, it } from 'vitest';
import {
  ADMIN_DEFAULT_LANGUAGE,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  ownText,
  pickLocalized,
} from '../src/languages.ts';

describe('ownText', () => {
  it("answers a record's own text in a language, never another language's", () => {
    const record = { name_ru: ' Конвейер ', name_uz: '   ', name_en: null };
    expect(ownText(record, 'name', 'ru')).toBe('Конвейер');
    expect(ownText(record, 'name', 'uz')).toBe('');
    expect(ownText(record, 'name', 'en')).toBe('');
    expect(ownText({}, 'title', 'ru')).toBe('');
  });
});

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
  it('puts the default language first in the switcher, and holds each code once', () => {
    expect(LANGUAGES[0]).toBe(DEFAULT_LANGUAGE);
    expect(new Set(LANGUAGES).size).toBe(LANGUAGES.length);
    expect(LANGUAGES).toContain(ADMIN_DEFAULT_LANGUAGE);
  });

  it('falls back through the other languages in switcher order', () => {
    // ru empty: the first filled language after it in LANGUAGES wins, whatever was asked.
    const record = { name_ru: '', name_uz: 'Konveyer', name_en: 'Conveyor' };
    const expected = LANGUAGES.map((lang) => record[`name_${lang}`]).find(Boolean);
    expect(pickLocalized(record, 'name', 'ru')).toBe(expected);
  });

  it('recognises only those codes', () => {
    for (const lang of LANGUAGES) expect(isLanguage(lang)).toBe(true);
    expect(isLanguage('de')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
