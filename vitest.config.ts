import { defineConfig } from 'vitest/config';

// One test run for the whole workspace. The API's tests run twice: on SQLite, and on
// PostgreSQL (TEST_POSTGRES_URL, default the local server), each file on a database of its own.
export default defineConfig({
  cacheDir: '.cache/vite',
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api:sqlite',
          include: ['api/test/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api:postgres',
          include: ['api/test/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
