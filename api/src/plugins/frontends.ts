import { existsSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  ERRORS,
  LANGUAGES,
  PENDING_PICTURES,
  type PendingPictures,
} from '@conveyor/shared';
import fp from 'fastify-plugin';
import type { AdminBuild } from '../lib/adminBuild.ts';

export interface FrontendsOptions {
  /** The back office's build running beside this start (lib/adminBuild.ts), if any. */
  adminBuild?: AdminBuild | undefined;
}

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/**
 * The site's own Content Security Policy is in each page, a <meta http-equiv> the build writes
 * (site/astro.config.mjs): script-src and style-src with the hashes of exactly the inline
 * scripts and styles that page ships, no 'unsafe-inline', plus its sources for images, frames
 * and the forms' API. It holds on any static host the same files are uploaded to. A browser
 * enforces every policy it is given, header and meta alike, so this header must not restrict
 * what the meta allows (a script-src here without the pages' hashes would block their inline
 * scripts; a default-src would forbid the images and frames the meta lets in): it carries only
 * what a meta policy cannot say (frame-ancestors), and directives that agree with the meta's,
 * which a header applies from the page's first byte (the meta, only after its own place).
 */
const SITE_CSP = [
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');
/**
 * The search index's files (site/src/integrations/search.ts): Pagefind searches in a web worker
 * (pagefind-worker.js) that compiles WebAssembly and fetches the index, under the policy of its
 * own response, not of the page. The API's default policy for files (a default-src and
 * upgrade-insecure-requests) would stop both.
 */
const SEARCH_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');
/**
 * The index's chunks, and its delta's, are named by their content's hash: cached like the built
 * assets (site/src/integrations/searchDelta.ts).
 */
const SEARCH_CHUNK = /\/pagefind\/(?:delta\/)?(?:fragment|index)\//;
/** A page that says, in each language, what is on its way, and reloads itself. */
const reloading = (
  seconds: number,
  lines: readonly string[],
) => `<!doctype html><html lang="ru"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${seconds}"><title>…</title>
<body style="font-family:system-ui;display:grid;place-items:center;min-height:90vh;text-align:center">
<p>${lines.join('<br>\n')}</p></body></html>`;
const BEING_BUILT = reloading(5, [
  'Сайт публикуется, страница обновится через несколько секунд.',
  'Sayt nashr qilinmoqda, sahifa bir necha soniyada yangilanadi.',
  'The site is being published; this page reloads in a few seconds.',
]);
/** What /admin and /auth/login answer while the back office is built beside the start. */
const ADMIN_BEING_BUILT = reloading(3, [
  'Панель управления готовится, страница обновится через несколько секунд.',
  'Boshqaruv paneli tayyorlanmoqda, sahifa bir necha soniyada yangilanadi.',
  'The back office is being prepared; this page reloads in a few seconds.',
]);

/** The language prefixes of the site's addresses; the default language (ru) has none. */
const PREFIXES = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).join('|');
const PREFIXED_LANGUAGE = new RegExp(`^/(${PREFIXES})(?:/|$)`);
/** A default-language address written with its prefix (/ru/privacy): its page is unprefixed. */
const DEFAULT_PREFIXED = new RegExp(`^/${DEFAULT_LANGUAGE}(?=/|$)`);
/** Where the built 404 pages lie: /404.html, /uz/404/index.html, /en/404/index.html. */
const NOT_FOUND_PAGE = new RegExp(`^(?:/(?:${PREFIXES}))?/404(?:\\.html|/|/index\\.html)?$`);

/**
 * The one-port product (DESIGN section 2): besides /api and /uploads, the same server serves the
 * back office (admin/dist) under /admin and at /auth/login, and the built public site at /,
 * with its 404 page. Hashed assets are cached for a year; HTML is revalidated on every visit.
 * Off with SERVE_FRONTENDS=false (an API-only deployment, or the API's own tests).
 */
export default fp<FrontendsOptions>(
  async (app, { adminBuild }) => {
    const { serveFrontends, adminDir, siteDir } = app.config;
    if (!serveFrontends) return;
    const adminIndex = join(adminDir, 'index.html');
    const pathOf = (url: string) => url.split('?', 1)[0] ?? '/';

    // One header rule for the back office's files and the site's (reply.sendFile serves both).
    const setHeaders = (reply: FastifyReply, path: string) => {
      if (path.startsWith(adminDir + sep)) {
        const hashed = path.startsWith(join(adminDir, 'assets') + sep);
        reply.header('cache-control', hashed ? YEAR : REVALIDATE);
        return;
      }
      const immutable = path.includes('/_astro/') || SEARCH_CHUNK.test(path);
      reply.header('cache-control', immutable ? YEAR : REVALIDATE);
      if (path.endsWith('.html')) reply.header('content-security-policy', SITE_CSP);
      else if (path.includes(`${sep}pagefind${sep}`)) {
        reply.header('content-security-policy', SEARCH_CSP);
        // The index's chunks and its WebAssembly are gzip files (Pagefind inflates them
        // itself), served as what they are: as application/octet-stream the compression plugin
        // passes a gzip stream through unchanged but answers `Content-Encoding: br`, which a
        // browser refuses (ERR_CONTENT_DECODING_FAILED).
        if (!/\.(js|json)$/.test(path)) reply.header('content-type', 'application/gzip');
      }
    };

    const isFile = (path: string) =>
      stat(path).then(
        (info) => info.isFile(),
        () => false,
      );
    /** The built file an /admin/… address names, as sendFile wants it (still URL-encoded). */
    const adminFile = async (path: string): Promise<string | null> => {
      const wanted = path.replace(/^\/admin\/?/, '');
      if (!wanted) return null;
      let decoded: string;
      try {
        decoded = decodeURIComponent(wanted);
      } catch {
        return null;
      }
      const file = join(adminDir, decoded);
      if (!file.startsWith(adminDir + sep)) return null;
      return (await isFile(file)) ? wanted : null;
    };

    /**
     * The back office, read from admin/dist at each request (it may be built after the server
     * started: lib/adminBuild.ts): a file that is there, a missing hashed asset not found, any
     * other /admin address and /auth/login the single-page app's index.html. While there is no
     * index.html yet and its build runs, a page that says so and reloads itself (503).
     */
    const adminApp = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = pathOf(request.url);
      const file = path.startsWith('/admin') ? await adminFile(path) : null;
      if (file) return reply.sendFile(file, adminDir);
      if (path.startsWith('/admin/assets/')) return reply.callNotFound();
      if (await isFile(adminIndex)) return reply.sendFile('index.html', adminDir);
      if (adminBuild?.running) {
        return reply
          .status(503)
          .header('retry-after', '3')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(ADMIN_BEING_BUILT);
      }
      // its build failed, or the folder went away
      return reply.callNotFound();
    };

    if (existsSync(adminIndex) || adminBuild?.running) {
      app.get('/admin', { schema: { hide: true } }, adminApp);
      app.get('/admin/*', { schema: { hide: true } }, adminApp);
      app.get('/auth/login', { schema: { hide: true } }, adminApp);
    } else {
      app.log.warn({ adminDir }, 'the admin is not built: /admin is not served');
    }

    // The site's files: this instance only lends reply.sendFile its options (html extensions,
    // directory index); the route below does the serving.
    await app.register(fastifyStatic, {
      root: siteDir,
      serve: false,
      decorateReply: true,
      // the site may not exist yet: the first release is built after the server starts
      suppressWarning: true,
      cacheControl: false,
      extensions: ['html'],
      // a release's own records (its build manifest) are not pages
      dotfiles: 'ignore',
      setHeaders,
    });

    /**
     * The release a request is answered from. With publishing on, siteDir is the `current`
     * link, which a rebuild swaps; each request resolves it once, so that the size it promises
     * and the bytes it sends come from the same release even when a swap happens in between
     * (earlier releases stay on disk for several builds). Null while there is no site yet.
     */
    const pinnedRelease = async (): Promise<string | null> => {
      try {
        return await realpath(siteDir);
      } catch {
        return null;
      }
    };

    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      schema: { hide: true },
      // Not async: sendFile answers later by itself, and returning the reply from a promise
      // would have Fastify await it again at every hop of a 404's way to the not-found page.
      handler(request, reply) {
        // /ru/privacy is /privacy: Russian, the default language, has no prefix (DESIGN section
        // 5). A permanent redirect, its query kept; the rest's leading slashes (and backslashes,
        // which browsers read as slashes) are collapsed: /ru//host never leads to another site.
        const path = pathOf(request.url);
        if (DEFAULT_PREFIXED.test(path)) {
          const target = `/${path.replace(DEFAULT_PREFIXED, '').replace(/^[/\\]+/, '')}`;
          reply.redirect(target + request.url.slice(path.length), 301);
          return;
        }
        // the 404 pages' own addresses are not pages: they answer like any unknown address
        if (NOT_FOUND_PAGE.test(pathOf(request.url))) {
          reply.callNotFound();
          return;
        }
        pinnedRelease()
          .then((release) => {
            if (release) reply.sendFile(pathOf(request.url), release);
            else reply.callNotFound();
          })
          .catch((error: unknown) => reply.send(error));
      },
    });

    // Only the bundled runner builds a site here: then a missing site is one being published.
    const firstBuildComing =
      app.config.publish.mode === 'runner' &&
      siteDir === join(app.config.publish.siteRoot, 'current');

    /**
     * Where the original of a picture the release will hold but does not yet is, or null: a
     * site's first release is live before its pictures are all encoded (PENDING_PICTURES), and
     * meanwhile a browser asking for one gets its original (the page gives its width and
     * height, so nothing moves when it comes). The release's list is read again when it
     * changes, and goes when the build has encoded the last picture.
     */
    let pending: { release: string; mtimeMs: number; pictures: Map<string, string | null> } | null =
      null;
    const pendingOriginal = async (release: string, path: string): Promise<string | null> => {
      if (!path.startsWith('/_astro/')) return null;
      const file = join(release, PENDING_PICTURES);
      const mtimeMs = await stat(file).then(
        (info) => info.mtimeMs,
        () => null,
      );
      if (mtimeMs === null) return null;
      if (pending?.release !== release || pending.mtimeMs !== mtimeMs) {
        try {
          const list = JSON.parse(await readFile(file, 'utf8')) as PendingPictures;
          pending = { release, mtimeMs, pictures: new Map(Object.entries(list.pictures ?? {})) };
        } catch {
          return null; // gone meanwhile: the picture is there now, or never will be
        }
      }
      const original = pending.pictures.get(path);
      // only this server's uploads, or a picture on another host of the web
      return original && /^(\/uploads\/|https?:\/\/)/.test(original) ? original : null;
    };

    /** Which page answers an unknown address, and with what status; null when none does. */
    const notFoundAnswer = async (url: string) => {
      const release = await pinnedRelease();
      // No release yet: the first build is running (say so, and look again shortly), or there
      // is no site to serve here.
      if (!release || !existsSync(join(release, 'index.html'))) return { release: null };
      const original = await pendingOriginal(release, pathOf(url));
      if (original) return { release, original };
      // An unknown /uz/… or /en/… address gets the 404 page of its language when the site has
      // one; anything else the default (Russian) one.
      const language = PREFIXED_LANGUAGE.exec(pathOf(url))?.[1];
      const page = [language && `${language}/404/index.html`, '404.html'].find(
        (file) => file && existsSync(join(release, file)),
      );
      return { release, page };
    };
    app.notFoundPage = (reply) => {
      notFoundAnswer(reply.request.url).then(
        ({ release, page, original }) => {
          if (original) {
            // for now: the encoded picture follows, under this same address
            reply.header('cache-control', 'no-store').redirect(original, 307);
          } else if (!release && !firstBuildComing) {
            reply.status(404).send({ error: ERRORS.notFound, code: 'notFound' });
          } else if (!release) {
            reply
              .status(503)
              .header('retry-after', '5')
              .header('cache-control', 'no-store')
              .type('text/html; charset=utf-8')
              .send(BEING_BUILT);
          } else if (!page) {
            reply.status(404).send({ error: ERRORS.notFound, code: 'notFound' });
          } else {
            reply
              .status(404)
              .header('cache-control', REVALIDATE)
              .header('content-security-policy', SITE_CSP)
              .sendFile(page, release);
          }
        },
        (error: unknown) => reply.send(error),
      );
    };
  },
  { name: 'frontends', dependencies: ['config', 'errors'] },
);
