import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/**
 * The site's pages run small inline scripts (theme and language before paint, Astro's inlined
 * modules) and embed videos and a map; the API's strict policy would block them.
 */
const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  // the map embed (its address comes from staff, in settings) and youtube-nocookie players
  'frame-src https:',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
const BEING_BUILT = `<!doctype html><html lang="ru"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>…</title>
<body style="font-family:system-ui;display:grid;place-items:center;min-height:90vh;text-align:center">
<p>Сайт публикуется, страница обновится через несколько секунд.<br>
Sayt nashr qilinmoqda, sahifa bir necha soniyada yangilanadi.<br>
The site is being published; this page reloads in a few seconds.</p></body></html>`;

/**
 * The one-port product (DESIGN section 2): besides /api and /uploads, the same server serves the
 * back office (admin/dist) under /admin and at /auth/login, and the built public site at /,
 * with its 404 page. Hashed assets are cached for a year; HTML is revalidated on every visit.
 * Off with SERVE_FRONTENDS=false (an API-only deployment, or the API's own tests).
 */
export default fp(
  async (app) => {
    const { serveFrontends, adminDir, siteDir } = app.config;
    if (!serveFrontends) return;

    if (existsSync(join(adminDir, 'index.html'))) {
      // wildcard: false registers one route per built file, leaving /admin/* to the SPA fallback.
      await app.register(fastifyStatic, {
        root: adminDir,
        prefix: '/admin/',
        wildcard: false,
        decorateReply: true,
        cacheControl: false,
        setHeaders: (response, path) => {
          response.header('cache-control', path.includes('/assets/') ? YEAR : REVALIDATE);
        },
      });
      const spa = async (_request: FastifyRequest, reply: FastifyReply) =>
        reply.header('cache-control', REVALIDATE).sendFile('index.html', adminDir);
      app.get('/admin/*', { schema: { hide: true } }, spa);
      app.get('/auth/login', { schema: { hide: true } }, spa);
    } else {
      app.log.warn({ adminDir }, 'the admin is not built: /admin is not served');
    }

    // The site is rebuilt while the server runs, so its files are looked up on each request.
    await app.register(fastifyStatic, {
      root: siteDir,
      prefix: '/',
      decorateReply: !existsSync(join(adminDir, 'index.html')),
      cacheControl: false,
      extensions: ['html'],
      setHeaders: (response, path) => {
        response.header('cache-control', path.includes('/_astro/') ? YEAR : REVALIDATE);
        if (path.endsWith('.html')) response.header('content-security-policy', SITE_CSP);
      },
    });
    app.notFoundPage = (reply) => {
      if (!existsSync(join(siteDir, 'index.html'))) {
        // No release yet (the first build is running): say so, and look again shortly.
        return reply
          .status(503)
          .header('retry-after', '5')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(BEING_BUILT);
      }
      if (!existsSync(join(siteDir, '404.html'))) {
        return reply.status(404).send({ error: 'Not found' });
      }
      // sendFile applies the options of the first static instance (the admin's): the site's
      // headers are set here.
      return reply
        .status(404)
        .header('cache-control', REVALIDATE)
        .header('content-security-policy', SITE_CSP)
        .sendFile('404.html', siteDir);
    };
  },
  { name: 'frontends', dependencies: ['config', 'errors'] },
);
