import { EXPORT_MEDIA_TYPES, errorResponses, exportFileName, isExporting } from '@conveyor/shared';
import { audit } from '../../audit/log.ts';
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { getNotificationSettings } from '../../db/repositories/notificationSettings.ts';
import { csvStream } from '../../exports/csv.ts';
import { recordPages } from '../../exports/records.ts';
import { referenceNames } from '../../exports/references.ts';
import { exportTable, wallClock } from '../../exports/table.ts';
import { xlsxStream } from '../../exports/xlsx.ts';
import type { AnyRecord, Crud } from '../../content/definition.ts';
import { exportFileResponse, exportQuerySchema } from './schemas.ts';
import { listSelection } from './listQuery.ts';

/**
 * `GET /{resource}/export?format=csv|xlsx&lang=…`, for the resources the registry marks
 * `exports`: every record the list's search, filters and sort select, as a file, staff only
 * (personal data, DESIGN section 9). Registered beside `/{resource}/:id`: Fastify's router
 * prefers the static segment, so `export` is never read as an id.
 */
export function registerExport(app: FastifyInstance, def: Crud): void {
  const resource = def.name;
  if (!isExporting(resource)) return;
  // Typed by the query's schema alone: the type provider would also type the answer by its
  // schema, which documents a file that the handler sends as a stream.
  app.get<{ Querystring: FromSchema<ReturnType<typeof exportQuerySchema>> }>(
    `/${resource}/export`,
    {
      config: { access: 'staff', area: resource },
      schema: {
        tags: [resource],
        summary: `Download ${resource} as CSV or XLSX`,
        description:
          'Every record the list’s q, filters, id and sort select, unpaged; headers and ' +
          'statuses in `lang`, times in the company’s time zone, cells that a spreadsheet ' +
          'would run as formulas prefixed with a quote.',
        security: [{ bearer: [] }],
        querystring: exportQuerySchema(def),
        response: { 200: exportFileResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { format, lang, ...query } = request.query;
      const selection = listSelection(query, def, true);
      const { time_zone: timeZone } = await getNotificationSettings(app.db.kysely);
      const { columns } = def.repo.shape;
      const table = exportTable(resource, columns, def.record.properties, lang, timeZone);
      const pages = await recordPages<AnyRecord>(app.db.kysely, def.repo, selection);
      async function* cells() {
        for await (const page of pages) {
          const records = def.hooks?.exported
            ? await def.hooks.exported(app.db.kysely, page, lang)
            : page;
          const names = await referenceNames(app.db.kysely, columns, records, lang);
          yield records.map((record) => table.row(record, names));
        }
      }
      // a second sheet of the records' parts (a lead's items), from a second reading of them
      const parts = def.hooks?.partsSheet;
      const more =
        format === 'xlsx' && parts
          ? [
              {
                name: parts.name(lang),
                columns: parts.columns(lang),
                pages: (async function* () {
                  const again = await recordPages<AnyRecord>(app.db.kysely, def.repo, selection);
                  for await (const page of again) {
                    yield await parts.rows(app.db.kysely, page, lang);
                  }
                })(),
              },
            ]
          : [];
      // who took which personal data, and which of it
      await audit(app.db.kysely, request, {
        action: 'export',
        resource,
        details: { format, filter: query },
      });
      const day = wallClock(timeZone)(new Date()).toISOString().slice(0, 10);
      return reply
        .type(EXPORT_MEDIA_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(resource, format, day)}"`,
        )
        .header('cache-control', 'no-store')
        .send(
          format === 'csv'
            ? csvStream(table.columns, cells())
            : xlsxStream(resource, table.columns, cells(), more),
        );
    },
  );
}
