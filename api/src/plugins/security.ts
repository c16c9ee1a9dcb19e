import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';

/** Security headers everywhere, and CORS only for the origins the configuration names. */
export default fp(
  async (app) => {
    // helmet's headers worked out once, at start: @fastify/helmet makes its middleware anew for
    // every request (parsing the policy each time), and even made once, its chain of
    // middlewares setting one header each weighs on a cached read, which does little else.
    // With no per-request directives (nonces) its answer never changes, so it is asked once and
    // the headers set in one call.
    const headers = fixedHeaders({
      // Images under /uploads are embedded by the public site, which may live on another host.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      // The API answers JSON; the pages that need a policy of their own set it themselves.
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          frameAncestors: ["'none'"],
          // the admin previews a chosen file from a blob: URL before uploading it
          imgSrc: ["'self'", 'data:', 'blob:'],
        },
      },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    const origins = app.config.corsOrigins;
    await app.register(cors, {
      origin: origins.length ? origins : false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Conveyor-CSRF'],
      // the back office's session cookie, when it is hosted on another (same-site) origin
      credentials: true,
      maxAge: 600,
    });
  },
  { name: 'security', dependencies: ['config'] },
);

/**
 * The headers helmet sets with these options, asked of its middleware once with a stand-in for
 * the response (it only sets and removes headers, synchronously). Throws what helmet throws.
 */
export function fixedHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  let failure: unknown;
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let called = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    called = true;
    failure = err;
  });
  if (failure !== undefined) throw failure;
  if (!called) throw new Error('helmet did not answer at once: its headers cannot be fixed');
  return headers;
}
