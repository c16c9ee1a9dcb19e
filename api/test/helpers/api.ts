import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { AdminBuild } from '../../src/lib/adminBuild.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { createPostgresDatabase, migratedTemplates, TEST_DB } from './database.ts';

export const ADMIN = { user_name: 'admin', password: 'admin-password-1' } as const;

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string | undefined;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

export interface TestApi {
  app: FastifyInstance;
  config: Config;
  url: string;
  dataDir: string;
  /** Log lines the app wrote (JSON), for checks that details reach the log and only the log. */
  logs: string[];
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<Reply<T>>;
  signIn(userName?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * How long a test's server keeps an idle connection, instead of the app's few seconds.
 *
 * Why: the tests' fetch and the server share one event loop. Node's fetch keeps an idle
 * connection a second less than the server says it will, and reuses it until then; a test that
 * holds the loop longer than that second (two job runners settling, a build) lets both times run
 * out at once, and its next request can go out on a connection the server is closing: `fetch
 * failed: ECONNRESET`, seen in a clean-clone check. With a minute, a request would have to wait
 * a minute on a blocked loop to meet it. api/test/app.test.ts checks the app's own value.
 */
const TEST_KEEP_ALIVE_MS = 60_000;

/**
 * Starts the real API on a fresh database (a temporary SQLite file, or a PostgreSQL database
 * of its own), listening on a random loopback port, and talks to it over HTTP.
 */
export async function startApi(
  env: Record<string, string | number | boolean> = {},
  options: {
    clock?: Clock;
    adminBuild?: AdminBuild;
    /** Keeps the server's idle keep-alive time as the app sets it (see TEST_KEEP_ALIVE_MS). */
    keepAliveAsBuilt?: boolean;
  } = {},
): Promise<TestApi> {
  // A second instance on the same data passes DATA_DIR (and DATABASE_URL): it owns neither.
  const ownsData = env.DATA_DIR === undefined;
  const dataDir = ownsData ? await mkdtemp(join(tmpdir(), 'conveyor-test-')) : String(env.DATA_DIR);
  // DATABASE_URL '' asks for SQLite even in the PostgreSQL project (a move between the two).
  const templates = await migratedTemplates();
  const postgres =
    TEST_DB === 'postgres' && env.DATABASE_URL === undefined
      ? await createPostgresDatabase(templates.postgres)
      : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    ADMIN_USER: ADMIN.user_name,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: 'admin@example.com',
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
    CORS_ORIGINS: '',
    REDIS_URL: '',
    SIGNIN_RATE_LIMIT: 1000,
    SIGNIN_IP_RATE_LIMIT: 1000,
    FORM_RATE_LIMIT: 1000,
    SERVE_FRONTENDS: false,
    ...env,
  });
  // a new SQLite database starts as a copy of the migrated template
  if (ownsData && !config.databaseUrl && templates.sqlite) {
    await copyFile(templates.sqlite, config.sqliteFile);
  }
  const logs: string[] = [];
  const app = await buildApp(config, {
    logger: { level: config.logLevel, stream: { write: (line: string) => void logs.push(line) } },
    clock: options.clock,
    adminBuild: options.adminBuild,
  });
  if (!options.keepAliveAsBuilt) app.server.keepAliveTimeout = TEST_KEEP_ALIVE_MS;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;

  async function request<T>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: RequestInit['body'];
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const response = await fetch(url + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  return {
    app,
    config,
    url,
    dataDir,
    logs,
    request,
    async signIn(userName: string = ADMIN.user_name, password: string = ADMIN.password) {
      const reply = await request<{ data: string }>('POST', '/api/signin', {
        json: { user_name: userName, password },
      });
      if (reply.status !== 200)
        throw new Error(`sign-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body.data;
    },
    async close() {
      await app.close();
      await postgres?.drop();
      if (ownsData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
