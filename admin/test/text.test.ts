import { describe, expect, it } from 'vitest';
import { truncateText } from '../src/common/text.ts';

// Spec 5 and 9: list columns show only the first 30 characters of a description.

describe('description preview', () => {
  it('keeps a text of up to 30 characters as it is', () => {
    expect(truncateText('')).toBe('');
    expect(truncateText('Lentali konveyer')).toBe('Lentali konveyer');
    const thirty = 'a'.repeat(30);
    expect(truncateText(thirty)).toBe(thirty);
  });

  it('shows exactly the first 30 characters, then an ellipsis', () => {
    const text = 'Og‘ir yuklar uchun zanjirli konveyerlar, har qanday uzunlikda';
    const preview = truncateText(text);
    expect(preview).toBe(`${text.slice(0, 30)}…`);
    expect(Array.from(preview)).toHaveLength(31);
    expect(truncateText('Ленточные конвейеры для складов и производства')).toBe(
      'Ленточные конвейеры для складо…',
    );
  });

  it('counts characters as a reader does, never cutting one in half', () => {
    // 29 letters and an emoji (two UTF-16 units) are 30 characters: nothing is cut
    const emoji = `${'a'.repeat(29)}🚚`;
    expect(truncateText(emoji)).toBe(emoji);
    expect(truncateText(`${emoji}b`)).toBe(`${emoji}…`);
    // a letter with a combining accent is one character
    const accented = 'e\u0301'.repeat(31);
    expect(truncateText(accented)).toBe(`${'e\u0301'.repeat(30)}…`);
  });

  it('takes another length', () => {
    expect(truncateText('abcdef', 3)).toBe('abc…');
  });
});
