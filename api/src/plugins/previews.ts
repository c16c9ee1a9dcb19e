import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkPreviewLink } from '../drafts/preview.ts';

/** Headers of a preview's every file: for its holder only, never indexed, framed by the admin. */
const PREVIEW_HEADERS = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
  'x-frame-options': 'SAMEORIGIN',
  // the page's own <meta> policy covers its scripts; this adds who may frame it
  'content-security-policy': "frame-ancestors 'self'; base-uri 'self'; object-src 'none'",
};

const GONE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><title>Preview link expired</title>
<p>This preview link has expired. Ask for a new one in the back office.</p></html>`;

/**
 * Serves previews of drafts (issue 17) at /preview/<link>/…, from DATA_DIR/previews/<link>/,
 * to whoever holds a link this server signed, until it expires (then 410). In a context of its
 * own (no fastify-plugin): its static files and its check stay here.
 */
export default async function previews(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const link = /^\/preview\/([^/?#]+)/.exec(request.url)?.[1] ?? '';
    const state = await checkPreviewLink(app, link, app.jobs.clock.now());
    if (state === 'ok') return;
    reply.headers(PREVIEW_HEADERS);
    if (state === 'expired') return reply.status(410).type('text/html; charset=utf-8').send(GONE);
    return reply.status(404).send({ error: 'Not found', code: 'notFound' });
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
