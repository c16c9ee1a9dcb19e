import { describe, expect, it } from 'vitest';
import { foldApostrophes, hasCyrillic, searchQuery, uzbekToLatin } from '../src/search.ts';

describe('search text', () => {
  it('folds every apostrophe an Uzbek writer uses into one', () => {
    const variants = ['oʻzbek', 'oʼzbek', "o'zbek", 'o‘zbek', 'o’zbek', 'o`zbek', 'o´zbek'];
    expect(new Set(variants.map(foldApostrophes))).toEqual(new Set(['o\u02BBzbek']));
    expect(foldApostrophes('tasma')).toBe('tasma');
  });

  it('writes Uzbek Cyrillic in Latin letters', () => {
    expect(uzbekToLatin('ўзбек')).toBe('o\u02BBzbek');
    expect(uzbekToLatin('Лентали конвейер')).toBe('Lentali konveyer');
    expect(uzbekToLatin('ғалла')).toBe('g\u02BBalla');
    expect(uzbekToLatin('юк қувват шаҳар')).toBe('yuk quvvat shahar');
    // е: ye at a word's start and after a vowel, e elsewhere
    expect(uzbekToLatin('ер поезд')).toBe('yer poyezd');
    expect(uzbekToLatin('Ёғоч')).toBe('Yog\u02BBoch');
    expect(uzbekToLatin('1200 мм')).toBe('1200 mm');
  });

  it('makes a query: folded, and Cyrillic in Latin on an Uzbek page only', () => {
    expect(searchQuery('uz', '  ўзбек  конвейер ')).toBe('o\u02BBzbek konveyer');
    expect(searchQuery('uz', "o'zbek")).toBe('o\u02BBzbek');
    expect(searchQuery('ru', 'конвейер')).toBe('конвейер');
    expect(searchQuery('en', "o'zbek")).toBe('o\u02BBzbek');
    expect(hasCyrillic('abc')).toBe(false);
    expect(hasCyrillic('абв')).toBe(true);
  });
});
