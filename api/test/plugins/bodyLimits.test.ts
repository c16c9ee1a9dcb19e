import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// A body over its limit is never read to its end: a declared length over the limit is refused
// before a byte of the body is read, a chunked body is cut off once past it, and the connection
// is closed either way (the rest of the body cannot be skipped but by reading it). Over a real
// socket, as a client that keeps sending would see it.

const MB = 1024 * 1024;

interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes the socket took from the client before the server closed the connection. */
  sent: number;
  /** Whether the server closed the connection (rather than the client giving up). */
  closed: boolean;
}

/**
 * Sends a request's head (and a `body`) over a socket of its own, then (`send`) a chunked body
 * in 64 kB chunks as fast as the server takes them, at most `send` bytes, until an answer comes.
 * Resolves once the server has answered and closed the connection, or after `waitMs` with
 * `closed` false.
 */
function exchange(
  port: number,
  head: string[],
  { body = '', send = 0, chunk = () => Buffer.alloc(64 * 1024, 0x61), waitMs = 10_000 } = {},
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let closed = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const [top = '', ...rest] = answer.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const status = Number(statusLine.split(' ')[1]);
      if (!status) reject(new Error(`no answer (sent ${sent} bytes)`));
      else resolve({ status, headers, body: rest.join('\r\n\r\n'), sent, closed });
    };
    const timer = setTimeout(finish, waitMs);
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => (answer += text));
    // the server's end of the connection: closed (FIN), or reset (RST) with the body unread
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('error', () => {
      closed = true;
      finish();
    });
    socket.on('connect', () => {
      socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
      const pump = () => {
        // as curl does: an answer before the end of the body stops the sending
        while (!done && !socket.destroyed && sent < send && !answer) {
          const data = chunk();
          sent += data.length;
          const more = socket.write(`${data.length.toString(16)}\r\n`);
          socket.write(data);
          if (!socket.write('\r\n') || !more) return void socket.once('drain', pump);
        }
      };
      pump();
    });
  });
}

describe.skipIf(skipReason)('bodies over their limit', () => {
  let api: TestApi;
  let token: string;
  let port: number;
  const REQUEST_MB = 2;
  const DOCUMENT_MB = 1;

  beforeAll(async () => {
    api = await startApi({
      SEED_DEMO: false,
      UPLOAD_MAX_REQUEST_MB: REQUEST_MB,
      UPLOAD_MAX_FILE_MB: 1,
      DOCUMENT_MAX_MB: DOCUMENT_MB,
    });
    token = await api.signIn();
    port = Number(new URL(api.url).port);
  });
  afterAll(() => api?.close());

  const head = (method: string, path: string, ...headers: string[]) => [
    `${method} ${path} HTTP/1.1`,
    'host: 127.0.0.1',
    ...headers,
  ];
  const auth = () => `authorization: Bearer ${token}`;
  const multipart = 'content-type: multipart/form-data; boundary=limit-boundary';
  const json = 'content-type: application/json';
  const huge = `content-length: ${2 * 1024 * MB}`;

  it.each([
    ['an upload route', 'POST', '/api/documents', multipart],
    ['a JSON route', 'POST', '/api/categories', json],
    ['a route that takes no body', 'GET', '/api/products', json],
    ['an address that is no route', 'POST', '/api/nothing-here', json],
  ])(
    '%s answers a declared 2 GB with 413 at once, without the body, and closes',
    async (_what, method, path, type) => {
      for (const headers of [
        [type, huge, auth()],
        [type, huge],
      ]) {
        const answer = await exchange(port, head(method, path, ...headers));
        expect(answer.status, answer.body).toBe(413);
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'payloadTooLarge' });
        expect(answer.headers.connection).toBe('close');
        expect(answer.closed).toBe(true);
      }
    },
  );

  it('cuts a chunked upload off at its file’s limit, says so, and closes', async () => {
    const start =
      '--limit-boundary\r\ncontent-disposition: form-data; name="kind"\r\n\r\ndatasheet\r\n' +
      '--limit-boundary\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\n' +
      'content-type: application/pdf\r\n\r\n%PDF-1.7\n';
    let first = true;
    const answer = await exchange(
      port,
      head('POST', '/api/documents', multipart, 'transfer-encoding: chunked', auth()),
      {
        send: 1024 * MB,
        chunk: () => {
          const data = Buffer.alloc(64 * 1024, 0x20);
          if (first) data.write(start);
          first = false;
          return data;
        },
      },
    );
    expect(answer.status, answer.body).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'documents.fileTooLarge' });
    expect(answer.closed).toBe(true);
    // what the server drops after its answer (16 MB at most) and the sockets buffer on both ends
    // besides: far below the gigabyte offered
    expect(answer.sent).toBeLessThan((DOCUMENT_MB + 48) * MB);
  });

  it('cuts a chunked body of text fields off at the request limit too', async () => {
    // one field of no end: the parser keeps a field's first 64 kB only, but reads all of it
    let first = true;
    const answer = await exchange(
      port,
      head('POST', '/api/documents', multipart, 'transfer-encoding: chunked', auth()),
      {
        send: 1024 * MB,
        chunk: () => {
          const data = Buffer.alloc(64 * 1024, 0x61);
          if (first) {
            data.write(
              '--limit-boundary\r\ncontent-disposition: form-data; name="title_en"\r\n\r\n',
            );
          }
          first = false;
          return data;
        },
      },
    );
    expect(answer.status, answer.body).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payloadTooLarge' });
    expect(answer.closed).toBe(true);
    expect(answer.sent).toBeLessThan((REQUEST_MB + 48) * MB);
  });

  it('cuts a chunked JSON body off at its limit and closes', async () => {
    let first = true;
    const answer = await exchange(
      port,
      head('POST', '/api/categories', json, 'transfer-encoding: chunked', auth()),
      {
        send: 1024 * MB,
        chunk: () => {
          const data = Buffer.alloc(64 * 1024, 0x61);
          if (first) data.write('{"name_en":"');
          first = false;
          return data;
        },
      },
    );
    expect(answer.status, answer.body).toBe(413);
    expect(answer.closed).toBe(true);
    expect(answer.sent).toBeLessThan(49 * MB);
  });

  it('keeps the connection of a body within its limit for the next request', async () => {
    const body = JSON.stringify({ name_en: 'Belt conveyors' });
    const answer = await exchange(
      port,
      head('POST', '/api/categories', json, auth(), `content-length: ${body.length}`),
      { body, waitMs: 1000 },
    );
    expect(answer.status).toBe(201);
    expect(answer.closed).toBe(false);
  });
});
