import {
  dataResponseSchema,
  errorResponses,
  settingsBodies,
  settingsSchema,
} from '@conveyor/shared';
import { audit } from '../../audit/log.ts';
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
      const data = await updateSettings(app.db.kysely, request.body);
      await audit(app.db.kysely, request, {
        action: 'update',
        resource: 'settings',
        details: { fields: Object.keys(request.body).sort() },
      });
      app.contentEvents.emit('change', { resource: 'settings', action: 'update', id: null });
      return { data };
    },
  );
}
