import cors from '@fastify/cors';
import helmet from 'helmet';
import fp from 'fastify-plugin';

/** Security headers everywhere, and CORS only for the origins the configuration names. */
export default fp(
  async (app) => {
    // helmet's middleware made once: @fastify/helmet makes it anew for every request (parsing
    // the policy each time: 2.5 % of an uncached read's time in a profile), and its per-route
    // options are not used here.
    const headers = helmet({
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
    app.addHook('onRequest', (request, reply, done) => {
      headers(request.raw, reply.raw, (err) => done(err as Error | undefined));
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
