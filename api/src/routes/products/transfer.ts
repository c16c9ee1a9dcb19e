import { readFile } from 'node:fs/promises';
import {
  dataResponseSchema,
  EXPORT_MEDIA_TYPES,
  errorResponses,
  errorResponseSchema,
  type Language,
  localizedKeys,
  type SpecValue,
  specProblem,
} from '@conveyor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { audit } from '../../audit/log.ts';
import { type AnyRecord, type Crud, publish } from '../../content/definition.ts';
import { writeParts } from '../../content/parts.ts';
import {
  type ReadCell,
  readField,
  readHeader,
  readSpec,
  sheetAttributes,
  sheetCell,
  type SheetColumn,
  sheetColumns,
} from '../../content/productSheet.ts';
import { revised, updateIn } from '../../content/update.ts';
import { productSpecs } from '../../db/repositories/specs.ts';
import { csvStream } from '../../exports/csv.ts';
import { recordPages } from '../../exports/records.ts';
import { wallClock } from '../../exports/table.ts';
import { xlsxStream } from '../../exports/xlsx.ts';
import { getNotificationSettings } from '../../db/repositories/notificationSettings.ts';
import { BadRequest } from '../../lib/httpErrors.ts';
import { addRevision, snapshotOf } from '../../revisions/store.ts';
import { listSelection } from '../crud/listQuery.ts';
import { exportFileResponse, exportQuerySchema } from '../crud/schemas.ts';

/** At most this many rows an import takes at once. */
export const MAX_IMPORT_ROWS = 5000;

const importQuery = {
  type: 'object',
  properties: {
    dry_run: {
      type: 'boolean',
      default: false,
      description: 'Check every row and answer the problems; write nothing',
    },
  },
  additionalProperties: false,
} as const;

const problemSchema = {
  type: 'object',
  properties: {
    row: { type: 'integer', description: 'The row of the file (1 is the header)' },
    column: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['row', 'column', 'message'],
  additionalProperties: false,
} as const;

const importResultSchema = {
  type: 'object',
  properties: {
    dry_run: { type: 'boolean' },
    rows: { type: 'integer' },
    created: { type: 'integer' },
    changed: { type: 'integer' },
    unchanged: { type: 'integer' },
    problems: { type: 'array', items: problemSchema },
  },
  required: ['dry_run', 'rows', 'created', 'changed', 'unchanged', 'problems'],
  additionalProperties: false,
} as const;
type ImportResult = FromSchema<typeof importResultSchema>;

const importErrorSchema = {
  ...errorResponseSchema,
  properties: {
    ...errorResponseSchema.properties,
    problems: { type: 'array', items: problemSchema },
  },
} as const;

/**
 * Specifications in bulk (docs/specifications.md): the products as a spreadsheet, one column per
 * attribute, and the same sheet taken back. An import is checked row by row first; with
 * `dry_run` it answers every problem (row, column, message) and writes nothing; otherwise it
 * writes all of it or, with a problem, nothing, as one transaction: a revision and an activity
 * event per product it changes, and one site build.
 */
export function registerProductTransfer(app: FastifyInstance, def: Crud): void {
  const db = app.db.kysely;
  const tags = ['products'];
  const security = [{ bearer: [] }];

  // the list's own selection (search, category, incomplete, ids, sort), as the leads' export
  const exportQuery = exportQuerySchema(def);
  app.get<{ Querystring: FromSchema<ReturnType<typeof exportQuerySchema>> }>(
    '/products/export',
    {
      config: { access: 'staff', area: 'products' },
      schema: {
        tags,
        summary: 'Download the products as a sheet, one column per attribute, to edit and import',
        description:
          'The products the list’s q, filters (category_id, incomplete), id and sort select. ' +
          'Columns: id, category_id, is_active, names and descriptions, then every attribute by ' +
          'code (its unit code in brackets; a text one in a column per language: `code:ru`). ' +
          'A range is written `2–30` (`2–` from 2, `–30` up to 30), a yes/no as 1 or 0, a choice ' +
          'as its option code.',
        security,
        querystring: exportQuery,
        response: { 200: exportFileResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { format, lang: _lang, ...query } = request.query;
      const columns = sheetColumns(await sheetAttributes(db));
      const pages = await recordPages<AnyRecord>(db, def.repo, listSelection(query, def, true));
      // every product's values at once: a few rows per product, read in one query
      const specs = await productSpecs(db);
      async function* cells() {
        for await (const products of pages) {
          yield products.map((product) =>
            columns.map((column) => sheetCell(column, product, specs.get(product.id) ?? [])),
          );
        }
      }
      await audit(db, request, { action: 'export', resource: 'products', details: { format } });
      const { time_zone: timeZone } = await getNotificationSettings(db);
      const day = wallClock(timeZone)(new Date()).toISOString().slice(0, 10);
      return reply
        .type(EXPORT_MEDIA_TYPES[format])
        .header('content-disposition', `attachment; filename="products-${day}.${format}"`)
        .header('cache-control', 'no-store')
        .send(
          format === 'csv' ? csvStream(columns, cells()) : xlsxStream('products', columns, cells()),
        );
    },
  );

  app.post<{ Querystring: FromSchema<typeof importQuery> }>(
    '/products/import',
    {
      config: { access: 'staff', area: 'products', fileFields: ['file'] },
      schema: {
        tags,
        summary: 'Take a products sheet back (XLSX or CSV, as the export writes it)',
        description:
          'multipart/form-data with the file in `file`. A row with an id changes that product ' +
          '(only the columns the file has; an empty attribute cell removes the value); a row ' +
          'without one creates a product. `dry_run=true` answers every problem and writes ' +
          'nothing; a real run writes everything or, with a problem, nothing (400 with the ' +
          'problems), a revision per product it changes, and publishes once.',
        security,
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: {
          200: dataResponseSchema(importResultSchema),
          400: importErrorSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const dryRun = request.query.dry_run;
      const table = await readSheet(request);
      const plan = await planImport(app, def, table);
      const result: ImportResult = {
        dry_run: dryRun,
        rows: table.length - 1,
        created: plan.creates.length,
        changed: plan.updates.length,
        unchanged: plan.unchanged,
        problems: plan.problems,
      };
      if (dryRun) return { data: result };
      if (plan.problems.length) {
        return reply.code(400).send({
          error: `The file has ${plan.problems.length} problem(s): nothing was written`,
          code: 'validation',
          field: 'file',
          problems: plan.problems,
        });
      }
      const touched = await db.transaction().execute(async (trx) => {
        const ids: number[] = [];
        for (const { id, values, specs } of plan.updates) {
          await updateIn(trx, def, request, id, values, {
            after: async (updated) =>
              specs ? writeParts(def, trx, updated.id, { specs }) : Promise.resolve([]),
            details: { import: true },
          });
          ids.push(id);
        }
        for (const { values, specs } of plan.creates) {
          const created = await def.repo.insert(trx, values);
          await writeParts(def, trx, created.id, { specs: specs ?? [] });
          const revision = await addRevision(
            trx,
            def,
            request,
            'create',
            await snapshotOf(def, trx, created),
          );
          await audit(trx, request, {
            action: 'create',
            resource: 'products',
            recordId: created.id,
            details: { ...revised(revision), import: true },
          });
          ids.push(created.id);
        }
        return ids;
      });
      // one build for the whole file
      if (touched.length) publish(app, def, 'update', touched[0]!, request);
      return { data: result };
    },
  );
}

/** The file's cells, row by row (the header first). */
async function readSheet(request: FastifyRequest): Promise<ReadCell[][]> {
  const file = request.uploadedFiles.find((upload) => upload.field === 'file');
  if (!file)
    throw new BadRequest('file: send the sheet (XLSX or CSV) in `file`', { field: 'file' });
  const bytes = await readFile(file.path);
  let rows: ReadCell[][];
  // an XLSX is a zip archive; anything else is read as CSV text
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    // loaded by the first import that needs it, as the export does (exports/xlsx.ts)
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new BadRequest('file: is not a readable XLSX', { field: 'file' });
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new BadRequest('file: has no sheet', { field: 'file' });
    rows = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      const values = (row.values as unknown[]).slice(1);
      rows[number - 1] = values.map(cellValue);
    });
    for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  } else {
    const { parse: parseCsv } = await import('csv-parse/sync');
    try {
      rows = parseCsv(bytes, { bom: true, relax_column_count: true, skip_empty_lines: true });
    } catch {
      throw new BadRequest('file: is neither an XLSX nor a readable CSV', { field: 'file' });
    }
  }
  if (rows.length < 1) throw new BadRequest('file: is empty', { field: 'file' });
  if (rows.length - 1 > MAX_IMPORT_ROWS) {
    throw new BadRequest(`file: at most ${MAX_IMPORT_ROWS} rows at once`, { field: 'file' });
  }
  return rows;
}

/** An exceljs cell's value as text, a number or a yes/no (a formula: its result). */
function cellValue(value: unknown): ReadCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
    return value;
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const object = value as { result?: unknown; richText?: { text: string }[]; text?: unknown };
    if ('result' in object) return cellValue(object.result);
    if (object.richText) return object.richText.map((part) => part.text).join('');
    if (typeof object.text === 'string') return object.text;
  }
  return String(value);
}

interface PlannedWrite {
  id: number;
  values: Record<string, unknown>;
  specs: SpecValue[] | undefined;
}

/** What an import would write, and the problems that keep it from writing anything. */
async function planImport(app: FastifyInstance, def: Crud, table: ReadCell[][]) {
  const db = app.db.kysely;
  const attributes = await sheetAttributes(db);
  const columns = sheetColumns(attributes);
  const { mapped, problems } = readHeader(table[0]!, columns);
  const updates: PlannedWrite[] = [];
  const creates: Omit<PlannedWrite, 'id'>[] = [];
  let unchanged = 0;
  if (problems.length) return { updates, creates, unchanged, problems };

  const idColumn = mapped.findIndex((column) => column?.field === 'id');
  const ids = table
    .slice(1)
    .map((row) => Number(row[idColumn]))
    .filter((id) => Number.isInteger(id) && id > 0);
  const existing = new Map(
    (
      await db
        .selectFrom('products')
        .selectAll()
        .where('id', 'in', ids.length ? ids : [0])
        .execute()
    ).map((row) => [row.id, def.repo.map(row) as AnyRecord]),
  );
  const categoryIds = new Set(
    (await db.selectFrom('categories').select('id').execute()).map((row) => row.id),
  );
  const allSpecs = await productSpecs(db);
  const specColumns = mapped.filter((column): column is SheetColumn => Boolean(column?.attribute));
  const inFile = new Set(specColumns.map((column) => column.attribute!.id));
  // each attribute once (a text one has a column per language)
  const fileAttributes = [
    ...new Map(specColumns.map((column) => [column.attribute!.id, column])).values(),
  ];
  const seen = new Set<number>();

  table.slice(1).forEach((row, index) => {
    const rowNumber = index + 2;
    if (row.every((cell) => cell === null || cell === '')) return;
    const problem = (column: string, message: string) =>
      problems.push({ row: rowNumber, column, message });
    const fields: Record<string, unknown> = {};
    const texts = new Map<number, Partial<Record<Language | 'value', ReadCell>>>();
    mapped.forEach((column, at) => {
      if (!column) return;
      const cell = row[at] ?? null;
      if (column.field) {
        const read = readField(column.field, cell);
        if ('problem' in read) problem(column.header, read.problem);
        else if (read.value !== undefined) fields[column.field] = read.value;
      } else {
        const cells = texts.get(column.attribute!.id) ?? {};
        cells[column.language ?? 'value'] = cell;
        texts.set(column.attribute!.id, cells);
      }
    });
    const id = fields.id as number | null | undefined;
    delete fields.id;
    const current = id ? existing.get(id) : undefined;
    if (id && !current) return problem('id', `there is no product with id ${id}`);
    if (id && seen.has(id)) return problem('id', `the product ${id} is in the file twice`);
    if (id) seen.add(id);
    // the values: the file's attributes as it has them, the others as the product has them
    const before = (id ? allSpecs.get(id) : undefined) ?? [];
    const specs: SpecValue[] = before.filter((spec) => !inFile.has(spec.attribute_id));
    for (const column of fileAttributes) {
      const attribute = column.attribute!;
      const read = readSpec(attribute, texts.get(attribute.id) ?? {});
      if (read === null) continue;
      if ('problem' in read) {
        problem(column.header, read.problem);
        continue;
      }
      const wrong = specProblem(attribute, read);
      if (wrong) {
        const says = {
          type: 'is not a value of this attribute',
          order: 'its minimum is above its maximum',
          option: `is not one of its options (${attribute.options.map((o) => o.code).join(', ')})`,
          decimals: `has more than ${attribute.decimals} digits after the decimal point`,
        }[wrong];
        problem(column.header, says);
        continue;
      }
      specs.push(read);
    }
    specs.sort((a, b) => a.attribute_id - b.attribute_id);
    // the record's own fields: a name in some language, a category that exists
    const merged = { ...current, ...fields };
    if (!localizedKeys('name').some((key) => String(merged[key] ?? '').trim() !== '')) {
      problem('name_ru', 'a name in at least one language is needed');
    }
    const category = merged.category_id as number | null | undefined;
    if (!category) problem('category_id', 'a product needs its category');
    else if (!categoryIds.has(category)) problem('category_id', `there is no category ${category}`);
    if (!current) {
      creates.push({ values: fields, specs });
      return;
    }
    const changedFields = Object.entries(fields).filter(
      ([key, value]) => JSON.stringify(current[key]) !== JSON.stringify(value),
    );
    const specsChanged = JSON.stringify(before) !== JSON.stringify(specs);
    if (!changedFields.length && !specsChanged) {
      unchanged++;
      return;
    }
    updates.push({
      id: id!,
      values: Object.fromEntries(changedFields),
      specs: specsChanged ? specs : undefined,
    });
  });
  return { updates, creates, unchanged, problems };
}
