import {
  type AttributeDefinition,
  type AttributeOption,
  LANGUAGES,
  type Language,
  MAX_ID,
  neutraliseCell,
  type SpecValue,
} from '@conveyor/shared';
import type { Executor } from '../db/repositories/table.ts';
import type { ReadCell } from '../exports/sheetLimits.ts';
import type { Cell, ExportColumn } from '../exports/table.ts';

export type { ReadCell };

// Products as a spreadsheet, for entering specifications in bulk: one row per product, one
// column per attribute (its code, and its unit code in the header), the numbers in the
// attribute's unit. The same layout is exported (GET /api/products/export) and imported
// (POST /api/products/import): export, edit, import; an unchanged file changes nothing.

/** A product's own columns, first in the sheet, in this order. */
export const PRODUCT_FIELDS = [
  'id',
  'category_id',
  'is_active',
  ...LANGUAGES.map((lang) => `name_${lang}` as const),
  ...LANGUAGES.map((lang) => `description_${lang}` as const),
] as const;

/** An attribute as the sheet needs it. */
export interface SheetAttribute extends AttributeDefinition {
  unit: string | null;
}

/** A column of the sheet: a product's field, or an attribute (a text's in one language). */
export interface SheetColumn extends ExportColumn {
  field?: (typeof PRODUCT_FIELDS)[number];
  attribute?: SheetAttribute;
  language?: Language;
}

/** Every attribute, by code: each is a column (a text one, a column per language). */
export async function sheetAttributes(db: Executor): Promise<SheetAttribute[]> {
  const rows = await db
    .selectFrom('attributes')
    .select(['id', 'code', 'type', 'unit', 'decimals', 'options'])
    .orderBy('code')
    .execute();
  return rows.map((row) => ({
    ...row,
    type: row.type as SheetAttribute['type'],
    decimals: Number(row.decimals),
    options: JSON.parse(row.options) as AttributeOption[],
  }));
}

/** The sheet's columns: the product's fields, then the attributes. */
export function sheetColumns(attributes: readonly SheetAttribute[]): SheetColumn[] {
  const columns: SheetColumn[] = PRODUCT_FIELDS.map((field) => ({
    key: field,
    header: field,
    kind: field === 'id' || field === 'category_id' ? 'number' : 'text',
    field,
  }));
  for (const attribute of attributes) {
    if (attribute.type === 'text') {
      for (const language of LANGUAGES) {
        const header = `${attribute.code}:${language}`;
        columns.push({ key: header, header, kind: 'text', attribute, language });
      }
    } else {
      const header = attribute.unit ? `${attribute.code} (${attribute.unit})` : attribute.code;
      const kind = attribute.type === 'number' ? 'number' : 'text';
      columns.push({ key: attribute.code, header, kind, attribute });
    }
  }
  return columns;
}

/** A range as the sheet writes it: `2–30`, `2–` (from 2), `–30` (up to 30). */
const RANGE = '–';

/** A product's cell of a column. */
export function sheetCell(
  column: SheetColumn,
  product: Record<string, unknown>,
  specs: readonly SpecValue[],
): Cell {
  if (column.field) {
    const value = product[column.field];
    if (value === null || value === undefined) return null;
    if (typeof value === 'boolean') return value ? 1 : 0;
    return typeof value === 'number' ? value : neutraliseCell(String(value));
  }
  const attribute = column.attribute!;
  const spec = specs.find((one) => one.attribute_id === attribute.id);
  if (!spec) return null;
  switch (attribute.type) {
    case 'number':
      return typeof spec.value === 'number' ? spec.value : null;
    case 'range':
      return `${spec.min ?? ''}${RANGE}${spec.max ?? ''}`;
    case 'enum':
      return spec.option ?? null;
    case 'boolean':
      return spec.value === true ? 1 : spec.value === false ? 0 : null;
    case 'text': {
      const text = spec[`text_${column.language!}`];
      return text ? neutraliseCell(text) : null;
    }
  }
}

/** A problem of an imported file: its row (1 is the header) and column, and what is wrong. */
export interface SheetProblem {
  row: number;
  column: string;
  message: string;
}

/** A text cell as the export neutralised it (`'=A1`), given back as it was (`=A1`). */
const unquote = (text: string) =>
  /^'(?:[\t\r]|\s*[=+\-@＝＋－＠])/.test(text) ? text.slice(1) : text;

/** A figure from a cell: a number, or text with a decimal point or comma; undefined if empty. */
function figure(cell: ReadCell): number | null | undefined {
  if (cell === null || cell === '') return undefined;
  if (typeof cell === 'number') return cell;
  const text = String(cell)
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * An attribute's value from its cell (or, for a text, its cells by language): the value, null
 * when the cell is empty (the product has none), or a message saying what is wrong.
 */
export function readSpec(
  attribute: SheetAttribute,
  cells: Partial<Record<Language | 'value', ReadCell>>,
): SpecValue | null | { problem: string } {
  const base = { attribute_id: attribute.id };
  const cell = cells.value ?? null;
  switch (attribute.type) {
    case 'number': {
      const value = figure(cell);
      if (value === undefined) return null;
      return value === null ? { problem: 'is not a number' } : { ...base, value };
    }
    case 'range': {
      if (cell === null || cell === '') return null;
      if (typeof cell === 'number') return { ...base, min: cell, max: cell };
      const text = String(cell).trim();
      const at = text.indexOf(RANGE) >= 0 ? text.indexOf(RANGE) : text.indexOf('..');
      if (at < 0) {
        const value = figure(text);
        return typeof value === 'number'
          ? { ...base, min: value, max: value }
          : { problem: `is not a range (write 2${RANGE}30)` };
      }
      const sign = text.startsWith('..', at) ? 2 : 1;
      const min = figure(text.slice(0, at));
      const max = figure(text.slice(at + sign));
      if (min === null || max === null) return { problem: `is not a range (write 2${RANGE}30)` };
      return { ...base, ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    }
    case 'enum': {
      if (cell === null || cell === '') return null;
      return { ...base, option: String(cell).trim() };
    }
    case 'boolean': {
      if (cell === null || cell === '') return null;
      const text = String(cell).trim().toLowerCase();
      if (['1', 'true', 'yes'].includes(text) || cell === true) return { ...base, value: true };
      if (['0', 'false', 'no'].includes(text) || cell === false) return { ...base, value: false };
      return { problem: 'is not 1 or 0' };
    }
    case 'text': {
      const texts: Partial<Record<`text_${Language}`, string>> = {};
      for (const language of LANGUAGES) {
        const text = cells[language];
        if (text !== null && text !== undefined && String(text).trim() !== '') {
          texts[`text_${language}`] = unquote(String(text));
        }
      }
      return Object.keys(texts).length ? { ...base, ...texts } : null;
    }
  }
}

/** A product's own field from its cell, as a body takes it; a message when it is wrong. */
export function readField(
  field: (typeof PRODUCT_FIELDS)[number],
  cell: ReadCell,
): { value: unknown } | { problem: string } {
  if (field === 'id' || field === 'category_id') {
    if (cell === null || cell === '') return { value: null };
    const value = figure(cell);
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
      return { problem: 'is not an id' };
    }
    // an id past the databases' integer range names no product, as the API's id schema says
    // (idSchema; a category's is checked by the body's schema)
    return field === 'id' && value > MAX_ID ? { problem: `must be <= ${MAX_ID}` } : { value };
  }
  if (field === 'is_active') {
    if (cell === null || cell === '') return { value: undefined };
    const text = String(cell).trim().toLowerCase();
    if (['1', 'true', 'yes'].includes(text) || cell === true) return { value: true };
    if (['0', 'false', 'no'].includes(text) || cell === false) return { value: false };
    return { problem: 'is not 1 or 0' };
  }
  return { value: cell === null ? '' : unquote(String(cell)) };
}

/**
 * Reads the header: each column's meaning, or the problems of headers that are not columns of
 * the sheet (an unknown attribute, a typo) or that name a column another header names already
 * (which of the two to take is not ours to guess).
 */
export function readHeader(
  headers: readonly ReadCell[],
  columns: readonly SheetColumn[],
): { mapped: (SheetColumn | null)[]; problems: SheetProblem[] } {
  const problems: SheetProblem[] = [];
  const byHeader = new Map<string, SheetColumn>();
  for (const column of columns) {
    byHeader.set(column.header, column);
    byHeader.set(column.key, column);
  }
  const first = new Map<SheetColumn, number>();
  const mapped = headers.map((header, index) => {
    const name = String(header ?? '').trim();
    if (name === '') return null;
    const column = byHeader.get(name);
    if (!column) {
      problems.push({ row: 1, column: name, message: `is not a column (index ${index + 1})` });
      return null;
    }
    const earlier = first.get(column);
    if (earlier !== undefined) {
      problems.push({
        row: 1,
        column: name,
        message: `is in the file twice (columns ${earlier + 1} and ${index + 1})`,
      });
      return null;
    }
    first.set(column, index);
    return column;
  });
  if (!mapped.some((column) => column?.field === 'id')) {
    problems.push({ row: 1, column: 'id', message: 'is missing: each row names its product' });
  }
  return { mapped, problems };
}
