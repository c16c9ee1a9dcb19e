import contentDisposition from 'content-disposition';
import { documentFile } from '@conveyor/shared';
import fp from 'fastify-plugin';
import { DocumentStore } from '../lib/documentStore.ts';
import { ImageStore } from '../lib/imageStore.ts';
import { createStorage } from '../storage/index.ts';
import { isValidKey, type Storage } from '../lib/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live: DATA_DIR/uploads, or the S3 bucket (UPLOADS_DRIVER). */
    uploads: Storage;
    images: ImageStore;
    documents: DocumentStore;
  }
}

/** Names are random and never reused, so a file never changes: a year, as immutable. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 13.1.2). */
function matches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Uploaded files are served at /uploads/ by the API itself, whichever the driver: from the
 * folder, or streamed from the bucket. Decision: not a redirect to the bucket or public bucket
 * URLs. Stored paths and the site's image URLs stay the same under both drivers, the site and
 * the images keep one origin (the Content Security Policy names no other host), the bucket
 * stays private, and a CDN in front caches them as it caches any immutable file.
 */
export default fp(
  async (app) => {
    const storage = createStorage(app.config);
    // A bucket that is not there, or credentials it refuses, stop the start with the reason.
    await storage.check();
    app.decorate('uploads', storage);
    app.decorate('images', new ImageStore(storage, app.config.uploads.maxPixels, app.log));
    app.decorate('documents', new DocumentStore(storage));
    app.addHook('onClose', () => storage.close());

    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/uploads/*',
      schema: { hide: true },
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const key = request.params['*'];
        // A bad name (`..`, a dot-file) is simply not a file here. HEAD asks without the bytes.
        const valid = isValidKey(key);
        const file = !valid ? null : request.method === 'HEAD' ? await storage.head(key) : null;
        const stored = valid && request.method === 'GET' ? await storage.get(key) : null;
        const found = stored ?? file;
        if (!found) return reply.callNotFound();
        reply
          .header('cache-control', CACHE_CONTROL)
          .header('etag', found.etag)
          .header('last-modified', found.lastModified.toUTCString())
          .type(found.contentType);
        // A document: a PDF opens in the browser, sandboxed (no script of it runs, no form of it
        // posts, as if from an origin of its own); the others download under their own name.
        // Never sniffed into another type either way.
        const document = documentFile(key);
        if (document) {
          reply.header('x-content-type-options', 'nosniff');
          if (document.format === 'pdf') {
            reply
              .header('content-security-policy', 'sandbox')
              .header('content-disposition', contentDisposition(document.name, { type: 'inline' }));
          } else {
            reply.header('content-disposition', contentDisposition(document.name));
          }
        }
        const ifNoneMatch = request.headers['if-none-match'];
        const ifModifiedSince = request.headers['if-modified-since'];
        // If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2)
        const notModified = ifNoneMatch
          ? matches(ifNoneMatch, found.etag)
          : ifModifiedSince
            ? Math.floor(found.lastModified.getTime() / 1000) * 1000 <= Date.parse(ifModifiedSince)
            : false;
        if (notModified) {
          stored?.body.destroy();
          return reply.code(304).send();
        }
        reply.header('content-length', found.size);
        return reply.send(stored?.body);
      },
    });
  },
  { name: 'uploads', dependencies: ['config'] },
);
