import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  idSchema,
  revisionSchema,
  SETTINGS_DEFAULTS,
  type Settings,
  type SettingsPatch,
  settingsBodies,
  settingsSchema,
} from '@conveyor/shared';
import { actorName, audit, changedFields } from '../../audit/log.ts';
import { NotFound } from '../../lib/httpErrors.ts';
import { addRevision, findRevision, listRevisions } from '../../revisions/store.ts';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { getSettings, updateSettings } from '../../db/repositories/settings.ts';

const dataOf = dataResponseSchema(settingsSchema);

/** The company data the public site shows (phones, e-mail, address, links): one record. */
export default async function settingsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  api.get(
    '/settings',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['settings'],
        summary: 'Company data',
        response: { 200: dataOf, ...errorResponses },
      },
    },
    async () => ({ data: await getSettings(app.db.kysely) }),
  );

  api.put(
    '/settings',
    {
      config: { access: 'staff', area: 'settings' },
      schema: {
        tags: ['settings'],
        summary: 'Change company data (only the fields sent)',
        security: [{ bearer: [] }],
        body: settingsBodies.update,
        response: { 200: dataOf, ...errorResponses },
      },
    },
    async (request) => {
      const data = await app.db.kysely.transaction().execute(async (trx) => {
        const before = await getSettings(trx);
        // the company data as it was when history began, so its first change can be undone
        if (!(await listRevisions(trx, 'settings', SETTINGS_ID)).length) {
          await addRevision(trx, SETTINGS, null, 'initial', snapshot(before));
        }
        const after = await updateSettings(trx, request.body);
        const fields = changedFields(before, request.body);
        const made = await addRevision(trx, SETTINGS, request, 'update', snapshot(after), fields);
        await audit(trx, request, {
          action: 'update',
          resource: 'settings',
          details: { fields, revision_id: made },
        });
        return after;
      });
      app.contentEvents.emit('change', {
        resource: 'settings',
        action: 'update',
        id: null,
        by: actorName(request),
      });
      return { data };
    },
  );

  api.get(
    '/settings/revisions',
    {
      config: { access: 'staff', area: 'settings' },
      schema: {
        tags: ['settings'],
        summary: 'The revisions of the company data, newest first',
        security: [{ bearer: [] }],
        response: {
          200: dataResponseSchema({ type: 'array', items: revisionSchema }),
          ...errorResponses,
        },
      },
    },
    async () => ({ data: await listRevisions(app.db.kysely, 'settings', SETTINGS_ID) }),
  );

  api.post(
    '/settings/revisions/:revision/restore',
    {
      config: { access: 'staff', area: 'settings' },
      schema: {
        tags: ['settings'],
        summary: 'Put the company data back as a revision had it',
        security: [{ bearer: [] }],
        params: revisionParams,
        response: { 200: dataOf, ...errorResponses },
      },
    },
    async (request) => {
      const { revision: revisionId } = request.params;
      const data = await app.db.kysely.transaction().execute(async (trx) => {
        const revision = await findRevision(trx, 'settings', SETTINGS_ID, revisionId);
        if (!revision) throw new NotFound(ERRORS.notFound);
        const before = await getSettings(trx);
        const patch = Object.fromEntries(
          Object.keys(SETTINGS_DEFAULTS)
            .filter((field) => field in revision.snapshot)
            .map((field) => [field, revision.snapshot[field]]),
        ) as SettingsPatch;
        const after = await updateSettings(trx, patch);
        const fields = changedFields(before, patch);
        const made = await addRevision(trx, SETTINGS, request, 'restore', snapshot(after), fields);
        await audit(trx, request, {
          action: 'restore',
          resource: 'settings',
          details: { revision: revisionId, fields, revision_id: made },
        });
        return after;
      });
      app.contentEvents.emit('change', {
        resource: 'settings',
        action: 'update',
        id: null,
        by: actorName(request),
      });
      return { data };
    },
  );
}

/** The one settings record's id, under which its revisions are kept. */
const SETTINGS_ID = 1;
/** The settings as the revisions see them: no image, no gallery. */
const SETTINGS = { name: 'settings' as const, image: undefined };
const snapshot = (settings: Settings) => ({ id: SETTINGS_ID, ...settings });
const revisionParams = {
  type: 'object',
  properties: { revision: idSchema },
  required: ['revision'],
} as const;
