import { describe, expect, it } from 'vitest';
import { ELLIPSIS, paragraphs, shorten } from '../src/lib/text.ts';

const length = (text: string) => [...text].length;

describe('shortening a text', () => {
  it('returns a text that fits whole, on one line', () => {
    expect(shorten('Ленточный конвейер', 160)).toBe('Ленточный конвейер');
    expect(shorten('  Ленточный\n\nконвейер  ', 160)).toBe('Ленточный конвейер');
    expect(shorten('', 160)).toBe('');
    expect(shorten('abcde', 5)).toBe('abcde');
  });

  it('cuts Cyrillic at a word boundary and ends with "…", within the limit', () => {
    const text = 'Ленточный конвейер для сыпучих грузов на складах и производствах';
    const short = shorten(text, 30);
    expect(short).toBe('Ленточный конвейер для…');
    expect(length(short)).toBeLessThanOrEqual(30);
    // a word that ends exactly where the room ends is kept whole
    expect(shorten('один два три', 9)).toBe('один два…');
    expect(shorten('один два три', 8)).toBe('один…');
  });

  it('never leaves a number without the unit that follows it', () => {
    const text = 'Модульный ленточный конвейер. Длина: до 1 200 мм, скорость до 2 м/с.';
    // cut at the last space that fits, it would end "… Длина: до 1"
    for (let max = 42; max <= 52; max++) {
      const short = shorten(text, max);
      expect(short, `at ${max}`).toMatch(/…$/);
      expect(short, `at ${max}`).not.toMatch(/\d…$/);
      expect(length(short), `at ${max}`).toBeLessThanOrEqual(max);
    }
    expect(shorten(text, 45)).toBe('Модульный ленточный конвейер. Длина: до…');
    expect(shorten(text, 50)).toBe('Модульный ленточный конвейер. Длина: до 1 200 мм…');
    expect(shorten('The hub handles up to 12,000 parcels per shift', 30)).toBe(
      'The hub handles up to…',
    );
    expect(shorten('Мощность 0,75 кВт', 15)).toBe('Мощность…');
    // nor a range of numbers: "за 5–15 рабочих дней" is not cut to "за 5–15…"
    expect(shorten('Изготавливаем за 5–15 рабочих дней', 24)).toBe('Изготавливаем за…');
    // a number with its unit written into it is a word like any other
    expect(shorten('Две нории по 50т/ч и шнеки', 20)).toBe('Две нории по 50т/ч…');
  });

  it('keeps Uzbek words whole, apostrophes included', () => {
    const text = "O‘zbekiston bo'ylab g'alla va o‘g‘itlarni tashish uchun konveyerlar";
    expect(shorten(text, 24)).toBe("O‘zbekiston bo'ylab…");
    expect(shorten(text, 32)).toBe("O‘zbekiston bo'ylab g'alla va…");
    expect(shorten(text, 42)).toBe("O‘zbekiston bo'ylab g'alla va o‘g‘itlarni…");
    // one character short: the word is left out whole, not cut at an apostrophe
    expect(shorten(text, 41)).toBe("O‘zbekiston bo'ylab g'alla va…");
    expect(shorten(text, 34)).toBe("O‘zbekiston bo'ylab g'alla va…");
  });

  it('cuts Latin text and drops the punctuation before "…"', () => {
    expect(shorten('Belt conveyors, roller conveyors and screw conveyors', 30)).toBe(
      'Belt conveyors, roller…',
    );
    expect(shorten('Belt conveyors, roller conveyors', 20)).toBe('Belt conveyors…');
  });

  it('cuts a text without spaces inside its one word', () => {
    expect(shorten('Конвейеростроение', 10)).toBe(`Конвейеро${ELLIPSIS}`);
    expect(length(shorten('x'.repeat(300), 160))).toBe(160);
    expect(shorten('1234567890', 5)).toBe('1234…');
  });

  it('never splits a character in two', () => {
    expect(shorten('😀😀😀😀😀😀', 4)).toBe('😀😀😀…');
  });

  it('reads white space as one line would: runs of it are one space, none at the ends', () => {
    expect(shorten('  Belt\n\n conveyors\t for\u00a0grain  ', 60)).toBe('Belt conveyors for grain');
    // the same as shortening the text made one line first, for texts of every kind
    const random = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const next = random(7);
    const pieces = [
      'конвейер',
      'belt',
      ' ',
      '  ',
      '\n\n',
      '\t',
      '1 200',
      'мм',
      ',',
      '😀',
      '—',
      '.',
    ];
    for (let i = 0; i < 500; i++) {
      const text = Array.from(
        { length: Math.floor(next() * 60) },
        () => pieces[Math.floor(next() * pieces.length)],
      ).join('');
      const max = 1 + Math.floor(next() * 40);
      expect(shorten(text, max)).toBe(shorten(text.replace(/\s+/gu, ' ').trim(), max));
    }
  });
});

describe('paragraphs', () => {
  it('splits at blank lines and keeps the lines of a paragraph together', () => {
    expect(paragraphs('One\nline two\n\n  Two  \n \n\n\nThree\n')).toEqual([
      'One\nline two',
      'Two',
      'Three',
    ]);
    expect(paragraphs('  \n\n ')).toEqual([]);
  });
});
