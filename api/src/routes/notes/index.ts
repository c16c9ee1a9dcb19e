import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  idSchema,
  isWorkflow,
  noteBodySchema,
  noteSchema,
  RESOURCES,
} from '@conveyor/shared';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { addNote, findNote, listNotes, removeNote } from '../../db/repositories/notes.ts';
import { leads, suppliers } from '../../db/repositories/tables.ts';
import { Forbidden, NotFound } from '../../lib/httpErrors.ts';

// Staff notes on the records sales work (leads, supplier applications): the registry's
// `workflow` fact. Any staff member reads and writes them; only the author deletes one.

const REPOS = { leads, suppliers } as const;

const noteParams = {
  type: 'object',
  properties: { id: idSchema, noteId: idSchema },
  required: ['id', 'noteId'],
} as const;
const subjectParams = {
  type: 'object',
  properties: { id: idSchema },
  required: ['id'],
} as const;

export default async function noteRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const security = [{ bearer: [] }];

  for (const subject of RESOURCES.filter(isWorkflow)) {
    const repo = REPOS[subject];
    // a note belongs to its lead or application: whoever may work those may note them
    const config = { access: 'staff', area: subject } as const;
    const tags = [subject];
    const existing = async (id: number) => {
      if (!(await repo.exists(app.db.kysely, id))) throw new NotFound(ERRORS.notFound);
    };

    api.get(
      `/${subject}/:id/notes`,
      {
        config,
        schema: {
          tags,
          summary: `Staff notes on one of ${subject}, oldest first`,
          security,
          params: subjectParams,
          response: {
            200: dataResponseSchema({ type: 'array', items: noteSchema }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        await existing(request.params.id);
        return { data: await listNotes(app.db.kysely, subject, request.params.id) };
      },
    );

    api.post(
      `/${subject}/:id/notes`,
      {
        config,
        schema: {
          tags,
          summary: `Add a staff note to one of ${subject}`,
          security,
          params: subjectParams,
          body: noteBodySchema,
          response: { 201: dataResponseSchema(noteSchema), ...errorResponses },
        },
      },
      async (request, reply) => {
        await existing(request.params.id);
        const user = request.user!;
        const name = `${user.first_name} ${user.last_name}`.trim() || user.user_name;
        const note = await addNote(app.db.kysely, {
          subject,
          subjectId: request.params.id,
          author: { id: user.id, name },
          body: request.body.body.trim() || request.body.body,
        });
        return reply.code(201).send({ data: note });
      },
    );

    api.delete(
      `/${subject}/:id/notes/:noteId`,
      {
        config,
        schema: {
          tags,
          summary: `Delete one's own note on one of ${subject}`,
          security,
          params: noteParams,
          response: { 200: dataResponseSchema({ type: 'integer' }), ...errorResponses },
        },
      },
      async (request) => {
        const { id, noteId } = request.params;
        const note = await findNote(app.db.kysely, subject, id, noteId);
        if (!note) throw new NotFound(ERRORS.notFound);
        if (note.author_id !== request.user!.id) {
          throw new Forbidden(ERRORS.ownNotesOnly, { code: 'notes.ownOnly' });
        }
        await removeNote(app.db.kysely, noteId);
        return { data: noteId };
      },
    );
  }
}
