import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  signInSchema,
  userSchema,
} from '@conveyor/shared';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../../audit/log.ts';
import { findCredentials } from '../../db/repositories/users.ts';
import { clearSessionCookies, setSessionCookies } from '../../lib/sessionCookies.ts';
import {
  createSession,
  purgeExpiredSessions,
  revokeSession,
} from '../../db/repositories/sessions.ts';
import { TooManyRequests } from '../../lib/httpErrors.ts';
import { newToken } from '../../lib/tokens.ts';
import { verifyPassword } from '../../lib/passwords.ts';

export const DEVICE_COOKIE = 'conveyor_device';
const DEVICE_COOKIE_DAYS = 180;

interface Device {
  userName: string;
  nonce: string;
}

/**
 * Sign-in, sign-out and the current user. There is no sign-up (DESIGN section 3).
 *
 * Guessing is slowed down as OWASP's "Slow Down Online Guessing Attacks with Device Cookies"
 * describes, so that an attacker can neither guess freely nor lock the owner out:
 * - a browser that signed in successfully carries a signed, HttpOnly device cookie naming that
 *   user; for that user it is judged by its own failures (SIGNIN_RATE_LIMIT per window), not by
 *   the user name's;
 * - every other client is "untrusted" for that user name: their failures together lock out
 *   untrusted clients for that name (SIGNIN_RATE_LIMIT), never the owner's known browser;
 * - failures per client address (SIGNIN_IP_RATE_LIMIT) count for every client, with a device
 *   cookie or not, and are checked in onRequest, before the body is read: a device cookie only
 *   spares its owner the user name's lockout, and a staff member who signs in again for a fresh
 *   cookie cannot spray passwords across other user names; a successful sign-in counts
 *   against nothing.
 *
 * Two-factor sign-in is one more step of the same call: a right password for an
 * account with it on is answered 401 `twoFactorRequired` (no session), and the client sends the
 * same body again with `totp` (or `recovery_code`). A wrong code counts as a wrong password
 * does. There is no half-signed-in state to steal: nothing is issued until both are right.
 */
export default async function authRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const { perUser, perIp } = app.config.rateLimits.signIn;
  const failures = app.signInFailures;

  const readDevice = (request: FastifyRequest): Device | null => {
    const raw = request.cookies[DEVICE_COOKIE];
    if (!raw) return null;
    const { valid, value } = request.unsignCookie(raw);
    const match = valid && value ? /^([^:]+):([A-Za-z0-9_-]{16,})$/.exec(value) : null;
    return match ? { userName: match[1]!, nonce: match[2]! } : null;
  };
  const refuse = async (reply: FastifyReply, key: string): Promise<never> => {
    reply.header('retry-after', String(Math.max(1, await failures.ttlSeconds(key))));
    throw new TooManyRequests(ERRORS.tooManyRequests);
  };

  api.post(
    '/signin',
    {
      config: { access: 'signin' },
      // A sign-in body is two short strings: anything larger is refused unread.
      bodyLimit: 4096,
      schema: {
        tags: ['auth'],
        summary: 'Sign in: returns a session token for the Authorization header',
        body: signInSchema,
        response: {
          200: dataResponseSchema({
            type: 'string',
            description: 'Session token (empty when it was set as the session cookie)',
          }),
          ...errorResponses,
        },
      },
      // Before the body is read: a client over its limit costs a header parse, nothing more.
      async onRequest(request, reply) {
        if ((await failures.count(`ip:${request.ip}`)) >= perIp) {
          await refuse(reply, `ip:${request.ip}`);
        }
        const device = readDevice(request);
        if (device && (await failures.count(`device:${device.nonce}`)) >= perUser) {
          await refuse(reply, `device:${device.nonce}`);
        }
      },
    },
    async (request, reply) => {
      const { user_name, password, session, totp, recovery_code } = request.body;
      const name = user_name.trim().toLowerCase();
      const device = readDevice(request);
      const trusted = device?.userName === name;
      if (!trusted && (await failures.count(`user:${name}`)) >= perUser) {
        await refuse(reply, `user:${name}`);
      }
      const db = app.db.kysely;
      const account = await findCredentials(db, user_name);
      const usable = account && Boolean(account.is_active);
      // The same answer, after the same work, whether the user is unknown, inactive or the
      // password is wrong.
      const valid = await verifyPassword(usable ? account.password_hash : null, password);
      const countFailure = async () => {
        await failures.add(`ip:${request.ip}`);
        if (device) await failures.add(`device:${device.nonce}`);
        if (!trusted) await failures.add(`user:${name}`);
      };
      if (!usable || !valid) {
        await countFailure();
        request.log.info({ user_name: name, trusted }, 'sign-in refused');
        await audit(db, request, { action: 'signin_failed', userName: name.slice(0, 100) });
        return reply.code(401).send({ error: ERRORS.wrongCredentials, code: 'wrongCredentials' });
      }
      if (account.two_factor) {
        if (totp === undefined && recovery_code === undefined) {
          return reply
            .code(401)
            .send({ error: ERRORS.twoFactorRequired, code: 'twoFactorRequired' });
        }
        const actor = { user: account, ip: request.ip };
        const step = await app.twoFactor.secondStep(
          account.id,
          totp !== undefined ? { totp } : { recovery_code: recovery_code! },
        );
        if (!step.ok) {
          await countFailure();
          request.log.info({ userId: account.id, trusted }, 'two-factor code refused');
          await audit(db, actor, {
            action: 'two_factor_failed',
            resource: 'users',
            recordId: account.id,
            details: { with: totp !== undefined ? 'totp' : 'recovery_code' },
          });
          return reply.code(401).send({ error: ERRORS.twoFactorWrong, code: 'twoFactorWrong' });
        }
        if (step.by === 'recovery_code') {
          await audit(db, actor, {
            action: 'recovery_code_used',
            resource: 'users',
            recordId: account.id,
            details: { left: step.left },
          });
        }
      }
      await purgeExpiredSessions(db);
      const token = await createSession(db, account.id, app.config.sessionTtlMs, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      const secure = request.protocol === 'https';
      // A new device cookie at every successful sign-in (OWASP): this browser is now known.
      reply.setCookie(DEVICE_COOKIE, `${name}:${newToken()}`, {
        signed: true,
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: '/api/signin',
        maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
      });
      request.log.info({ userId: account.id, trusted }, 'signed in');
      await audit(db, { user: account, ip: request.ip }, { action: 'signin' });
      if (session === 'cookie') {
        setSessionCookies(reply, token, {
          secure,
          maxAgeS: Math.floor(app.config.sessionTtlMs / 1000),
        });
        return { data: '' };
      }
      return { data: token };
    },
  );

  api.post(
    '/signout',
    {
      config: { access: 'staff', area: 'any', beforeTwoFactor: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends the current session',
        security: [{ bearer: [] }],
        response: {
          200: dataResponseSchema({ type: 'boolean' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      if (request.tokenHash) await revokeSession(app.db.kysely, request.tokenHash);
      await audit(app.db.kysely, request, { action: 'signout' });
      clearSessionCookies(reply);
      return { data: true };
    },
  );

  api.get(
    '/me',
    {
      config: { access: 'staff', area: 'any', beforeTwoFactor: true },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: {
          200: dataResponseSchema(userSchema),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ data: request.user! }),
  );
}
