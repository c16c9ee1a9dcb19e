import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// Real local servers standing in for the outside services a lead goes to: the Telegram Bot
// API, an SMTP server and a CRM's webhook receiver. No test reaches the internet.

async function listen(server: Server | SMTPServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = (server as Server).address?.() ?? (server as SMTPServer).server.address();
  return (address as AddressInfo).port;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface Arrival<T> {
  at: number;
  body: T;
}

/** What the next requests get: an answer, a failure, or no answer at all. */
export type Behaviour = 'ok' | { status: number; description?: string } | 'hang';

/**
 * The Telegram Bot API's `sendMessage`, at `url` (set TELEGRAM_API_URL to it). `behave` lists
 * how the next calls are answered, one entry each; after that every call succeeds, except to
 * a chat id that starts with -404, which Telegram does not know (for browser tests, which
 * cannot reach `behave`).
 */
export async function startTelegram() {
  const messages: Arrival<{ chat_id: string; text: string; parse_mode: string }>[] = [];
  const tokens: string[] = [];
  const queue: Behaviour[] = [];
  const hanging = new Set<() => void>();
  const server = createServer(async (request, response) => {
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(request.url ?? '');
    const body = await readBody(request);
    if (!match || request.method !== 'POST') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
      return;
    }
    const unknownChat = String(JSON.parse(body || '{}').chat_id ?? '').startsWith('-404');
    const behaviour: Behaviour = unknownChat
      ? { status: 400, description: 'Bad Request: chat not found' }
      : (queue.shift() ?? 'ok');
    if (behaviour === 'hang') {
      hanging.add(() => response.destroy());
      return;
    }
    if (behaviour !== 'ok') {
      response.writeHead(behaviour.status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          ok: false,
          error_code: behaviour.status,
          description: behaviour.description ?? 'Internal Server Error',
        }),
      );
      return;
    }
    tokens.push(decodeURIComponent(match[1]!));
    messages.push({ at: Date.now(), body: JSON.parse(body) });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: true, result: { message_id: messages.length } }));
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    tokens,
    behave: (...next: Behaviour[]) => queue.push(...next),
    close: async () => {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An SMTP server that takes every message (no TLS, no auth) and parses what arrived. */
export async function startSmtp() {
  const mails: Arrival<ParsedMail>[] = [];
  let refuse: { code: number; message: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const refusal = refuse.shift();
      if (refusal) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code })),
        );
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          mails.push({ at: Date.now(), body: mail });
          callback();
        })
        .catch(callback);
    },
  });
  const port = await listen(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next messages are refused with these SMTP replies. */
    refuse: (...next: { code: number; message: string }[]) => (refuse = [...refuse, ...next]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A CRM's webhook receiver: keeps each call's headers and raw body. */
export async function startReceiver() {
  const calls: Arrival<{ headers: Record<string, string>; raw: string }>[] = [];
  const queue: Behaviour[] = [];
  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const behaviour = queue.shift() ?? 'ok';
    if (behaviour === 'hang') return;
    if (behaviour !== 'ok') {
      response.writeHead(behaviour.status).end();
      return;
    }
    calls.push({
      at: Date.now(),
      body: { headers: request.headers as Record<string, string>, raw },
    });
    response.writeHead(204).end();
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    calls,
    behave: (...next: Behaviour[]) => queue.push(...next),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface BotCall {
  method: string;
  token: string;
  body: Record<string, any>;
}

/**
 * A Telegram Bot API of a bot in chats and groups, at `url` (TELEGRAM_API_URL): it answers
 * sendMessage, copyMessage, getChat (the `forums` ids are forum groups), createForumTopic,
 * getUpdates (what `push` queued, from the offset on, waiting up to its timeout), setWebhook,
 * deleteWebhook and getFile, and records every call. `fail` lists how the next calls of a
 * method are answered instead (a status, Telegram's description, a 429's retry_after), one
 * entry each. Message ids count up per chat, as Telegram's do.
 */
export async function startBotApi(options: { forums?: string[] } = {}) {
  const calls: BotCall[] = [];
  const failures = new Map<
    string,
    { status: number; description: string; retry_after?: number }[]
  >();
  const updates: Record<string, unknown>[] = [];
  const ids = new Map<string, number>();
  let topics = 100;
  let waiters: (() => void)[] = [];
  const next = (chat: unknown) => {
    const id = (ids.get(String(chat)) ?? 0) + 1;
    ids.set(String(chat), id);
    return id;
  };
  const server = createServer(async (request, response) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
    const text = await readBody(request);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const download = /^\/file\/bot[^/]+\/files\/(.+)$/.exec(request.url ?? '');
    if (download) {
      // a file getFile named: its bytes are its id's, repeated
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(Buffer.from(`file:${decodeURIComponent(download[1]!)}`.repeat(100)));
      return;
    }
    if (!match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, method] = match as unknown as [string, string, string];
    const body = text ? (JSON.parse(text) as Record<string, any>) : {};
    calls.push({ method, token: decodeURIComponent(token), body });
    // a chat id that starts with -404 is one Telegram does not know (for browser tests, which
    // cannot reach `fail`)
    const failure = String(body.chat_id ?? '').startsWith('-404')
      ? { status: 400, description: 'Bad Request: chat not found' }
      : failures.get(method)?.shift();
    if (failure) {
      return send(failure.status, {
        ok: false,
        error_code: failure.status,
        description: failure.description,
        ...(failure.retry_after ? { parameters: { retry_after: failure.retry_after } } : {}),
      });
    }
    const ok = (result: unknown) => send(200, { ok: true, result });
    switch (method) {
      case 'sendMessage':
      case 'copyMessage':
        return ok({ message_id: next(body.chat_id), chat: { id: body.chat_id }, date: 0 });
      case 'getChat':
        return ok({
          id: Number(body.chat_id),
          type: 'supergroup',
          title: 'Sales',
          ...(options.forums?.includes(String(body.chat_id)) ? { is_forum: true } : {}),
        });
      case 'createForumTopic':
        topics += 1;
        return ok({ message_thread_id: topics, name: body.name, icon_color: 0 });
      case 'getUpdates': {
        const offset = Number(body.offset ?? 0);
        const waiting = () => updates.filter((update) => Number(update.update_id) >= offset);
        if (waiting().length === 0 && body.timeout) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Number(body.timeout) * 1000);
            waiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          });
        }
        return ok(waiting());
      }
      case 'setWebhook':
      case 'deleteWebhook':
        return ok(true);
      case 'getFile':
        return ok({
          file_id: body.file_id,
          file_unique_id: 'u',
          file_path: `files/${body.file_id}`,
        });
      default:
        return send(404, {
          ok: false,
          error_code: 404,
          description: 'Not Found: method not found',
        });
    }
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** The calls of one method. */
    of: (method: string) => calls.filter((call) => call.method === method),
    fail(method: string, ...next: { status: number; description: string; retry_after?: number }[]) {
      failures.set(method, [...(failures.get(method) ?? []), ...next]);
    },
    /** Queues updates for getUpdates, waking a long poll that waits. */
    push(...next: Record<string, unknown>[]) {
      updates.push(...next);
      for (const wake of waiters) wake();
      waiters = [];
    },
    close: async () => {
      for (const wake of waiters) wake();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
