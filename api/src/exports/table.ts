import {
  type ExportingResource,
  exportHeader,
  exportValue,
  type Language,
  neutraliseCell,
} from '@conveyor/shared';
import type { JSONSchema } from 'json-schema-to-ts';
import { EXPORT_REFERENCES, type ReferenceNames } from './references.ts';

/** One cell of an exported file: a date is the company's wall-clock time, kept as UTC fields. */
export type Cell = string | number | Date | null;

export type CellKind = 'text' | 'number' | 'date';

export interface ExportColumn {
  key: string;
  header: string;
  kind: CellKind;
}

export interface ExportTable {
  columns: ExportColumn[];
  /** A record as its row of cells, in the columns' order; `names` names what it refers to. */
  row(record: Record<string, unknown>, names?: ReferenceNames): Cell[];
}

function kindOf(key: string, property: JSONSchema | undefined): CellKind {
  if (typeof property !== 'object' || key in EXPORT_REFERENCES) return 'text';
  if (property.format === 'date-time') return 'date';
  const types = [property.type].flat();
  return types.includes('integer') || types.includes('number') ? 'number' : 'text';
}

/**
 * The company's wall-clock time of an instant, as a Date whose UTC fields are that time: what a
 * spreadsheet shows (it has no time zones) and what the CSV writes (`2026-01-15 14:03`).
 */
export function wallClock(timeZone: string): (instant: Date) => Date {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (instant) => {
    const part = Object.fromEntries(
      format.formatToParts(instant).map(({ type, value }) => [type, Number(value)]),
    ) as Record<Intl.DateTimeFormatPartTypes, number>;
    return new Date(
      Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second),
    );
  };
}

/**
 * The exported table of a resource: the repository's columns in their order (so a column added
 * to the record is exported without a change here), headed in the staff's language; statuses
 * and booleans translated, dates in the company's time zone, another record's id written as
 * that record's name (`#id` when it is gone), and every text cell neutralised against formula
 * injection.
 */
export function exportTable(
  resource: ExportingResource,
  columns: readonly string[],
  properties: Readonly<Record<string, JSONSchema>>,
  language: Language,
  timeZone: string,
): ExportTable {
  const toWallClock = wallClock(timeZone);
  const described = columns.map((key) => ({
    key,
    header: exportHeader(resource, key, language),
    kind: kindOf(key, properties[key]),
  }));
  const cell = (column: ExportColumn, stored: unknown, names?: ReferenceNames): Cell => {
    if (stored === null || stored === undefined) return null;
    if (column.key in EXPORT_REFERENCES && typeof stored === 'number') {
      return neutraliseCell(names?.get(column.key)?.get(stored) ?? `#${stored}`);
    }
    if (column.kind === 'date' && typeof stored === 'string') {
      const instant = new Date(stored);
      if (!Number.isNaN(instant.getTime())) return toWallClock(instant);
    }
    const value = exportValue(column.key, stored, language);
    if (typeof value === 'number') return value;
    return neutraliseCell(typeof value === 'string' ? value : JSON.stringify(value));
  };
  return {
    columns: described,
    row: (record, names) => described.map((column) => cell(column, record[column.key], names)),
  };
}
