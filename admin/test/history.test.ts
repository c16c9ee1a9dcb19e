import { describe, expect, it } from 'vitest';
import { changedKeys, textChanges } from '../src/history/diff.ts';

// The history's comparison: which fields of a revision differ from the record as it is now.

describe('changedKeys', () => {
  it('names the fields that differ, not the id or the timestamps', () => {
    expect(
      changedKeys(
        { id: 1, name: 'A', is_active: true, updated_at: 'x', price: 10 },
        { id: 1, name: 'B', is_active: true, updated_at: 'y', price: '10' },
      ),
    ).toEqual(['name']);
  });

  it('compares a gallery by its files, whether as paths or as images', () => {
    const then = { images: ['p/1.png', 'p/2.png'] };
    expect(
      changedKeys(then, {
        images: [
          { id: 5, src: 'p/1.png' },
          { id: 6, src: 'p/2.png' },
        ],
      }),
    ).toEqual([]);
    expect(changedKeys(then, { images: [{ id: 5, src: 'p/1.png' }] })).toEqual(['images']);
  });

  it('takes empty, null and absent as the same', () => {
    expect(changedKeys({ image: null, note: '' }, { image: undefined, note: null })).toEqual([]);
    expect(changedKeys({ image: null }, { image: 'c/1.png' })).toEqual(['image']);
  });

  it('takes line breaks as the same whether CRLF or LF', () => {
    expect(
      changedKeys(
        { description_ru: 'a\r\nb', name_ru: 'x' },
        { description_ru: 'a\nb', name_ru: 'y' },
      ),
    ).toEqual(['name_ru']);
  });
});

describe('textChanges', () => {
  it('marks the words that differ: removed on the revision side, added on the record side', () => {
    const { then, now } = textChanges(
      'Belt conveyor.\r\n\r\nWidth 400 mm, length 2 m.',
      'Belt conveyor.\n\nWidth 500 mm, length 2 m.',
    );
    expect(then.filter((part) => part.change).map((part) => [part.change, part.text])).toEqual([
      ['removed', '400'],
    ]);
    expect(now.filter((part) => part.change).map((part) => [part.change, part.text])).toEqual([
      ['added', '500'],
    ]);
    // each side is its whole text again
    expect(then.map((part) => part.text).join('')).toBe(
      'Belt conveyor.\n\nWidth 400 mm, length 2 m.',
    );
    expect(now.map((part) => part.text).join('')).toBe(
      'Belt conveyor.\n\nWidth 500 mm, length 2 m.',
    );
  });

  it('marks nothing where only the line breaks differ', () => {
    const { then, now } = textChanges('one\r\ntwo', 'one\ntwo');
    expect([...then, ...now].filter((part) => part.change)).toEqual([]);
  });
});
