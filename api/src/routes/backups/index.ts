import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { backupJobAnswerSchema, backupStatusAnswerSchema, errorResponses } from '@conveyor/shared';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { audit } from '../../audit/log.ts';
import { ARCHIVE_NAME_PATTERN } from '../../backup/folder.ts';
import { backupStatus, requestBackup } from '../../backup/schedule.ts';
import { NotFound } from '../../lib/httpErrors.ts';

// The backups screen's API, administrators only ('backups' in the roles table): an
// archive holds every user, lead and supplier application, so nobody else may list, make or
// download one.

const archiveParams = {
  type: 'object',
  properties: { name: { type: 'string', pattern: ARCHIVE_NAME_PATTERN, maxLength: 80 } },
  required: ['name'],
  additionalProperties: false,
} as const;

const archiveFileResponse = {
  description: 'The archive (a gzipped tar), as an attachment under its own name',
  content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } },
} as const;

export default async function backupRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const config = { access: 'staff' as const, area: 'backups' as const };
  const common = { tags: ['backups'], security: [{ bearer: [] }] };

  app.get(
    '/backups',
    {
      config,
      schema: {
        ...common,
        summary: 'The archives in BACKUP_DIR, the schedule, a backup under way, the last failure',
        response: { 200: backupStatusAnswerSchema, ...errorResponses },
      },
    },
    async () => ({
      data: await backupStatus(app.db.kysely, app.backupSchedule, app.jobs.clock.now()),
    }),
  );

  app.post(
    '/backups',
    {
      config,
      schema: {
        ...common,
        summary: 'Back up now: queues a backup (or answers the one already under way)',
        response: { 202: backupJobAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const job = await requestBackup(app.jobs, app.db.kysely, request.user?.id);
      request.log.info({ job: job.id, userId: request.user?.id }, 'backup requested');
      await audit(app.db.kysely, request, {
        action: 'backup',
        resource: 'backups',
        details: { job: job.id },
      });
      return reply.status(202).send({ data: job });
    },
  );

  // Typed by the parameters alone: the answer is a file streamed from the folder.
  app.get<{ Params: FromSchema<typeof archiveParams> }>(
    '/backups/:name',
    {
      config,
      schema: {
        ...common,
        summary: 'Download one archive',
        params: archiveParams,
        response: { 200: archiveFileResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      // The pattern allows no separator or dot-dot; a link or folder of that name is no archive.
      const file = join(app.backupSchedule.dir, name);
      const info = await lstat(file).catch(() => null);
      if (!info?.isFile()) throw new NotFound('No such backup');
      // who took a copy of all the personal data
      request.log.info({ backup: name, userId: request.user?.id }, 'backup downloaded');
      await audit(app.db.kysely, request, {
        action: 'backup_download',
        resource: 'backups',
        details: { name },
      });
      return reply
        .type('application/gzip')
        .header('content-length', info.size)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );
}
