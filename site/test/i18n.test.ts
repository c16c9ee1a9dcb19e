import { describe, expect, it } from 'vitest';
import { localePath, messages, pick } from '../src/i18n/index.ts';

describe('site texts', () => {
  it('exist in ru, uz and en with the same keys, none empty', () => {
    const keys = Object.keys(messages.ru).sort();
    expect(Object.keys(messages.uz).sort()).toEqual(keys);
    expect(Object.keys(messages.en).sort()).toEqual(keys);
    for (const catalogue of Object.values(messages)) {
      expect(Object.values(catalogue).every((text) => text.trim() !== '')).toBe(true);
    }
  });

  it('put Russian at the spec paths and the others under a prefix', () => {
    expect(localePath('ru', '/')).toBe('/');
    expect(localePath('ru', '/catalog/5')).toBe('/catalog/5');
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('uz', '/catalog/5/products/7')).toBe('/uz/catalog/5/products/7');
  });

  it('pick fields by language with the Russian fallback', () => {
    expect(pick({ name_ru: 'Конвейер', name_uz: '', name_en: 'Conveyor' }, 'name', 'uz')).toBe(
      'Конвейер',
    );
    expect(pick({ name_ru: 'Конвейер', name_uz: 'Konveyer', name_en: '' }, 'name', 'uz')).toBe(
      'Konveyer',
    );
  });
});
