import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findSessionUser, hashToken } from '../db/repositories/sessions.ts';
import { checkPreviewLink } from '../drafts/preview.ts';
import { PREVIEW_COOKIE } from '../lib/sessionCookies.ts';

/** Headers of a preview's every file: for its holder only, never indexed, framed by the admin. */
const PREVIEW_HEADERS = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
  'x-frame-options': 'SAMEORIGIN',
  // the page's own <meta> policy covers its scripts; this adds who may frame it
  'content-security-policy': "frame-ancestors 'self'; base-uri 'self'; object-src 'none'",
};

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title}</title>
<p>${body}</p></html>`;
const GONE = page(
  'Preview link expired',
  'This preview link has expired. Ask for a new one in the back office.',
);
const SIGN_IN = page(
  'Sign in to see this preview',
  'Previews are for staff: <a href="/admin/">sign in to the back office</a>, then open this link again.',
);

/**
 * Serves previews of drafts at /preview/<link>/…, from DATA_DIR/previews/<link>/,
 * to signed-in staff (their session's preview cookie) who hold a link this server signed,
 * until it expires (then 410). In a context of its own (no fastify-plugin): its static files
 * and its check stay here.
 */
export default async function previews(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const link = /^\/preview\/([^/?#]+)/.exec(request.url)?.[1] ?? '';
    const state = await checkPreviewLink(app, link, app.jobs.clock.now());
    reply.headers(PREVIEW_HEADERS);
    if (state === 'expired') return reply.status(410).type('text/html; charset=utf-8').send(GONE);
    if (state !== 'ok') return reply.status(404).send({ error: 'Not found', code: 'notFound' });
    const cookie = request.cookies[PREVIEW_COOKIE];
    const found = cookie ? await findSessionUser(app.db.kysely, hashToken(cookie)) : undefined;
    if (found && !app.twoFactor.mustEnrol(found.user)) return;
    if (cookie) reply.clearCookie(PREVIEW_COOKIE, { path: '/preview' });
    return reply.status(401).type('text/html; charset=utf-8').send(SIGN_IN);
  });
  const root = join(app.config.dataDir, 'previews');
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/preview/',
    decorateReply: false,
    // a preview's data file and anything else beside the pages are not served
    dotfiles: 'ignore',
    allowedPath: (path) => !path.endsWith('.json'),
    extensions: ['html'],
    setHeaders: (reply: FastifyReply) => {
      reply.headers(PREVIEW_HEADERS);
    },
  });
}
