import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { dataResponseSchema, errorResponses, HONEYPOT_FIELD, isNotifying } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../audit/log.ts';
import { type Crud, present, publish } from '../../content/definition.ts';
import { revised } from '../../content/update.ts';
import { checkParts, writeParts } from '../../content/parts.ts';
import { checkReferences, columnValues, requireLocalized } from '../../content/values.ts';
import { addRevision, snapshotOf } from '../../revisions/store.ts';
import { checkFiles, orRemove, saveFiles } from './files.ts';
import { ANONYMOUS_RECEIVED, bodyMediaTypes, receivedSchema, uploadConfig } from './schemas.ts';

/** Creating a record; only creating a lead or an application is open to the public. */
export function registerCreate(app: FastifyInstance, def: Crud): void {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const single = def.detail ?? def.record;
  const createAccess = def.create === 'public' ? 'public' : 'staff';

  api.post(
    `/${def.name}`,
    {
      config: { access: createAccess, area: def.name, ...uploadConfig(def) },
      // The public forms' one limit per address (leads and applications together); staff are
      // not limited. Runs before the body is read.
      onRequest:
        createAccess === 'public'
          ? async (request, reply) => {
              if (request.user === null) await app.formRateLimit(request, reply);
            }
          : undefined,
      schema: {
        tags: [def.name],
        summary: `Create one of ${def.name}`,
        ...(createAccess === 'staff' ? { security: [{ bearer: [] }] } : {}),
        ...bodyMediaTypes(def),
        body: def.bodies.create,
        response: {
          201: dataResponseSchema(
            createAccess === 'public' ? { anyOf: [single, receivedSchema] } : single,
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const body = { ...request.body };
      const staff = request.user !== null;
      if (createAccess === 'public' && HONEYPOT_FIELD in body) {
        if (String(body[HONEYPOT_FIELD]).trim() !== '') {
          request.log.info({ resource: def.name }, 'honeypot filled: submission dropped');
          return reply.code(201).send({ data: ANONYMOUS_RECEIVED });
        }
        delete body[HONEYPOT_FIELD];
      }
      requireLocalized(def, body);
      const files = await checkFiles(app, def, request);
      const db = app.db.kysely;
      const values = def.hooks?.prepare
        ? await def.hooks.prepare({ app, request, db }, body)
        : columnValues(def, body);
      await checkReferences(def, db, values);
      const parts = await checkParts(def, db, body);
      const { written, gallery } = await saveFiles(app, def, files, values);
      let deliveries = 0;
      const record = await orRemove(app, written, () =>
        db.transaction().execute(async (trx) => {
          const created = await def.repo.insert(trx, values);
          await writeParts(def, trx, created.id, parts);
          await def.hooks?.afterWrite?.({ app, request, db: trx }, created, body, gallery);
          await def.hooks?.checkWritten?.(trx, created);
          const revision = def.publishes
            ? await addRevision(trx, def, request, 'create', await snapshotOf(def, trx, created))
            : null;
          // staff changes are logged, with the revision they made; a visitor's lead is the
          // lead itself
          if (staff) {
            await audit(trx, request, {
              action: 'create',
              resource: def.name,
              recordId: created.id,
              details: revised(revision),
            });
          }
          // A lead and its deliveries to the sales team are kept together or not at all.
          if (isNotifying(def.name)) deliveries = await app.notify.queue(trx, def.name, created.id);
          return created;
        }),
      );
      publish(app, def, 'create', record.id, request);
      // Committed: the deliveries start now, not at the job runner's next poll.
      if (deliveries > 0) app.notify.sent();
      const data =
        staff || createAccess === 'staff'
          ? await present(def, app.db.kysely, record, true)
          : { ...ANONYMOUS_RECEIVED, ...(await def.hooks?.received?.(app, record)) };
      return reply.code(201).send({ data });
    },
  );
}
