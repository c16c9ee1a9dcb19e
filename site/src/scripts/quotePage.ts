import {
  type BasketItem,
  basketLeadItems,
  basketStorage,
  clearBasket,
  readBasket,
  removeItem,
  updateItem,
} from '../lib/basket.ts';
import { isLanguage, LEAD_ITEM_QUANTITY_MAX } from '@conveyor/shared';
import { describeDuty } from '@conveyor/shared/conveyor';
import { parameterField, type QuoteParameter } from '../lib/quote.ts';

/**
 * The /quote page in the browser: lists the basket's products, each with its quantity and
 * wishes (saved as they are typed) and a Remove button; hands the items to the page's contact
 * form (`[data-quote-items]`, read by src/components/islands/PublicForm.tsx), and empties the
 * basket once the form reports the request sent (`quote:sent`).
 */
export function initQuotePage(): void {
  const page = document.querySelector<HTMLElement>('[data-basket-page]');
  if (!page) return;
  const texts = JSON.parse(page.dataset.texts ?? '{}') as Record<string, string>;
  const list = page.querySelector<HTMLElement>('[data-basket-list]')!;
  const empty = page.querySelector<HTMLElement>('[data-basket-empty]')!;
  const handed = document.querySelector<HTMLElement>('[data-quote-items]');
  const storage = basketStorage();
  const lang = isLanguage(document.documentElement.lang) ? document.documentElement.lang : 'ru';

  /** The items the form sends, and the count above it. */
  const hand = () => {
    const items = readBasket(storage);
    const { items: sent, invalid } = basketLeadItems(items, lang);
    // a figure that is not one: marked, and the form will not send until it is mended
    for (const input of list.querySelectorAll<HTMLInputElement>('[data-parameter] input')) {
      const wrong = invalid.some(
        (entry) => entry.item === Number(input.dataset.item) && entry.field === input.name,
      );
      input.setAttribute('aria-invalid', String(wrong));
    }
    if (!handed) return;
    handed.hidden = items.length === 0;
    handed.dataset.items = JSON.stringify(sent);
    if (invalid.length) {
      const first = invalid[0]!;
      handed.dataset.invalid = `basket-${first.item}-${first.field}`;
    } else delete handed.dataset.invalid;
    handed.querySelector('strong')!.textContent = String(items.length);
  };

  /** A parameter's inputs: a figure (or a range's two), a choice, or a text, as the form has. */
  const parameterFields = (item: BasketItem, parameter: QuoteParameter) => {
    const wrap = document.createElement('div');
    wrap.className = 'basket-parameter';
    wrap.dataset.parameter = parameter.code;
    const label = parameter.unit ? `${parameter.label}, ${parameter.unit}` : parameter.label;
    const save = (change: Partial<QuoteParameter>) => {
      const current = readBasket(storage).find((entry) => entry.id === item.id);
      updateItem(storage, item.id, {
        parameters: (current?.parameters ?? []).map((each) =>
          each.attribute_id === parameter.attribute_id ? { ...each, ...change } : each,
        ),
      });
      hand();
    };
    const input = (end: 'value' | 'min' | 'max', text: string) => {
      const field = document.createElement('input');
      field.type = 'text';
      field.name = parameterField(parameter.attribute_id, end === 'value' ? undefined : end);
      field.id = `basket-${item.id}-${field.name}`;
      field.dataset.item = String(item.id);
      if (parameter.type !== 'text') field.inputMode = 'decimal';
      field.value = parameter[end];
      field.setAttribute('aria-label', text);
      field.addEventListener('input', () => save({ [end]: field.value }));
      return field;
    };
    const caption = document.createElement('span');
    caption.textContent = label;
    wrap.append(caption);
    if (parameter.type === 'range') {
      wrap.append(
        input('min', `${label}: ${texts.from ?? ''}`),
        input('max', `${label}: ${texts.to ?? ''}`),
      );
    } else if (parameter.type === 'enum' || parameter.type === 'boolean') {
      const select = document.createElement('select');
      select.setAttribute('aria-label', label);
      select.append(
        new Option('—', ''),
        ...(parameter.options ?? []).map((option) => new Option(option.label, option.code)),
      );
      select.value = parameter.value;
      select.addEventListener('input', () => save({ value: select.value }));
      wrap.append(select);
    } else {
      wrap.append(input('value', label));
    }
    return wrap;
  };

  const render = () => {
    const items = readBasket(storage);
    empty.hidden = items.length > 0;
    list.replaceChildren(
      ...items.map((item) => {
        const row = document.createElement('li');
        row.dataset.item = String(item.id);
        const link = document.createElement('a');
        link.href = item.path;
        link.textContent = item.name;
        const fields = document.createElement('div');
        fields.className = 'basket-item-fields';
        const field = (label: string, input: HTMLInputElement) => {
          const wrap = document.createElement('label');
          wrap.append(label, input);
          return wrap;
        };
        const quantity = document.createElement('input');
        quantity.type = 'number';
        quantity.min = '1';
        quantity.max = String(LEAD_ITEM_QUANTITY_MAX);
        quantity.step = '1';
        quantity.inputMode = 'numeric';
        quantity.value = String(item.quantity);
        quantity.addEventListener('input', () => {
          const value = Math.trunc(Number(quantity.value));
          const valid = value >= 1 && value <= LEAD_ITEM_QUANTITY_MAX;
          quantity.setAttribute('aria-invalid', String(!valid));
          if (valid) updateItem(storage, item.id, { quantity: value });
          hand();
        });
        const note = document.createElement('input');
        note.type = 'text';
        note.maxLength = 1000;
        note.value = item.note;
        note.addEventListener('input', () => {
          updateItem(storage, item.id, { note: note.value });
          hand();
        });
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'button button-ghost';
        remove.textContent = texts.remove ?? '';
        remove.append(
          Object.assign(document.createElement('span'), {
            className: 'sr-only',
            textContent: `: ${item.name}`,
          }),
        );
        remove.addEventListener('click', () => {
          removeItem(storage, item.id);
          render();
          document.dispatchEvent(new Event('quote:sync'));
        });
        fields.append(field(texts.quantity ?? '', quantity), field(texts.note ?? '', note), remove);
        row.append(link);
        // a calculator's model: the duty it was chosen for (the material and the figures)
        if (item.duty) {
          const duty = document.createElement('p');
          duty.className = 'muted';
          duty.dataset.duty = '';
          duty.textContent = describeDuty(item.duty, lang).slice(0, 2).join('; ');
          row.append(duty);
        }
        // what its quote asks, prefilled with the product's values
        if (item.parameters?.length) {
          const asked = document.createElement('div');
          asked.className = 'basket-item-fields';
          asked.append(...item.parameters.map((parameter) => parameterFields(item, parameter)));
          row.append(asked);
        }
        row.append(fields);
        return row;
      }),
    );
    hand();
  };

  document.addEventListener('quote:sent', () => {
    clearBasket(storage);
    render();
    document.dispatchEvent(new Event('quote:sync'));
  });
  // another tab's change
  window.addEventListener('storage', render);
  render();
}
