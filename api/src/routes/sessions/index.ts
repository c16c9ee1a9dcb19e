import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  idSchema,
  may,
  sessionSchema,
} from '@conveyor/shared';
import { audit } from '../../audit/log.ts';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  listUserSessions,
  revokeUserSession,
  revokeUserSessions,
} from '../../db/repositories/sessions.ts';
import { Forbidden, NotFound } from '../../lib/httpErrors.ts';
import { clearSessionCookies } from '../../lib/sessionCookies.ts';

const idParams = {
  type: 'object',
  properties: { id: idSchema },
  required: ['id'],
} as const;
const sessionParams = {
  type: 'object',
  properties: { id: idSchema },
  required: ['id'],
} as const;

/**
 * Sign-in sessions: everyone sees their own (device, address, last use) and ends
 * any or all of them; an admin sees and ends another user's. A session's token never leaves
 * the server, only its id.
 */
export default async function sessionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const db = () => app.db.kysely;
  const tags = ['auth'];
  const security = [{ bearer: [] }];
  // Every signed-in user has their own; whose they may see is decided per request below.
  const config = { access: 'staff', area: 'any' } as const;

  /** The caller's own id, or another user's for an admin (403 for anyone else). */
  const whose = (request: FastifyRequest, userId: number): number => {
    const user = request.user!;
    if (user.id !== userId && !may(user.role, 'users', 'write')) {
      throw new Forbidden(ERRORS.forbidden, { code: 'forbidden' });
    }
    return userId;
  };
  /** The log's record of sessions ended: whose, and how many. */
  const ended = (request: FastifyRequest, userId: number, count: number) =>
    audit(db(), request, {
      action: 'sessions_end',
      resource: 'users',
      recordId: userId,
      details: { count },
    });
  /** Ending the session the request came with is signing out: the cookie goes too. */
  const endedOwn = (reply: FastifyReply) => clearSessionCookies(reply);

  api.get(
    '/sessions',
    {
      config,
      schema: {
        tags,
        summary: "The caller's sessions, the latest used first; `current` is this one",
        security,
        response: {
          200: dataResponseSchema({ type: 'array', items: sessionSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: await listUserSessions(db(), request.user!.id, request.tokenHash),
    }),
  );

  api.delete(
    '/sessions',
    {
      config,
      schema: {
        tags,
        summary: "Ends every session of the caller's but this one; answers how many ended",
        security,
        response: { 200: dataResponseSchema({ type: 'integer' }), ...errorResponses },
      },
    },
    async (request) => {
      const count = await revokeUserSessions(db(), request.user!.id, request.tokenHash);
      await ended(request, request.user!.id, count);
      return { data: count };
    },
  );

  api.delete(
    '/sessions/:id',
    {
      config,
      schema: {
        tags,
        summary: "Ends one of the caller's sessions (this one too: that is signing out)",
        security,
        params: sessionParams,
        response: { 200: dataResponseSchema({ type: 'boolean' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const own = (await listUserSessions(db(), request.user!.id, request.tokenHash)).find(
        (session) => session.id === request.params.id,
      );
      if (!own || !(await revokeUserSession(db(), request.user!.id, request.params.id))) {
        throw new NotFound(ERRORS.notFound);
      }
      if (own.current) endedOwn(reply);
      await ended(request, request.user!.id, 1);
      return { data: true };
    },
  );

  api.get(
    '/users/:id/sessions',
    {
      config,
      schema: {
        tags: ['users'],
        summary: "A user's sessions: one's own, or anyone's for an admin",
        security,
        params: idParams,
        response: {
          200: dataResponseSchema({ type: 'array', items: sessionSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: await listUserSessions(db(), whose(request, request.params.id), request.tokenHash),
    }),
  );

  api.delete(
    '/users/:id/sessions',
    {
      config,
      schema: {
        tags: ['users'],
        summary: "Ends a user's sessions (an admin's act; one's own keep the current one)",
        security,
        params: idParams,
        response: { 200: dataResponseSchema({ type: 'integer' }), ...errorResponses },
      },
    },
    async (request) => {
      const userId = whose(request, request.params.id);
      const keep = userId === request.user!.id ? request.tokenHash : null;
      const count = await revokeUserSessions(db(), userId, keep);
      await ended(request, userId, count);
      return { data: count };
    },
  );
}
