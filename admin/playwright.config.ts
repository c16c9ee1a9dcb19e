import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from '../scripts/e2e/playwright.ts';

// E2E_PORT: other ports (it and the next), when another checkout's browser tests hold these.
const PORT = Number(process.env.E2E_PORT ?? 8181);

/** The specs about publishing: their server builds the site after saves, as `npm start` does. */
const PUBLISHING = ['publishing.spec.ts', 'drafts.spec.ts', 'schedules.spec.ts'];

// The back office in Debian's chromium against the real API on a fresh database with demo
// content (scripts/e2e/server.ts serves the built admin). Two servers, each with its own
// database and one worker (the tests of a server share its data, one after another): one that
// publishes the site after saves, for the specs about publishing, and one that does not, for
// the rest, whose saves would otherwise each start a site build that competes for the cores.
export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['../scripts/check/playwrightTimes.ts', { suite: 'admin e2e' }]],
  outputDir: '../.cache/playwright/admin',
  use: { launchOptions: chromiumLaunch, trace: 'retain-on-failure' },
  projects: [
    {
      name: 'publishing',
      testMatch: PUBLISHING,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${PORT}` },
    },
    {
      name: 'back office',
      testIgnore: PUBLISHING,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${PORT + 1}` },
    },
  ],
  webServer: [
    {
      // the admin is built once, before the first server starts; both serve admin/dist
      command: 'vite build --logLevel warn && node ../scripts/e2e/server.ts',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { PORT: String(PORT) },
      stdout: 'pipe',
    },
    {
      command: `node ../scripts/e2e/wait-for.ts http://127.0.0.1:${PORT}/api/health && node ../scripts/e2e/server.ts`,
      url: `http://127.0.0.1:${PORT + 1}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { PORT: String(PORT + 1), PUBLISH_ENABLED: 'false' },
      stdout: 'pipe',
    },
  ],
});
