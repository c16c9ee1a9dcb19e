import { defineConfig } from 'vitest/config';

/**
 * The API's tests that run real site builds. They run on SQLite only: a build reads the
 * database once, through the snapshot, and api/test/publishing/siteData.databases.test.ts checks
 * that the snapshot is the same on PostgreSQL. They run one at a time (each build wants both
 * cores, and they share Astro's image cache), which vitest does after every other file:
 * `npm test` runs them in a vitest run of their own beside the others' (scripts/check.ts).
 */
const SITE_BUILDS = [
  'api/test/publishing/incremental.test.ts',
  'api/test/publishing/site.test.ts',
  'api/test/publishing/siteBuilder.test.ts',
  'api/test/publishing/warmBuilds.test.ts',
  'api/test/plugins/frontends.test.ts',
];
/** Compares the two databases, so it runs in the PostgreSQL project only. */
const BOTH_DATABASES = ['api/test/publishing/siteData.databases.test.ts'];
/**
 * Files whose code does not depend on the database's dialect: SQLite only. They test what sits
 * beside the database (configuration, storage drivers, the cache, sign-in throttling in memory
 * or Redis, mail and Telegram, image uploads, body limits, build processes and webhook calls,
 * timers, threads), and reach the database only through paths that the files run on both check (the
 * records of routes/contract, routes/registry and auth/access, the job queue of jobs/runner and
 * publishing/queue, the snapshot of publishing/siteData.databases, transactions in crashDrills
 * and notify/leadDurability, odd values in plugins/hostileInput). The products sheet's limits
 * (exports/productSheetLimits) are one: a file past a limit is refused as its reader meets it,
 * on a thread, before the import asks the database anything, and the dry runs at the limits
 * plan no more than exports/productSheet's imports plan on both.
 * Starting the server apart from its database (startup) is one: server.test.ts starts it on each.
 * The files stay written for either database (TEST_DB): moving one back is a change of this list.
 */
const DIALECT_NEUTRAL = [
  'config',
  'configDocs',
  'notify/channels',
  'storage/storage',
  'app',
  'auth/passwords',
  'auth/sessionCookie',
  'auth/signInThrottling',
  'plugins/multipart',
  'routes/refusedValues',
  'plugins/publicCache',
  'plugins/uploads',
  'plugins/bodyLimits',
  'routes/forms',
  'notify/leadDelivery',
  'backup/schedule',
  'startup',
  'publishing/catchUp',
  'publishing/diskUse',
  'publishing/routes',
  'publishing/runner',
  'publishing/webhook',
  'jobs/kinds',
  'i18n/uzbekOrthography',
  'i18n/glossary',
  'exports/productSheetLimits',
  'lib/schemaCompilers',
  'lib/leanProcess',
  'lib/threads',
].map((name) => `api/test/${name}.test.ts`);

// The API's projects: each test database starts from one migrated per run. A test's time
// allowance is for a machine of two cores running the whole check at once (four files, the
// site builds beside them), where the PostgreSQL runs of the longest tests (a sheet at the row
// limit, every route's hostile input, a server stopped mid-request) take several times as long
// as alone.
const api = {
  testTimeout: 90_000,
  hookTimeout: 90_000,
  globalSetup: ['api/test/helpers/templates.ts'],
};

/**
 * The API's files run one after another in each worker on modules imported once (the app,
 * Fastify, Kysely, sharp): importing them afresh for every file would add that import to every
 * file's time. Each file still starts its own app on its own database, and none changes module
 * state or the environment that another reads (the site-building files, which do, keep
 * isolation).
 */
const shareModules = { isolate: false };

// One test run for the whole workspace. The API's tests run on SQLite and on PostgreSQL
// (TEST_POSTGRES_URL, default the local server), each file on a database of its own, so files
// run in parallel: most of their time is spent waiting on HTTP, the database and child
// processes, so a few more workers than cores keep both busy (VITEST_MAX_WORKERS overrides).
export default defineConfig({
  cacheDir: '.cache/vite',
  test: {
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 4),
    reporters: ['default', './scripts/check/vitestTimes.ts'],
    projects: [
      {
        test: {
          name: 'shared',
          include: ['shared/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'site',
          include: ['site/test/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'admin',
          include: ['admin/test/**/*.test.ts'],
          setupFiles: ['admin/test/setup.ts'],
          env: { TEST_DB: 'sqlite' },
          ...api,
        },
      },
      {
        test: {
          name: 'api:builds',
          include: SITE_BUILDS,
          env: { TEST_DB: 'sqlite' },
          fileParallelism: false,
          ...api,
        },
      },
      {
        test: {
          name: 'api:sqlite',
          include: ['api/test/**/*.test.ts'],
          exclude: [...SITE_BUILDS, ...BOTH_DATABASES],
          env: { TEST_DB: 'sqlite' },
          ...api,
          ...shareModules,
        },
      },
      {
        test: {
          name: 'api:postgres',
          include: ['api/test/**/*.test.ts'],
          exclude: [...SITE_BUILDS, ...DIALECT_NEUTRAL],
          env: { TEST_DB: 'postgres' },
          ...api,
          ...shareModules,
        },
      },
    ],
  },
});
