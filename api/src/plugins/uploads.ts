import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { ImageStore } from '../lib/imageStore.ts';

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageStore;
  }
}

/**
 * Uploaded files live under DATA_DIR/uploads and are served at /uploads/. Their names are
 * random and never reused, so they are cached for a year as immutable.
 */
export default fp(
  async (app) => {
    const { uploadsDir, uploads } = app.config;
    mkdirSync(uploadsDir, { recursive: true });
    app.decorate('images', new ImageStore(uploadsDir, uploads.maxPixels, app.log));
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      etag: true,
      lastModified: true,
      maxAge: '365d',
      immutable: true,
    });
  },
  { name: 'uploads', dependencies: ['config'] },
);
