import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import envSchema from 'env-schema';
import type { FromSchema } from 'json-schema-to-ts';
import type { S3Settings } from './lib/storage.ts';

/** The repository root: relative paths in the configuration are resolved against it. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Every setting the API reads from the environment, with its default. docs/configuration.md lists them;
 * `.env.example` shows them. A value of the wrong shape stops the start with a clear message.
 */
/**
 * The user agent the site build reads the API with (site/src/lib/api.ts sends the same): its
 * requests are logged at debug, not info.
 */
export const SITE_BUILD_AGENT = 'conveyor-site-build';

/** The bundled site build, one process per build (site/scripts/build.mjs). */
export const DEFAULT_BUILD_COMMAND = 'node site/scripts/build.mjs {outDir}';

export const configSchema = {
  type: 'object',
  properties: {
    HOST: { type: 'string', default: '127.0.0.1' },
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    DATA_DIR: { type: 'string', default: './data' },
    DATABASE_URL: { type: 'string', default: '' },
    SQLITE_SYNCHRONOUS: { type: 'string', enum: ['FULL', 'NORMAL'], default: 'FULL' },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
    },
    // Empty: readable lines when the output is a terminal, JSON lines when it is piped.
    LOG_PRETTY: { type: 'string', enum: ['', 'true', 'false'], default: '' },
    ADMIN_USER: { type: 'string', default: 'admin' },
    ADMIN_PASSWORD: { type: 'string', default: '' },
    ADMIN_EMAIL: { type: 'string', default: 'admin@example.com' },
    SEED_DEMO: { type: 'boolean', default: true },
    SEED_PICTURES: { type: 'boolean', default: true },
    SESSION_TTL_HOURS: { type: 'number', exclusiveMinimum: 0, default: 168 },
    AUDIT_RETENTION_DAYS: { type: 'integer', minimum: 0, default: 365 },
    REVISIONS_KEEP_DAYS: { type: 'integer', minimum: 0, default: 90 },
    REVISIONS_PER_RECORD: { type: 'integer', minimum: 0, default: 50 },
    TRASH_DAYS: { type: 'integer', minimum: 0, default: 30 },
    UPLOADS_SWEEP_GRACE_MINUTES: { type: 'number', minimum: 0, default: 30 },
    TWO_FACTOR_REQUIRED_FOR_ADMINS: { type: 'boolean', default: false },
    CORS_ORIGINS: { type: 'string', default: '' },
    TRUST_PROXY: { type: 'string', default: '' },
    REDIS_URL: { type: 'string', default: '' },
    PUBLIC_CACHE_MB: { type: 'number', minimum: 0, default: 32 },
    SERVE_FRONTENDS: { type: 'boolean', default: true },
    ADMIN_DIR: { type: 'string', default: './admin/dist' },
    ADMIN_BUILD_AT_START: { type: 'boolean', default: false },
    ADMIN_INSTALL_AT_START: { type: 'string', enum: ['', 'prod', 'all'], default: '' },
    SITE_DIR: { type: 'string', default: './site/dist' },
    PUBLISH_ENABLED: { type: 'boolean', default: false },
    PUBLISH_DEBOUNCE_MS: { type: 'integer', minimum: 0, default: 500 },
    PUBLISH_MAX_WAIT_MS: { type: 'integer', minimum: 0, default: 30000 },
    PUBLISH_LEADING_EDGE: { type: 'boolean', default: true },
    PUBLISH_KEEP_RELEASES: { type: 'integer', minimum: 1, default: 5 },
    PUBLISH_BUILD_COMMAND: { type: 'string', default: DEFAULT_BUILD_COMMAND },
    PUBLISH_BUILD_WARM: { type: 'boolean', default: true },
    PUBLISH_WORKER_IDLE_SECONDS: { type: 'integer', minimum: 0, default: 30 },
    PUBLISH_API_URL: { type: 'string', default: '' },
    PUBLISH_BUILD_TIMEOUT_MS: { type: 'integer', minimum: 1, default: 600000 },
    PUBLISH_BUILD_RETRIES: { type: 'integer', minimum: 0, default: 2 },
    PUBLISH_BUILD_RETRY_BACKOFF_MS: { type: 'integer', minimum: 0, default: 30000 },
    PUBLISH_WEBHOOK_URLS: { type: 'string', default: '' },
    PUBLISH_WEBHOOK_SECRET: { type: 'string', default: '' },
    PUBLISH_WEBHOOK_TIMEOUT_MS: { type: 'integer', minimum: 1, default: 10000 },
    PUBLISH_WEBHOOK_RETRIES: { type: 'integer', minimum: 0, default: 3 },
    PUBLISH_WEBHOOK_BACKOFF_MS: { type: 'integer', minimum: 0, default: 1000 },
    UPLOADS_DRIVER: { type: 'string', enum: ['local', 's3'], default: 'local' },
    S3_BUCKET: { type: 'string', default: '' },
    S3_ENDPOINT: { type: 'string', default: '' },
    S3_REGION: { type: 'string', default: 'us-east-1' },
    S3_ACCESS_KEY_ID: { type: 'string', default: '' },
    S3_SECRET_ACCESS_KEY: { type: 'string', default: '' },
    S3_FORCE_PATH_STYLE: { type: 'boolean', default: false },
    S3_PREFIX: { type: 'string', default: '' },
    UPLOAD_MAX_FILE_MB: { type: 'number', exclusiveMinimum: 0, default: 10 },
    UPLOAD_MAX_REQUEST_MB: { type: 'number', exclusiveMinimum: 0, default: 60 },
    UPLOAD_MAX_MEGAPIXELS: { type: 'number', exclusiveMinimum: 0, default: 50 },
    DOCUMENT_MAX_MB: { type: 'number', exclusiveMinimum: 0, default: 25 },
    DOCUMENTS_PER_RECORD: { type: 'integer', minimum: 1, default: 10 },
    SIGNIN_RATE_LIMIT: { type: 'integer', minimum: 1, default: 10 },
    SIGNIN_IP_RATE_LIMIT: { type: 'integer', minimum: 1, default: 30 },
    SIGNIN_RATE_WINDOW_MINUTES: { type: 'number', exclusiveMinimum: 0, default: 15 },
    FORM_RATE_LIMIT: { type: 'integer', minimum: 1, default: 20 },
    FORM_RATE_WINDOW_MINUTES: { type: 'number', exclusiveMinimum: 0, default: 60 },
    NODE_ENV: { type: 'string', default: '' },
    SITE_URL: { type: 'string', default: '' },
    ADMIN_URL: { type: 'string', default: '' },
    TELEGRAM_BOT_TOKEN: { type: 'string', default: '' },
    TELEGRAM_API_URL: { type: 'string', default: 'https://api.telegram.org' },
    // where Telegram posts buyers' messages (webhook mode); default SITE_URL/api/telegram/webhook
    TELEGRAM_WEBHOOK_URL: { type: 'string', default: '' },
    // how long one long-polling call waits for a message (polling mode)
    TELEGRAM_POLL_SECONDS: { type: 'integer', minimum: 0, maximum: 50, default: 25 },
    SMTP_URL: { type: 'string', default: '' },
    MAIL_FROM: { type: 'string', default: '' },
    LEAD_WEBHOOK_URLS: { type: 'string', default: '' },
    LEAD_WEBHOOK_SECRET: { type: 'string', default: '' },
    // Off (0) by default: a development machine should not fill its disk with archives.
    BACKUP_INTERVAL_HOURS: { type: 'number', minimum: 0, default: 0 },
    BACKUP_KEEP: { type: 'integer', minimum: 1, default: 7 },
    BACKUP_DIR: { type: 'string', default: '' },
  },
  additionalProperties: true,
} as const;

type Env = FromSchema<typeof configSchema, { keepDefaultedPropertiesOptional: false }>;

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** The local driver's folder, DATA_DIR/uploads. */
  uploadsDir: string;
  /** Where uploads live: the folder, or an S3 bucket every instance shares. */
  storage: { driver: 'local' } | { driver: 's3'; s3: S3Settings };
  /** `null` selects the embedded SQLite file `sqliteFile`. */
  databaseUrl: string | null;
  sqliteFile: string;
  /**
   * SQLite's `synchronous`: FULL (the default) syncs every commit to disk before the API
   * answers, so acknowledged leads survive a power loss; NORMAL is faster and may lose the last
   * commits then (never corrupts).
   */
  sqliteSynchronous: 'FULL' | 'NORMAL';
  logLevel: string;
  /** Human-readable log lines instead of JSON (development). */
  logPretty: boolean;
  admin: { userName: string; password: string; email: string };
  seedDemo: boolean;
  /** The demo is seeded with its pictures (drawn at the first start); false: without. */
  seedPictures: boolean;
  sessionTtlMs: number;
  /** How long the activity log keeps an event; 0 keeps them all. */
  auditRetentionDays: number;
  /** How long content history is kept (days, 0: always) and how much of it per record. */
  revisions: { keepDays: number; perRecord: number; trashDays: number };
  /** How old a stored file nothing names must be before the sweep removes it. */
  uploadsSweepGraceMs: number;
  /**
   * Two-factor sign-in. With `requiredForAdmins`, an admin without it reaches only
   * its set-up (and sign-out) until it is on.
   */
  twoFactor: { requiredForAdmins: boolean };
  corsOrigins: string[];
  trustProxy: boolean | string;
  redisUrl: string | null;
  /** Memory for cached anonymous reads of public content; 0 turns the cache off. */
  publicCacheMb: number;
  /** Serve the built admin and site on the API's port. */
  serveFrontends: boolean;
  adminDir: string;
  /**
   * Build the back office (admin/dist) beside the server's start, /admin "being prepared" until
   * it is built (ADMIN_BUILD_AT_START, which `npm start` sets): see lib/adminBuild.ts.
   */
  adminBuildAtStart: boolean;
  /**
   * Before that build, install the workspace's dependencies, production ones only (prod) or
   * all: `npm start` sets it when its install left out the back office's (a fresh checkout's
   * first start, which installs what the server and the site need first). See adminSteps.
   */
  adminInstallAtStart: 'prod' | 'all' | null;
  siteDir: string;
  publish: {
    enabled: boolean;
    /**
     * runner: the bundled runner builds and serves the site here; webhook: rebuilds are announced
     * to build hooks (the site is built elsewhere); off: this instance does not publish.
     */
    mode: 'runner' | 'webhook' | 'off';
    /** DATA_DIR/site: the releases and the `current` link. */
    siteRoot: string;
    debounceMs: number;
    maxWaitMs: number;
    /** A change on an idle site is built at once, without the quiet window (PUBLISH_LEADING_EDGE). */
    leading: boolean;
    keepReleases: number;
    command: string;
    /**
     * Release builds run in a worker that keeps the bundled build loaded (PUBLISH_BUILD_WARM,
     * with the default command): a change waits for no Node, Astro and Vite start-up.
     */
    warm: boolean;
    /**
     * The warm worker leaves after this long with no build and no back-office request
     * (PUBLISH_WORKER_IDLE_SECONDS); 0: it stays loaded.
     */
    workerIdleMs: number;
    /** Where the site build reads the API; null: this server, where it listens. */
    apiUrl: string | null;
    /** A build running longer is stopped (its whole process group) and recorded as failed. */
    buildTimeoutMs: number;
    /** Automatic retries of a failed build, the first after buildRetryBackoffMs, then doubled. */
    buildRetries: number;
    buildRetryBackoffMs: number;
    webhook: {
      urls: string[];
      secret: string;
      timeoutMs: number;
      retries: number;
      backoffMs: number;
    };
  };
  uploads: {
    maxFileBytes: number;
    maxRequestBytes: number;
    maxPixels: number;
    /** The largest document (a datasheet, a drawing: DOCUMENT_MAX_MB). */
    maxDocumentBytes: number;
    /** How many documents one product, project or category may have. */
    documentsPerRecord: number;
  };
  /** NODE_ENV=production: the checks a live site needs (see siteUrlProblem). */
  production: boolean;
  /** The public site's address (canonical links, sitemap); null when SITE_URL is unset. */
  siteUrl: string | null;
  /** The back office's address, for links in lead notifications. */
  adminUrl: string;
  /** The address Telegram posts updates to (webhook mode); null without SITE_URL or its own. */
  telegramWebhookUrl: string | null;
  /** How long a long-polling call waits (polling mode). */
  telegramPollSeconds: number;
  /** Where leads and supplier applications are delivered (who gets which is a setting). */
  notify: {
    telegram: { token: string; apiUrl: string } | null;
    smtp: { url: string; from: string } | null;
    webhook: { urls: string[]; secret: string } | null;
  };
  /** Scheduled backups and where every archive the server or `pnpm backup` makes goes. */
  backup: {
    /** A backup every this many milliseconds, on one instance; 0: no schedule. */
    intervalMs: number;
    /** How many of the server's own archives are kept (the newest). */
    keep: number;
    /** BACKUP_DIR, by default DATA_DIR/backups. */
    dir: string;
  };
  rateLimits: {
    /** Attempts per user name, and per client address, within the window. */
    signIn: { perUser: number; perIp: number; windowMs: number };
    forms: { max: number; windowMs: number };
  };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/**
 * What is wrong with SITE_URL for a live site, or null. Unset, the site's canonical links,
 * hreflang, sitemap and robots.txt point at http://localhost:8080; a loopback address is as
 * wrong for visitors and search engines. Checked in production and wherever this server
 * publishes the site.
 */
export function siteUrlCheck(
  config: Pick<Config, 'production' | 'siteUrl'> & { publish: { enabled: boolean } },
): 'unset' | 'loopback' | null {
  if (!config.production && !config.publish.enabled) return null;
  if (!config.siteUrl) return 'unset';
  return LOOPBACK.test(new URL(config.siteUrl).hostname) ? 'loopback' : null;
}

/** The SITE_URL problem in words, for the log and the console. */
export function siteUrlProblem(config: Parameters<typeof siteUrlCheck>[0]): string | null {
  switch (siteUrlCheck(config)) {
    case 'unset':
      return "SITE_URL is not set: the public site's canonical links, hreflang, sitemap and robots.txt point at http://localhost:8080. Set it to the site's public address.";
    case 'loopback':
      return `SITE_URL is ${config.siteUrl}, a loopback address: visitors and search engines cannot reach it. Set it to the site's public address.`;
    default:
      return null;
  }
}

/** `true` trusts every proxy; otherwise a comma-separated list of proxy addresses or subnets. */
function parseTrustProxy(value: string): boolean | string {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** The S3 settings when UPLOADS_DRIVER=s3, checked: every missing variable is named at once. */
function s3Settings(env: Env): S3Settings {
  const value = (name: keyof Env) => String(env[name] ?? '').trim();
  const required = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const unset = required.filter((name) => !value(name));
  if (unset.length) {
    throw new Error(`UPLOADS_DRIVER=s3 needs ${unset.join(', ')} to be set`);
  }
  const endpoint = value('S3_ENDPOINT').replace(/\/+$/, '');
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) {
    throw new Error('S3_ENDPOINT must be an http(s) URL (leave it unset for AWS S3)');
  }
  const prefix = value('S3_PREFIX').replace(/^\/+|\/+$/g, '');
  if (prefix && prefix.split('/').some((segment) => !segment || segment.startsWith('.'))) {
    throw new Error('S3_PREFIX must be a path like site/uploads, without empty or dot segments');
  }
  return {
    bucket: value('S3_BUCKET'),
    endpoint: endpoint || null,
    region: value('S3_REGION'),
    accessKeyId: value('S3_ACCESS_KEY_ID'),
    secretAccessKey: value('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** Reads and validates the configuration; `overrides` win over the environment (tests use it). */
export function loadConfig(overrides: Record<string, string | number | boolean> = {}): Config {
  const data = { ...process.env, ...overrides };
  const env = envSchema<Env>({ schema: configSchema, data, dotenv: false });
  const fromRoot = (path: string) => (isAbsolute(path) ? path : join(REPO_ROOT, path));
  const dataDir = fromRoot(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL.trim();
  const webhookUrls: string[] = env.PUBLISH_WEBHOOK_URLS.split(',')
    .map((url: string) => url.trim())
    .filter(Boolean);
  const publishMode = !env.PUBLISH_ENABLED ? 'off' : webhookUrls.length ? 'webhook' : 'runner';
  if (env.PUBLISH_WEBHOOK_URLS.trim() && !env.PUBLISH_WEBHOOK_SECRET) {
    throw new Error('PUBLISH_WEBHOOK_SECRET must be set when PUBLISH_WEBHOOK_URLS is');
  }
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
  }
  const siteUrl = env.SITE_URL.trim().replace(/\/+$/, '') || null;
  const adminUrl =
    env.ADMIN_URL.trim().replace(/\/+$/, '') ||
    `${siteUrl ?? `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`}/admin`;
  for (const [name, value] of [
    ['SITE_URL', siteUrl ?? ''],
    ['ADMIN_URL', adminUrl],
    ['TELEGRAM_API_URL', env.TELEGRAM_API_URL],
    ['TELEGRAM_WEBHOOK_URL', env.TELEGRAM_WEBHOOK_URL],
  ] as const) {
    if (value && !/^https?:\/\/[^\s/]+/.test(value)) {
      throw new Error(`${name} must be an http(s) URL`);
    }
  }
  const smtpUrl = env.SMTP_URL.trim();
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  if (smtpUrl && !env.MAIL_FROM.trim()) throw new Error('MAIL_FROM must be set when SMTP_URL is');
  const leadWebhookUrls = env.LEAD_WEBHOOK_URLS.split(',')
    .map((url: string) => url.trim())
    .filter(Boolean);
  if (leadWebhookUrls.some((url: string) => !/^https?:\/\/[^\s/]+/.test(url))) {
    throw new Error('LEAD_WEBHOOK_URLS must be comma-separated http(s) URLs');
  }
  if (leadWebhookUrls.length && !env.LEAD_WEBHOOK_SECRET) {
    throw new Error('LEAD_WEBHOOK_SECRET must be set when LEAD_WEBHOOK_URLS is');
  }
  if (env.BACKUP_INTERVAL_HOURS > 0 && env.BACKUP_INTERVAL_HOURS * 60 < 1) {
    throw new Error(
      'BACKUP_INTERVAL_HOURS must be 0 (no schedule) or at least one minute (0.0167)',
    );
  }
  const mb = 1024 * 1024;
  return {
    host: env.HOST,
    port: env.PORT,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    storage:
      env.UPLOADS_DRIVER === 's3' ? { driver: 's3', s3: s3Settings(env) } : { driver: 'local' },
    databaseUrl: databaseUrl || null,
    sqliteFile: join(dataDir, 'catalogue.sqlite'),
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS,
    logLevel: env.LOG_LEVEL,
    // Readable lines wherever they go (a console, or `npm start > start.log`, which a person reads
    // too); JSON lines only when asked for, as a log shipper wants them.
    logPretty: env.LOG_PRETTY !== 'false',
    admin: { userName: env.ADMIN_USER, password: env.ADMIN_PASSWORD, email: env.ADMIN_EMAIL },
    seedDemo: env.SEED_DEMO,
    seedPictures: env.SEED_PICTURES,
    sessionTtlMs: env.SESSION_TTL_HOURS * 3600_000,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    revisions: {
      keepDays: env.REVISIONS_KEEP_DAYS,
      perRecord: env.REVISIONS_PER_RECORD,
      trashDays: env.TRASH_DAYS,
    },
    uploadsSweepGraceMs: env.UPLOADS_SWEEP_GRACE_MINUTES * 60_000,
    twoFactor: { requiredForAdmins: env.TWO_FACTOR_REQUIRED_FOR_ADMINS },
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((origin: string) => origin.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY.trim()),
    redisUrl: env.REDIS_URL.trim() || null,
    publicCacheMb: env.PUBLIC_CACHE_MB,
    serveFrontends: env.SERVE_FRONTENDS,
    adminDir: fromRoot(env.ADMIN_DIR),
    adminBuildAtStart: env.ADMIN_BUILD_AT_START,
    adminInstallAtStart: env.ADMIN_INSTALL_AT_START || null,
    // With the bundled runner publishing here, the site served is the current release, unless
    // SITE_DIR says otherwise. With webhook URLs the site is built elsewhere (a CDN's hook):
    // this server serves SITE_DIR, if anything.
    siteDir:
      publishMode === 'runner' && data.SITE_DIR === undefined
        ? join(dataDir, 'site', 'current')
        : fromRoot(env.SITE_DIR),
    publish: {
      enabled: env.PUBLISH_ENABLED,
      mode: publishMode,
      siteRoot: join(dataDir, 'site'),
      debounceMs: env.PUBLISH_DEBOUNCE_MS,
      maxWaitMs: env.PUBLISH_MAX_WAIT_MS,
      leading: env.PUBLISH_LEADING_EDGE,
      keepReleases: env.PUBLISH_KEEP_RELEASES,
      command: env.PUBLISH_BUILD_COMMAND,
      warm: env.PUBLISH_BUILD_WARM && env.PUBLISH_BUILD_COMMAND.trim() === DEFAULT_BUILD_COMMAND,
      workerIdleMs: env.PUBLISH_WORKER_IDLE_SECONDS * 1000,
      apiUrl: env.PUBLISH_API_URL.trim() || null,
      buildTimeoutMs: env.PUBLISH_BUILD_TIMEOUT_MS,
      buildRetries: env.PUBLISH_BUILD_RETRIES,
      buildRetryBackoffMs: env.PUBLISH_BUILD_RETRY_BACKOFF_MS,
      webhook: {
        urls: webhookUrls,
        secret: env.PUBLISH_WEBHOOK_SECRET,
        timeoutMs: env.PUBLISH_WEBHOOK_TIMEOUT_MS,
        retries: env.PUBLISH_WEBHOOK_RETRIES,
        backoffMs: env.PUBLISH_WEBHOOK_BACKOFF_MS,
      },
    },
    uploads: {
      maxFileBytes: Math.round(env.UPLOAD_MAX_FILE_MB * mb),
      maxRequestBytes: Math.round(env.UPLOAD_MAX_REQUEST_MB * mb),
      maxPixels: Math.round(env.UPLOAD_MAX_MEGAPIXELS * 1_000_000),
      maxDocumentBytes: Math.round(env.DOCUMENT_MAX_MB * mb),
      documentsPerRecord: env.DOCUMENTS_PER_RECORD,
    },
    production: env.NODE_ENV.trim() === 'production',
    siteUrl,
    adminUrl,
    telegramWebhookUrl:
      env.TELEGRAM_WEBHOOK_URL.trim() || (siteUrl ? `${siteUrl}/api/telegram/webhook` : null),
    telegramPollSeconds: env.TELEGRAM_POLL_SECONDS,
    notify: {
      telegram: env.TELEGRAM_BOT_TOKEN.trim()
        ? { token: env.TELEGRAM_BOT_TOKEN.trim(), apiUrl: env.TELEGRAM_API_URL.trim() }
        : null,
      smtp: smtpUrl ? { url: smtpUrl, from: env.MAIL_FROM.trim() } : null,
      webhook: leadWebhookUrls.length
        ? { urls: leadWebhookUrls, secret: env.LEAD_WEBHOOK_SECRET }
        : null,
    },
    backup: {
      intervalMs: Math.round(env.BACKUP_INTERVAL_HOURS * 3600_000),
      keep: env.BACKUP_KEEP,
      dir: env.BACKUP_DIR.trim() ? fromRoot(env.BACKUP_DIR.trim()) : join(dataDir, 'backups'),
    },
    rateLimits: {
      signIn: {
        perUser: env.SIGNIN_RATE_LIMIT,
        perIp: env.SIGNIN_IP_RATE_LIMIT,
        windowMs: env.SIGNIN_RATE_WINDOW_MINUTES * 60_000,
      },
      forms: { max: env.FORM_RATE_LIMIT, windowMs: env.FORM_RATE_WINDOW_MINUTES * 60_000 },
    },
  };
}
