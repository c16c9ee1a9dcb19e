import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken } from './tokens.ts';

// The browser's session cookies: set at sign-in, taken back at sign-out, and the previews'
// copy given when it is missing. The auth guard reads them; a preview answer hands them out.

/** The back office's session: an HttpOnly, SameSite=Strict cookie holding the token. */
export const SESSION_COOKIE = 'conveyor_session';
/**
 * The same token again, sent only to /preview/ (drafts' previews): a preview is
 * shown to signed-in staff only, and the session cookie itself never leaves /api.
 */
export const PREVIEW_COOKIE = 'conveyor_preview';

/** Gives the browser its session: the cookie for the API and the one for previews. */
export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  options: { secure: boolean; maxAgeS?: number },
): void {
  const common = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: options.secure,
    maxAge: options.maxAgeS,
  };
  reply.setCookie(SESSION_COOKIE, token, { ...common, path: '/api' });
  reply.setCookie(PREVIEW_COOKIE, token, { ...common, path: '/preview' });
}

/**
 * Gives previews their cookie when a back-office call shows the browser lacks it (it signed in
 * before previews had one): the session's own token, for as long as the browser runs.
 */
export function ensurePreviewCookie(request: FastifyRequest, reply: FastifyReply): void {
  const cookie = request.cookies[SESSION_COOKIE];
  // only the cookie of the session the guard signed this request in with
  if (!cookie || request.tokenHash !== hashToken(cookie)) return;
  if (request.cookies[PREVIEW_COOKIE] === cookie) return;
  reply.setCookie(PREVIEW_COOKIE, cookie, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/preview',
  });
}

/** Takes the session's cookies back (signed out, or the session ended). */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/api' });
  reply.clearCookie(PREVIEW_COOKIE, { path: '/preview' });
}
