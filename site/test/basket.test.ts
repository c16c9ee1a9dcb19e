import { LEAD_ITEMS_MAX } from '@conveyor/shared';
import { describe, expect, it } from 'vitest';
import {
  basketLeadItems,
  type BasketStorage,
  clearBasket,
  readBasket,
  removeItem,
  toggleItem,
  updateItem,
} from '../src/lib/basket.ts';

// The quote basket's storage (src/lib/basket.ts): what the toggles, the header's count and the
// /quote page read and write.

function memory(initial?: string): BasketStorage & { raw: () => string | null } {
  let value: string | null = initial ?? null;
  return {
    getItem: () => value,
    setItem: (_key: string, next: string) => {
      value = next;
    },
    raw: () => value,
  };
}

const product = (id: number) => ({ id, name: `P${id}`, path: `/catalog/1/products/${id}` });

describe('the quote basket', () => {
  it('puts a product in once, one of it, and takes it out on the second toggle', () => {
    const storage = memory();
    toggleItem(storage, product(1));
    expect(toggleItem(storage, product(2))).toEqual([
      { ...product(1), quantity: 1, note: '' },
      { ...product(2), quantity: 1, note: '' },
    ]);
    expect(toggleItem(storage, product(1))).toEqual([{ ...product(2), quantity: 1, note: '' }]);
    expect(readBasket(storage)).toHaveLength(1);
  });

  it('keeps quantities and notes, and sends them as the API takes items', () => {
    const storage = memory();
    toggleItem(storage, product(1));
    toggleItem(storage, product(2));
    updateItem(storage, 1, { quantity: 5 });
    updateItem(storage, 2, { note: '  for the head pulley ' });
    expect(basketLeadItems(readBasket(storage), 'ru')).toEqual({
      items: [
        { product_id: 1, quantity: 5 },
        { product_id: 2, quantity: 1, note: 'for the head pulley' },
      ],
      invalid: [],
    });
    expect(removeItem(storage, 1).map((item) => item.id)).toEqual([2]);
    expect(clearBasket(storage)).toEqual([]);
    expect(storage.raw()).toBe('[]');
  });

  it('sends the parameters a product page gave it, as edited, in the language they were typed in', () => {
    const storage = memory();
    const width = {
      attribute_id: 7,
      code: 'belt_width',
      type: 'number' as const,
      label: 'Ширина ленты',
      unit: 'мм',
      value: '800',
      min: '',
      max: '',
    };
    const length = { ...width, attribute_id: 8, code: 'length', type: 'range' as const };
    toggleItem(storage, {
      ...product(1),
      parameters: [width, { ...length, min: '2,5', max: '30' }],
    });
    expect(basketLeadItems(readBasket(storage), 'ru').items[0]).toEqual({
      product_id: 1,
      quantity: 1,
      parameters: [
        { attribute_id: 7, value: 800 },
        { attribute_id: 8, min: 2.5, max: 30 },
      ],
    });
    // a figure that is not one is named, by the item and the field
    updateItem(storage, 1, { parameters: [{ ...width, value: 'wide' }] });
    expect(basketLeadItems(readBasket(storage), 'ru').invalid).toEqual([
      { item: 1, field: 'param-7' },
    ]);
  });

  it('takes no more than a request carries', () => {
    const storage = memory();
    for (let id = 1; id <= LEAD_ITEMS_MAX + 3; id++) toggleItem(storage, product(id));
    expect(readBasket(storage)).toHaveLength(LEAD_ITEMS_MAX);
  });

  it('reads what is not a basket as an empty one, and leaves out what is not an item', () => {
    expect(readBasket(memory('not json'))).toEqual([]);
    expect(readBasket(memory('{"id":1}'))).toEqual([]);
    expect(readBasket(null)).toEqual([]);
    const mixed = memory(
      JSON.stringify([
        { ...product(1), quantity: 2, note: '' },
        { ...product(2), quantity: 0, note: '' },
        { id: 'x', name: 'X', path: '/', quantity: 1, note: '' },
      ]),
    );
    expect(readBasket(mixed).map((item) => item.id)).toEqual([1]);
  });
});
