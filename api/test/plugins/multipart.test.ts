import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import { file, jpeg } from '../helpers/images.ts';

// Multipart bodies a hostile client sends: a route refuses one it does not take before reading
// it, refuses a malformed one with a clear 4xx, and leaves no temporary file behind.

/**
 * Sends a multipart request's headers and its first 64 kB, then waits: the answer must come
 * before the rest (megabytes) is sent, which proves the server refused the body unread.
 */
function multipartAnsweredEarly(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; sentBytes: number }> {
  const boundary = 'hostile-boundary';
  const head =
    `--${boundary}\r\ncontent-disposition: form-data; name="user_name"\r\n\r\nx\r\n` +
    `--${boundary}\r\ncontent-disposition: form-data; name="f1"; filename="junk.bin"\r\n` +
    `content-type: application/octet-stream\r\n\r\n`;
  const total = 50 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const req = httpRequest(url + path, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(total),
        ...headers,
      },
    });
    let sentBytes = 0;
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        req.destroy();
        resolve({ status: response.statusCode ?? 0, body, sentBytes });
      });
    });
    req.on('error', (error) => {
      // the server may close the socket right after answering; the answer is what counts
      if (!req.destroyed) reject(error);
    });
    req.write(head);
    sentBytes = head.length + 64 * 1024;
    req.write(Buffer.alloc(64 * 1024, 7));
    setTimeout(() => reject(new Error('no answer before the body was sent')), 5000).unref();
  });
}

describe.skipIf(skipReason)('multipart bodies', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi({ TRUST_PROXY: 'true' });
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  // every test posts from addresses of its own (behind the trusted proxy)
  let address = 1;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${address++}` });

  describe('files sent to routes that take none', () => {
    it.each(['/api/signin', '/api/leads', '/api/suppliers'])(
      '%s refuses a multipart body before reading it (415)',
      async (path) => {
        const answer = await multipartAnsweredEarly(api.url, path, from());
        expect(answer.status).toBe(415);
        expect(JSON.parse(answer.body)).toEqual({
          error: 'This address takes JSON only, not multipart/form-data',
          code: 'unsupportedMedia',
        });
      },
    );

    it('an upload route refuses a file in a field it does not take, at that part', async () => {
      const answer = await multipartAnsweredEarly(api.url, '/api/categories', {
        authorization: `Bearer ${token}`,
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'f1: unexpected file',
        code: 'unexpectedFile',
      });
    });

    it('streams uploads to temporary files and removes them when the request ends', async () => {
      const tmp = join(api.dataDir, 'tmp', 'uploads');
      const form = new FormData();
      form.set('name_ru', 'Временная');
      form.set('image', file(await jpeg(), 'a.jpg', 'image/jpeg'));
      const ok = await api.request('POST', '/api/categories', { token, form });
      expect(ok.status).toBe(201);
      const bad = new FormData();
      bad.set('name_ru', 'Не картинка');
      bad.set('image', file(Buffer.from('GIF89a not really'), 'a.gif', 'image/gif'));
      expect((await api.request('POST', '/api/categories', { token, form: bad })).status).toBe(415);
      await expect.poll(async () => (await readdir(tmp)).length).toBe(0);
    });
  });

  describe('malformed multipart', () => {
    it('answers 415 on a route that takes no files, 400 on one that does', async () => {
      const post = (path: string, contentType: string, auth?: string) =>
        fetch(api.url + path, {
          method: 'POST',
          headers: {
            'content-type': contentType,
            ...(auth ? { authorization: `Bearer ${auth}` } : {}),
          },
          body: 'x',
        });
      const anonymous = await post('/api/leads', 'multipart/form-data');
      expect(anonymous.status).toBe(415);
      for (const type of ['multipart/form-data', 'multipart/form-data; boundary=abc']) {
        const reply = await post('/api/categories', type, token);
        expect(reply.status, type).toBe(400);
        expect(await reply.json()).toEqual({
          error: 'The multipart/form-data body is malformed',
          code: 'badRequest',
        });
      }
    });
  });
});
