import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/httpErrors.ts';

const MULTIPART = /^multipart\/form-data\b/i;

/**
 * What a multipart body may carry besides its files (UPLOAD_MAX_REQUEST_MB together, counted by
 * the multipart plugin as they arrive): its text fields and the parts' headers.
 */
export const MULTIPART_TEXT_BYTES = 1024 * 1024;

/**
 * How long, and how much of what a client still sends, is read and dropped after a refusal
 * (closeLingering): enough for a client that stops at the answer to have read it before the
 * close (a close with its bytes unread is a reset, which loses the answer on the client's side
 * when it has not read it yet, and a busy client may be slow to read), little next to the
 * gigabyte a body may offer.
 */
const LINGER_MS = 2000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * A body over its limit is refused as early as HTTP allows, and never read to its end, on every
 * route (and at an address that is none):
 * - a declared `Content-Length` over the limit is a 413 here, the first hook after the security
 *   headers (before sign-in checks, the multipart plugin's, the route), before a byte of the
 *   body is read;
 * - a chunked multipart body is counted as it arrives and cut off past the limit (`countBody`);
 *   a JSON one, Fastify counts against its bodyLimit itself;
 * - an answer sent before its request's body has arrived whole (a refusal, a 404) closes the
 *   connection (`Connection: close`, `closeLingering`): the rest of that body could only be
 *   skipped by reading it, which Node otherwise does, to the end, to keep the connection for a
 *   next request.
 * The limit: UPLOAD_MAX_REQUEST_MB and MULTIPART_TEXT_BYTES for a multipart body (a route that
 * takes no files refuses one unread: the multipart plugin), the route's bodyLimit for any other
 * (Fastify's, 1 MB, unless the route sets its own).
 */
export default fp(
  async (app) => {
    const multipartLimit = app.config.uploads.maxRequestBytes + MULTIPART_TEXT_BYTES;
    const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
    const tooLarge = (limit: number) =>
      new ApiError(413, 'payloadTooLarge', `Request body is too large (at most ${mb(limit)})`);

    app.addHook('onRequest', async (request) => {
      const multipart = MULTIPART.test(request.headers['content-type'] ?? '');
      const limit = multipart ? multipartLimit : request.routeOptions.bodyLimit;
      if (Number(request.headers['content-length']) > limit) throw tooLarge(limit);
      if (multipart) countBody(request.raw, limit, () => tooLarge(limit));
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.raw.complete) return;
      reply.header('connection', 'close');
      closeLingering(request.raw);
    });
  },
  { name: 'bodyLimit', dependencies: ['config'] },
);

/**
 * Counts a multipart body as it arrives and stops it past `limit`. The multipart parser bounds
 * what it keeps (a file by the upload limits, a field's value at 64 kB) but reads the rest of an
 * over-long field, and whatever comes before the first part or after the last, to the end: only
 * a count of the whole body bounds what a request makes the server read. Past the limit the
 * body stops feeding the parser, which fails with `tooLarge()` as it would on a broken
 * connection (its 'error'), and the route answers 413.
 */
function countBody(raw: IncomingMessage, limit: number, tooLarge: () => Error): void {
  let received = 0;
  // Paused on purpose: a stream paused so stays paused when a 'data' listener is added, until
  // the parser's pipe starts it. Otherwise the listener would start the flow at once, and the
  // chunks before the pipe would never reach the parser.
  raw.pause();
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) return;
    raw.off('data', count);
    // with no destination left the request pauses: nothing more is read from the socket
    raw.unpipe();
    process.nextTick(() => {
      if (raw.listenerCount('error') > 0) raw.emit('error', tooLarge());
    });
  };
  raw.on('data', count);
}

/**
 * Closes the connection of a request whose body is left unread in stages, as RFC 9112 (9.6)
 * advises: the answer, then the server's end (FIN), then what the client still sends is read
 * and dropped for a moment (at most LINGER_BYTES, LINGER_MS), then the connection is closed.
 * Closed at once with the client's bytes unread, it is reset, and a client still sending (it
 * stops once it reads the answer, as curl and browsers do) often loses the answer it was sent:
 * "connection reset" instead of the 413. Node ends a connection that answered
 * `Connection: close` with the socket's destroySoon(), which this socket's own replaces.
 */
function closeLingering(raw: IncomingMessage): void {
  const socket: Socket = raw.socket;
  socket.destroySoon = () => {
    const close = () => socket.destroy();
    setTimeout(close, LINGER_MS).unref();
    socket.once('end', close);
    let dropped = 0;
    raw.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) close();
    });
    raw.resume();
    socket.end();
  };
}
