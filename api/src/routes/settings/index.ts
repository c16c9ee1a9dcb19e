import {
  dataResponseSchema,
  draftSchema,
  ERRORS,
  errorResponses,
  idSchema,
  PREVIEW_LINK_HOURS,
  previewBodySchema,
  previewSchema,
  revisionSchema,
  SETTINGS_DRAFT,
  SETTINGS_RECORD_ID,
  spendDraftQuerySchema,
  SETTINGS_DEFAULTS,
  type Settings,
  type SettingsPatch,
  settingsBodies,
  settingsSchema,
} from '@conveyor/shared';
import { type Actor, actorName, audit, changedFields } from '../../audit/log.ts';
import { findDraft, removeDraft, saveDraft } from '../../db/repositories/drafts.ts';
import type { Executor } from '../../db/repositories/table.ts';
import { answerPreview, buildSettingsPreview } from '../../drafts/preview.ts';
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
        description:
          'With `?draft=spend` (the edit screen’s Save), the settings’ draft is removed in the ' +
          'same transaction: the form it opened on is what goes live.',
        security: [{ bearer: [] }],
        querystring: spendDraftQuerySchema,
        body: settingsBodies.update,
        response: { 200: dataOf, ...errorResponses },
      },
    },
    async (request) => {
      const spend = request.query.draft === 'spend';
      const data = await app.db.kysely.transaction().execute(async (trx) => {
        const spent = spend && (await removeDraft(trx, SETTINGS_DRAFT, SETTINGS_ID));
        return changeSettings(trx, request, request.body, 'update', spent ? { draft: true } : {});
      });
      changed(request);
      return { data };
    },
  );

  // Drafts: the company data every page shows, changed without going live until
  // published, previewed on the contacts page. One draft, as for any record.
  const draftConfig = { access: 'staff', area: 'settings' } as const;
  const noDraft = () =>
    new NotFound('This record has no unpublished changes', { code: 'drafts.none' });

  api.get(
    '/settings/draft',
    {
      config: draftConfig,
      schema: {
        tags: ['settings'],
        summary: 'The unpublished changes of the company data (null: none)',
        security: [{ bearer: [] }],
        response: {
          200: dataResponseSchema({ anyOf: [draftSchema, { type: 'null' }] }),
          ...errorResponses,
        },
      },
    },
    async () => ({
      data: (await findDraft(app.db.kysely, SETTINGS_DRAFT, SETTINGS_ID)) ?? null,
    }),
  );

  api.put(
    '/settings/draft',
    {
      config: draftConfig,
      schema: {
        tags: ['settings'],
        summary: 'Save changes to the company data as a draft (the site keeps the live data)',
        description: 'The body is an update’s: it replaces what the draft held.',
        security: [{ bearer: [] }],
        body: settingsBodies.update,
        response: { 200: dataResponseSchema(draftSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await saveDraft(app.db.kysely, request, SETTINGS_DRAFT, SETTINGS_ID, {
        ...request.body,
      }),
    }),
  );

  api.delete(
    '/settings/draft',
    {
      config: draftConfig,
      schema: {
        tags: ['settings'],
        summary: 'Discard the unpublished changes of the company data',
        security: [{ bearer: [] }],
        response: { 200: dataResponseSchema(idSchema), ...errorResponses },
      },
    },
    async () => {
      const db = app.db.kysely;
      const removed = await db
        .transaction()
        .execute((trx) => removeDraft(trx, SETTINGS_DRAFT, SETTINGS_ID));
      if (!removed) throw noDraft();
      return { data: SETTINGS_ID };
    },
  );

  api.post(
    '/settings/draft/publish',
    {
      config: draftConfig,
      schema: {
        tags: ['settings'],
        summary: 'Publish the draft of the company data: it becomes the live data',
        security: [{ bearer: [] }],
        response: { 200: dataOf, ...errorResponses },
      },
    },
    async (request) => {
      const data = await app.db.kysely.transaction().execute(async (trx) => {
        const draft = await findDraft(trx, SETTINGS_DRAFT, SETTINGS_ID);
        if (!draft) throw noDraft();
        await removeDraft(trx, SETTINGS_DRAFT, SETTINGS_ID);
        return changeSettings(trx, request, pick(draft.data), 'update', { draft: true });
      });
      changed(request);
      return { data };
    },
  );

  api.post(
    '/settings/preview',
    {
      config: draftConfig,
      schema: {
        tags: ['settings'],
        summary: 'Build a preview of the site with the company data’s draft (the contacts page)',
        description:
          'Answers its pages in each language under a signed link that lasts `hours` ' +
          `(${PREVIEW_LINK_HOURS.join(', ')}; default ${PREVIEW_LINK_HOURS[0]}).`,
        security: [{ bearer: [] }],
        body: previewBodySchema,
        response: { 200: dataResponseSchema(previewSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const hours = request.body?.hours ?? PREVIEW_LINK_HOURS[0];
      return answerPreview(request, reply, () => buildSettingsPreview(app, hours));
    },
  );

  /** Tells the publishing queue the company data changed (every page shows it). */
  const changed = (actor: Actor) =>
    app.contentEvents.emit('change', {
      resource: 'settings',
      action: 'update',
      id: null,
      by: actorName(actor),
    });

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
        return changeSettings(trx, request, pick(revision.snapshot), 'restore', {
          revision: revisionId,
        });
      });
      changed(request);
      return { data };
    },
  );
}

/**
 * One change of the company data inside `trx`: its state when history began as a revision (so
 * that its first change can be undone), the write, a revision of the result and the activity
 * log's event, by `actor`. A save, a draft's publish and a restore take this one path.
 */
async function changeSettings(
  trx: Executor,
  actor: Actor,
  patch: SettingsPatch,
  action: 'update' | 'restore',
  details: Record<string, unknown>,
): Promise<Settings> {
  const before = await getSettings(trx);
  if (!(await listRevisions(trx, 'settings', SETTINGS_ID)).length) {
    await addRevision(trx, SETTINGS, null, 'initial', snapshot(before));
  }
  const after = await updateSettings(trx, patch);
  const fields = changedFields(before, patch);
  const made = await addRevision(trx, SETTINGS, actor, action, snapshot(after), fields);
  await audit(trx, actor, {
    action,
    resource: 'settings',
    details: { ...details, fields, revision_id: made },
  });
  return after;
}

/** The fields of a draft's or a revision's data that are settings. */
const pick = (data: Record<string, unknown>): SettingsPatch =>
  Object.fromEntries(
    Object.entries(data).filter(([field]) => field in SETTINGS_DEFAULTS),
  ) as SettingsPatch;

/** The one settings record's id, under which its revisions are kept. */
const SETTINGS_ID = SETTINGS_RECORD_ID;
/** The settings as the revisions see them: no image, no gallery. */
const SETTINGS = { name: 'settings' as const, image: undefined };
const snapshot = (settings: Settings) => ({ id: SETTINGS_ID, ...settings });
const revisionParams = {
  type: 'object',
  properties: { revision: idSchema },
  required: ['revision'],
} as const;
