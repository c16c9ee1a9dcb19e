import { describe, expect, it } from 'vitest';
import { misspeltApostrophes, uzbekApostrophes } from '../src/uzbek.ts';
import { foldApostrophes } from '../src/search.ts';

// Uzbek's one orthography: ʻ (U+02BB) in oʻ and gʻ, ʼ (U+02BC) for the glottal stop.

describe('Uzbek apostrophes', () => {
  it('writes oʻ and gʻ with ʻ and the glottal stop with ʼ, whichever way they were typed', () => {
    expect(uzbekApostrophes("so‘rash bo'yicha Oʻxshash po`lat G´alla")).toBe(
      'so\u02BBrash bo\u02BByicha O\u02BBxshash po\u02BBlat G\u02BBalla',
    );
    expect(uzbekApostrophes("ma'lumot ta’minot san‘at Eʻlon")).toBe(
      'ma\u02BClumot ta\u02BCminot san\u02BCat E\u02BClon',
    );
  });

  it('leaves quotation marks at the edges of words, and text without apostrophes, as they are', () => {
    expect(uzbekApostrophes("'Hamkor' deb")).toBe("'Hamkor' deb");
    expect(uzbekApostrophes('Muvaffaqiyatli yuborildi')).toBe('Muvaffaqiyatli yuborildi');
    expect(uzbekApostrophes('5 kun')).toBe('5 kun');
  });

  it('names the words written otherwise', () => {
    expect(misspeltApostrophes("Ma'lumot yo‘q, bo\u02BBsh")).toEqual(["Ma'lumot", 'yo‘q,']);
    expect(misspeltApostrophes('ma\u02BClumot yo\u02BBq')).toEqual([]);
  });

  it('is found by search as any variant is (one letter there)', () => {
    expect(foldApostrophes(uzbekApostrophes("ma'lumot o'zbek"))).toBe(
      foldApostrophes('ma’lumot o‘zbek'),
    );
  });
});
