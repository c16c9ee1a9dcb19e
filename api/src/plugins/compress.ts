import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Brotli or gzip for text answers (HTML, JS, CSS, JSON, SVG, XML) when the client accepts it.
 * Visitors read the site over slow mobile networks: the pages' scripts and markup shrink to a
 * fraction of their size. Brotli at quality 5 keeps the cost per answer small (its higher
 * qualities take far longer for little more). Pictures and video are compressed already and
 * are left alone by the plugin's type filter.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    });
  },
  { name: 'compress' },
);
