import {
  formatNumber,
  isSpecEmpty,
  type Language,
  pickLocalized,
  type SpecValue,
  type TemplateEntry,
  YES_NO,
} from '@conveyor/shared';
import type { AttributeView } from './specs.ts';

// A category page's filters: every filterable attribute of its template, over its products'
// values. The page carries the values as a small JSON (FilterData, column by column); the
// filter island reads it when the visitor first touches a filter and matches in the browser,
// with no API. The filter state lives in the URL (`?belt_width=400-800&frame_material=steel`),
// so a filtered view can be shared. Shared by the build (the plan) and the island.

/** A filter as the page shows it, its labels in the page's language. */
export interface FilterView {
  code: string;
  type: 'number' | 'range' | 'enum' | 'boolean';
  name: string;
  unit: string;
  decimals: number;
  /** The lowest and highest figure among the products (number and range). */
  bounds?: [number, number];
  /** A choice's options that products have, and yes/no for a boolean; with how many have each. */
  options?: { code: string; label: string; count: number }[];
}

/** One product's value of an attribute, as the JSON holds it. */
export type Cell = number | [number | null, number | null] | string | boolean | null;

/** The products' values, a column per filter, aligned with `ids`. */
export interface FilterData {
  ids: number[];
  values: Record<string, Cell[]>;
}

/** What the visitor chose: a figure's bounds, or the options of a choice or a yes/no. */
export type FilterState = Record<string, { min?: number; max?: number } | string[]>;

const FILTER_TYPES = new Set(['number', 'range', 'enum', 'boolean']);

const cellOf = (attribute: AttributeView, spec: SpecValue | undefined): Cell => {
  if (!spec || isSpecEmpty(attribute.type, spec)) return null;
  switch (attribute.type) {
    case 'number':
      return typeof spec.value === 'number' ? spec.value : null;
    case 'range':
      return [spec.min ?? null, spec.max ?? null];
    case 'enum':
      return spec.option ?? null;
    case 'boolean':
      return typeof spec.value === 'boolean' ? spec.value : null;
    default:
      return null;
  }
};

/**
 * A filter as the build plans it, in no language: its attribute, the products' lowest and
 * highest figure (number and range), how many products have each option (choice and yes/no).
 */
export interface FilterSpec {
  attribute: AttributeView;
  bounds?: [number, number];
  counts?: Record<string, number>;
}

/**
 * A category's filters and its products' values: the filterable attributes of its template
 * (active ones: `attributes` holds those) that at least one of its products has a value of.
 */
export function categoryFilters(
  template: readonly TemplateEntry[],
  attributes: ReadonlyMap<number, AttributeView>,
  products: readonly { id: number; specs: readonly SpecValue[] }[],
): { filters: FilterSpec[]; data: FilterData } {
  const filters: FilterSpec[] = [];
  const data: FilterData = { ids: products.map((product) => product.id), values: {} };
  for (const entry of template) {
    const attribute = attributes.get(entry.attribute_id);
    if (!attribute?.filterable || !FILTER_TYPES.has(attribute.type)) continue;
    const cells = products.map((product) =>
      cellOf(
        attribute,
        product.specs.find((spec) => spec.attribute_id === attribute.id),
      ),
    );
    if (cells.every((cell) => cell === null)) continue;
    const spec: FilterSpec = { attribute };
    if (attribute.type === 'number' || attribute.type === 'range') {
      const figures = cells
        .flatMap((cell) => (Array.isArray(cell) ? cell : [cell]))
        .filter((n): n is number => typeof n === 'number');
      spec.bounds = [Math.min(...figures), Math.max(...figures)];
    } else {
      const counts: Record<string, number> = {};
      for (const cell of cells) {
        if (cell === null) continue;
        const code = typeof cell === 'boolean' ? (cell ? '1' : '0') : String(cell);
        counts[code] = (counts[code] ?? 0) + 1;
      }
      spec.counts = counts;
    }
    filters.push(spec);
    data.values[attribute.code] = cells;
  }
  return { filters, data };
}

/** The filters as a page of a language shows them. */
export function filterViews(filters: readonly FilterSpec[], lang: Language): FilterView[] {
  return filters.map(({ attribute, bounds, counts }) => {
    const view: FilterView = {
      code: attribute.code,
      type: attribute.type as FilterView['type'],
      name: pickLocalized(attribute, 'name', lang) || attribute.code,
      unit: pickLocalized(attribute, 'unit', lang),
      decimals: attribute.decimals ?? 0,
    };
    if (bounds) view.bounds = bounds;
    if (counts) {
      const choices =
        attribute.type === 'boolean'
          ? YES_NO[lang].map((label, index) => ({ code: index === 0 ? '1' : '0', label }))
          : (attribute.options ?? []).map((option) => ({
              code: option.code,
              label: pickLocalized(option, 'name', lang) || option.code,
            }));
      view.options = choices.flatMap((choice) =>
        counts[choice.code] ? [{ ...choice, count: counts[choice.code]! }] : [],
      );
    }
    return view;
  });
}

/** A figure for a filter's placeholder, as the page's language writes it. */
export const boundText = (value: number, decimals: number, lang: Language) =>
  formatNumber(value, decimals, lang);

/** The filter state a URL's query gives (`belt_width=400-800`, `frame_material=steel,alu`). */
export function parseQuery(search: string, filters: readonly FilterView[]): FilterState {
  const params = new URLSearchParams(search);
  const state: FilterState = {};
  for (const filter of filters) {
    const raw = params.get(filter.code);
    if (!raw) continue;
    if (filter.type === 'number' || filter.type === 'range') {
      const [from = '', to = ''] = raw.split('-');
      const min = from === '' ? undefined : Number(from);
      const max = to === '' ? undefined : Number(to);
      const bounds: { min?: number; max?: number } = {};
      if (min !== undefined && Number.isFinite(min)) bounds.min = min;
      if (max !== undefined && Number.isFinite(max)) bounds.max = max;
      if (bounds.min !== undefined || bounds.max !== undefined) state[filter.code] = bounds;
    } else {
      const codes = raw.split(',').filter(Boolean);
      if (codes.length) state[filter.code] = codes;
    }
  }
  return state;
}

/** A filter's field names: `belt_width_min`, `belt_width_max`; a choice's boxes are named by its code. */
export const boundName = (code: string, end: 'min' | 'max') => `${code}_${end}`;

/** A figure as typed: a comma for the decimal point too; empty or not a number, no bound. */
function typedFigure(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text.trim().replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The filter state the form's fields hold, read as a FormData (`getAll`): the figures' boxes
 * (`boundName`) and the choices' checked boxes (named by the filter's code). The form is the
 * state, not a copy of it: what a visitor typed before the island woke is in it too.
 */
export function stateOfForm(
  form: { getAll(name: string): unknown[] },
  filters: readonly FilterView[],
): FilterState {
  const state: FilterState = {};
  const text = (name: string) => {
    const [value] = form.getAll(name);
    return typeof value === 'string' ? value : '';
  };
  for (const filter of filters) {
    if (filter.bounds) {
      const bounds: { min?: number; max?: number } = {};
      const min = typedFigure(text(boundName(filter.code, 'min')));
      const max = typedFigure(text(boundName(filter.code, 'max')));
      if (min !== undefined) bounds.min = min;
      if (max !== undefined) bounds.max = max;
      if (min !== undefined || max !== undefined) state[filter.code] = bounds;
    } else {
      const chosen = form.getAll(filter.code).filter((value) => typeof value === 'string');
      if (chosen.length) state[filter.code] = chosen;
    }
  }
  return state;
}

/** What each of the form's fields shows for a state: a figure's text, or whether a box is checked. */
export function fieldsOfState(
  state: FilterState,
  filters: readonly FilterView[],
): { figures: Record<string, string>; checked: Record<string, string[]> } {
  const figures: Record<string, string> = {};
  const checked: Record<string, string[]> = {};
  for (const filter of filters) {
    const chosen = state[filter.code];
    if (filter.bounds) {
      const bounds = chosen && !Array.isArray(chosen) ? chosen : {};
      for (const end of ['min', 'max'] as const) {
        const value = bounds[end];
        figures[boundName(filter.code, end)] = value === undefined ? '' : String(value);
      }
    } else {
      checked[filter.code] = Array.isArray(chosen) ? chosen : [];
    }
  }
  return { figures, checked };
}

/** The query of a filter state, in the filters' order (empty: no filter). */
export function toQuery(state: FilterState, filters: readonly FilterView[]): string {
  const params = new URLSearchParams();
  for (const filter of filters) {
    const chosen = state[filter.code];
    if (!chosen) continue;
    if (Array.isArray(chosen)) {
      if (chosen.length) params.set(filter.code, chosen.join(','));
    } else if (chosen.min !== undefined || chosen.max !== undefined) {
      params.set(filter.code, `${chosen.min ?? ''}-${chosen.max ?? ''}`);
    }
  }
  const query = params.toString().replaceAll('%2C', ',');
  return query ? `?${query}` : '';
}

/** Whether one product's value passes one filter; a product without a value does not. */
function passes(cell: Cell, chosen: FilterState[string]): boolean {
  if (Array.isArray(chosen)) {
    if (!chosen.length) return true;
    if (typeof cell === 'boolean') return chosen.includes(cell ? '1' : '0');
    return typeof cell === 'string' && chosen.includes(cell);
  }
  const { min = -Infinity, max = Infinity } = chosen;
  if (typeof cell === 'number') return cell >= min && cell <= max;
  if (Array.isArray(cell)) {
    // a product's range passes when it reaches into the one asked for (a 2–30 m conveyor for
    // "at least 10 m")
    // ("up to 8 m" has no lower end: it reaches any figure below 8)
    const [low, high] = cell;
    return (high ?? Infinity) >= min && (low ?? -Infinity) <= max;
  }
  return false;
}

/** The ids of the products that pass every filter chosen. */
export function matching(data: FilterData, state: FilterState): Set<number> {
  const active = Object.entries(state).filter(([code]) => data.values[code]);
  const result = new Set<number>();
  data.ids.forEach((id, index) => {
    if (active.every(([code, chosen]) => passes(data.values[code]![index]!, chosen))) {
      result.add(id);
    }
  });
  return result;
}
