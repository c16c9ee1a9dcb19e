import {
  dataResponseSchema,
  EXPORT_MEDIA_TYPES,
  errorResponses,
  errorResponseSchema,
} from '@conveyor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { audit } from '../../audit/log.ts';
import { type AnyRecord, type Crud, publish } from '../../content/definition.ts';
import { sheetAttributes, sheetCell, sheetColumns } from '../../content/productSheet.ts';
import { readProductSheet, writeSheetImport } from '../../content/sheetImport.ts';
import { planSheetImport } from '../../content/sheetPlan.ts';
import { getNotificationSettings } from '../../db/repositories/notificationSettings.ts';
import { productSpecs } from '../../db/repositories/specs.ts';
import { csvStream } from '../../exports/csv.ts';
import { recordPages } from '../../exports/records.ts';
import { wallClock } from '../../exports/table.ts';
import { xlsxStream } from '../../exports/xlsx.ts';
import { BadRequest, Conflict } from '../../lib/httpErrors.ts';
import { listSelection } from '../crud/listQuery.ts';
import { exportFileResponse, exportQuerySchema } from '../crud/schemas.ts';

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
 * event per product it changes, and one site build. The file is read on a thread of its own
 * within the sheet limits (exports/sheetLimits.ts), each row checked as the JSON API checks a
 * body (content/sheetPlan.ts, content/sheetRowChecks.ts).
 *
 * One import at a time on a server: reading a sheet takes a thread and up to the memory its
 * limits allow, and two at once would take twice that. A second one meanwhile is refused at
 * once (409, `products.importBusy`) rather than queued: its request would otherwise wait with
 * its upload held, and the back office says to try again. It is refused before its upload is
 * read (onRequest, after the sign-in check), so that a second file costs the server nothing.
 */
export function registerProductTransfer(app: FastifyInstance, def: Crud): void {
  const db = app.db.kysely;
  const tags = ['products'];
  const security = [{ bearer: [] }];
  /** The import under way: its request, from its first hook to its answer. */
  let importing: FastifyRequest | null = null;
  const release = (request: FastifyRequest) => {
    if (importing === request) importing = null;
  };

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
      config: { access: 'staff', area: 'products', fileFields: ['file'], sheetFiles: true },
      onRequest: async (request) => {
        if (importing) {
          throw new Conflict('Another sheet is being imported: try again when it is done', {
            code: 'products.importBusy',
          });
        }
        importing = request;
      },
      // A refusal before the handler (the upload past a limit or abandoned, a bad query) frees
      // the slot as it is sent (the handler frees it itself). onResponse would come only once
      // the refused upload's connection has closed, after the client has read the answer and
      // may have sent its next file.
      onSend: async (request) => release(request),
      schema: {
        tags,
        summary: 'Take a products sheet back (XLSX or CSV, as the export writes it)',
        description:
          'multipart/form-data with the file in `file`. A row with an id changes that product ' +
          '(only the columns the file has; an empty attribute cell removes the value); a row ' +
          'without one creates a product. `dry_run=true` answers every problem and writes ' +
          'nothing; a real run writes everything or, with a problem, nothing (400 with the ' +
          'problems), a revision per product it changes, and publishes once. Each row is ' +
          'checked as POST/PUT /api/products check a body. A file past a limit (10 MB, 5,000 ' +
          'rows, what an XLSX unpacks to, …: docs/specifications.md) is refused as it is ' +
          'read, with a code of its own (413 products.sheetTooManyRows, …); one import at a ' +
          'time (409 products.importBusy).',
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
      try {
        const dryRun = request.query.dry_run;
        const table = await readProductSheet(sheetPath(request));
        // the products' own body schemas, through this app's validator: the JSON API's rules
        const plan = await planSheetImport(db, def, table, {
          create: request.compileValidationSchema(def.bodies.create, 'body'),
          update: request.compileValidationSchema(def.bodies.update, 'body'),
        });
        const result: ImportResult = {
          dry_run: dryRun,
          rows: plan.rows,
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
        const touched = await writeSheetImport(db, def, request, plan);
        // one build for the whole file
        if (touched.length) publish(app, def, 'update', touched[0]!, request);
        return { data: result };
      } finally {
        release(request);
      }
    },
  );
}

/** The uploaded sheet's temporary file. */
function sheetPath(request: FastifyRequest): string {
  const file = request.uploadedFiles.find((upload) => upload.field === 'file');
  if (!file) {
    throw new BadRequest('file: send the sheet (XLSX or CSV) in `file`', { field: 'file' });
  }
  return file.path;
}
