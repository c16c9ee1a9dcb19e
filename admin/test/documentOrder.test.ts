import { describe, expect, it } from 'vitest';
import { inPageOrder, moveWrites } from '../src/documents/order.ts';

// A record's Documents section: its documents in the page's order, and the writes a move makes.

describe('a record’s documents in the section', () => {
  const unplaced = [
    { id: 1, kind: 'drawing', position: null },
    { id: 2, kind: 'datasheet', position: null },
    { id: 3, kind: 'manual', position: null },
  ];

  it('are listed as the page lists them', () => {
    expect(inPageOrder(unplaced).map((document) => document.id)).toEqual([2, 3, 1]);
  });

  it('are all placed by a first move, the moved one where it went', () => {
    const ordered = inPageOrder(unplaced);
    expect(moveWrites(ordered, 2, 0)).toEqual([
      { id: 1, position: 0 },
      { id: 2, position: 1 },
      { id: 3, position: 2 },
    ]);
  });

  it('write only the places that change', () => {
    const placed = [
      { id: 5, kind: 'other', position: 0 },
      { id: 6, kind: 'other', position: 1 },
      { id: 7, kind: 'other', position: 2 },
      { id: 8, kind: 'other', position: 3 },
    ];
    expect(moveWrites(placed, 1, 2)).toEqual([
      { id: 7, position: 1 },
      { id: 6, position: 2 },
    ]);
  });

  it('write nothing for a move past either end, or onto itself', () => {
    const ordered = inPageOrder(unplaced);
    expect(moveWrites(ordered, 0, -1)).toEqual([]);
    expect(moveWrites(ordered, 2, 3)).toEqual([]);
    expect(moveWrites(ordered, 1, 1)).toEqual([]);
  });
});
