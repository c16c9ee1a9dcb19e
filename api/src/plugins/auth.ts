import { type Action, type Area, actionOf, ERRORS, may, type User } from '@conveyor/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionUser, hashToken, touchSession } from '../db/repositories/sessions.ts';
import { Forbidden, Unauthorized } from '../lib/httpErrors.ts';
import { clearSessionCookies, SESSION_COOKIE } from '../lib/sessionCookies.ts';

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
    /**
     * The part of the back office a staff route belongs to: the caller's role must be allowed
     * to read it (GET) or change it (any other method) in `ROLE_GRANTS`. `any` is every
     * signed-in user's (their own session, profile, the app bar's state); a route that finds
     * its area only from the request (a note's subject) says `any` and calls `requireRole`.
     * Every staff route must say: the server refuses to start otherwise.
     */
    area?: Area | 'any';
    /** Also allowed to the user whose own record `:id` is (their profile, their password). */
    self?: boolean;
    /**
     * Open to an admin who must turn on two-factor sign-in and has not yet
     * (TWO_FACTOR_REQUIRED_FOR_ADMINS): its set-up, who they are, sign-out. Every other staff
     * route refuses them (403 `twoFactor.enrolmentRequired`).
     */
    beforeTwoFactor?: boolean;
  }
}

const forbidden = () => new Forbidden(ERRORS.forbidden, { code: 'forbidden' });

/** Refuses (403) a caller whose role may not do `action` in `area`. */
export function requireRole(request: FastifyRequest, area: Area, action: Action): void {
  if (!request.user || !may(request.user.role, area, action)) throw forbidden();
}

/** Whether the route's `:id` is the caller's own user record. */
function ownRecord(request: FastifyRequest): boolean {
  // the guard runs before any route's types apply: whatever params the route has, read as such
  const params: unknown = request.params;
  const id =
    typeof params === 'object' && params !== null && 'id' in params ? params.id : undefined;
  return request.user !== null && id !== undefined && String(id) === String(request.user.id);
}

const sessionExpired = () => new Unauthorized(SESSION_EXPIRED, { code: 'sessionExpired' });
const csrfRefused = () =>
  new Forbidden('This request needs the X-Conveyor-CSRF header (sent by the back office)', {
    code: 'csrf',
  });

export const SESSION_EXPIRED = 'Your session has expired or was ended; please sign in again';

/**
 * The session token of an `Authorization: Bearer <token>` header (RFC 6750; the scheme in any
 * case), `''` for a Bearer header without one, and `undefined` for no header or another
 * scheme: `Basic` credentials that a browser behind HTTP basic auth (a staging site, a proxy)
 * sends with every request are not ours, and must not turn the site's forms into a 401.
 */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^\s*bearer(?:\s+(.*))?$/i.exec(header ?? '');
  return match ? (match[1] ?? '').trim() : undefined;
}

/**
 * Sent by the back office with every call. A cookie-authenticated write without it is not
 * trusted: a cross-site form cannot set a header, and a cross-origin script cannot send one
 * without a CORS preflight that only CORS_ORIGINS pass (OWASP: custom request headers). It
 * also says "this call expects a session": without a good one it is a 401 on every route, so
 * the back office signs out rather than quietly showing the public view.
 */
export const CSRF_HEADER = 'x-conveyor-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one guard of the API: finds the caller's session and enforces each route's `access`.
 * A session is a bearer token (API clients, scripts) or the back office's session cookie; with
 * the cookie, a write also needs the CSRF header. An Authorization header of another scheme
 * (Basic) is no session: ignored, so public routes serve the caller anonymously (or by its
 * cookie) and staff routes answer 401 unless the cookie signs the caller in. A cookie sent without that header that does
 * not count (an ended session, or a write) leaves the caller anonymous on public routes, so
 * that a staff member's browser never breaks the site's forms; staff routes refuse it.
 */
export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('tokenHash', null);

    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config.access ?? 'staff';
      if (access === 'signin') return;
      const bearer = bearerToken(request.headers.authorization);
      const backOffice = Boolean(request.headers[CSRF_HEADER]);
      const cookie = request.cookies[SESSION_COOKIE];
      if (bearer !== undefined) {
        const tokenHash = hashToken(bearer);
        const found = await findSessionUser(app.db.kysely, tokenHash);
        if (!found) throw sessionExpired();
        request.user = found.user;
        request.tokenHash = tokenHash;
        await touchSession(app.db.kysely, found);
      } else if (cookie && (backOffice || SAFE_METHODS.has(request.method))) {
        const tokenHash = hashToken(cookie);
        const found = await findSessionUser(app.db.kysely, tokenHash);
        if (found) {
          request.user = found.user;
          request.tokenHash = tokenHash;
          await touchSession(app.db.kysely, found);
        } else if (access === 'staff' || backOffice) {
          clearSessionCookies(reply);
          throw sessionExpired();
        }
      } else if (cookie && access === 'staff') {
        throw csrfRefused();
      } else if (backOffice) {
        // the back office without its cookie: the session ran out in the browser
        throw sessionExpired();
      }
      if (access !== 'staff') return;
      if (!request.user) throw new Unauthorized(ERRORS.unauthorized);
      const { area, self, beforeTwoFactor } = request.routeOptions.config;
      if (!beforeTwoFactor && app.twoFactor.mustEnrol(request.user)) {
        throw new Forbidden(ERRORS.twoFactorEnrolment, { code: 'twoFactor.enrolmentRequired' });
      }
      if (area === 'any' || area === undefined) return;
      if (self && ownRecord(request)) return;
      requireRole(request, area, actionOf(request.method));
    });

    // Roles are checked in one place, so a staff route that forgets its area would be open to
    // every role: refuse to start instead.
    app.addHook('onRoute', (route) => {
      const config = (route.config ?? {}) as { access?: Access; area?: string };
      if ((config.access ?? 'staff') === 'staff' && config.area === undefined) {
        throw new Error(`${route.method} ${route.url}: a staff route must name its area`);
      }
    });
  },
  { name: 'auth', dependencies: ['db', 'cookies', 'two-factor'] },
);
