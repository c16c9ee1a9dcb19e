import type { User } from '@conveyor/shared';
import createError from '@fastify/error';
import fp from 'fastify-plugin';
import { findSessionUser, hashToken } from '../db/repositories/sessions.ts';

/**
 * Who may call a route:
 * - `staff`: a signed-in user (the default: a route is private unless it says otherwise);
 * - `public`: anyone; a signed-in caller is still recognised (staff see inactive records);
 * - `signin`: anyone, and the Authorization header is not even looked at.
 */
export type Access = 'staff' | 'public' | 'signin';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    /** Hash of the caller's session token, to revoke it on sign-out. */
    tokenHash: string | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

const Unauthorized = createError('CONVEYOR_UNAUTHORIZED', '%s', 401);

export const SESSION_EXPIRED = 'Your session has expired or was ended; please sign in again';

/** The one guard of the API: reads the bearer token and enforces each route's `access`. */
export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('tokenHash', null);

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access ?? 'staff';
      if (access === 'signin') return;
      const header = request.headers.authorization;
      const token = header?.replace(/^Bearer\s+/i, '').trim();
      if (token) {
        const tokenHash = hashToken(token);
        const user = await findSessionUser(app.db.kysely, tokenHash);
        if (!user) throw new Unauthorized(SESSION_EXPIRED);
        request.user = user;
        request.tokenHash = tokenHash;
      }
      if (access === 'staff' && !request.user) throw new Unauthorized('Authentication required');
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
