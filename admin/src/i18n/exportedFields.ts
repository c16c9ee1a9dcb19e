import {
  type ExportingResource,
  exportHeader,
  type Language,
  leadSchema,
  supplierSchema,
} from '@conveyor/shared';

const RECORDS = { leads: leadSchema, suppliers: supplierSchema } as const satisfies Record<
  ExportingResource,
  { properties: object }
>;

/** Columns no screen labels: the list heads the id as its number, the last change is not shown. */
const UNLABELLED: ReadonlySet<string> = new Set(['id', 'updated_at']);

/**
 * The labels of a lead's or a supplier application's fields (`resources.<resource>.fields`),
 * worded as the exported files head their columns (shared/src/exports.ts): staff read one word
 * for a field on the screen and in the file they download, and it is written in one place.
 */
export function exportedFieldLabels(
  resource: ExportingResource,
  language: Language,
): Record<string, string> {
  return Object.fromEntries(
    Object.keys(RECORDS[resource].properties)
      .filter((column) => !UNLABELLED.has(column))
      .map((column) => [column, exportHeader(resource, column, language)]),
  );
}
