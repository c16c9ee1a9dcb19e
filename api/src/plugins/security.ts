import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Security headers everywhere, and CORS only for the origins the configuration names. */
export default fp(
  async (app) => {
    await app.register(helmet, {
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
