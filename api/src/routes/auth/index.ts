import {
  ERRORS,
  errorResponseSchema,
  type SignIn,
  signInSchema,
  userSchema,
} from '@conveyor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findCredentials } from '../../db/repositories/accounts.ts';
import {
  createSession,
  purgeExpiredSessions,
  revokeSession,
} from '../../db/repositories/sessions.ts';
import { TooManyRequests } from '../../lib/httpErrors.ts';
import { verifyPassword } from '../../lib/passwords.ts';

const errors = { '4xx': errorResponseSchema, '5xx': errorResponseSchema } as const;

/** Sign-in, sign-out and the current user. There is no sign-up (DESIGN section 3). */
export default async function authRoutes(app: FastifyInstance) {
  const { perUser, perIp, windowMs } = app.config.rateLimits.signIn;
  // Two limits: one per client address, one per user name (case-folded) so that guessing one
  // account's password from many addresses is slowed down as well.
  const limitByIp = app.createRateLimit({ max: perIp, timeWindow: windowMs });
  const limitByUser = app.createRateLimit({
    max: perUser,
    timeWindow: windowMs,
    keyGenerator: (request: FastifyRequest) =>
      `signin-user:${String((request.body as Partial<SignIn> | undefined)?.user_name ?? '')
        .trim()
        .toLowerCase()}`,
  });

  app.post(
    '/signin',
    {
      config: { access: 'signin' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in: returns a session token for the Authorization header',
        body: signInSchema,
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'string', description: 'Session token' } },
            required: ['data'],
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      for (const limit of [await limitByIp(request), await limitByUser(request)]) {
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', String(limit.ttlInSeconds));
          throw new TooManyRequests(ERRORS.tooManyRequests);
        }
      }
      const { user_name, password } = request.body as SignIn;
      const db = app.db.kysely;
      const account = await findCredentials(db, user_name);
      const usable = account && Boolean(account.is_active);
      // The same answer, after the same work, whether the user is unknown, inactive or the
      // password is wrong.
      const valid = await verifyPassword(usable ? account.password_hash : null, password);
      if (!usable || !valid) {
        request.log.info({ user_name: user_name.toLowerCase() }, 'sign-in refused');
        return reply.code(401).send({ error: ERRORS.wrongCredentials });
      }
      await purgeExpiredSessions(db);
      const token = await createSession(db, account.id, app.config.sessionTtlMs);
      request.log.info({ userId: account.id }, 'signed in');
      return { data: token };
    },
  );

  app.post(
    '/signout',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends the current session',
        security: [{ bearer: [] }],
        response: {
          200: { type: 'object', properties: { data: { type: 'boolean' } }, required: ['data'] },
          ...errors,
        },
      },
    },
    async (request) => {
      if (request.tokenHash) await revokeSession(app.db.kysely, request.tokenHash);
      return { data: true };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: {
          200: { type: 'object', properties: { data: userSchema }, required: ['data'] },
          ...errors,
        },
      },
    },
    async (request) => ({ data: request.user! }),
  );
}
