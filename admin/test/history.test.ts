import { describe, expect, it } from 'vitest';
import { changedKeys } from '../src/history/diff.ts';

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
});
