import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from '../scripts/e2e/playwright.ts';

// E2E_SITE_PORT: another port, when another checkout's browser tests hold this one.
const PORT = Number(process.env.E2E_SITE_PORT ?? 8281);

// The public site as visitors get it: scripts/e2e/server.ts starts the API on a fresh
// database with demo content, publishes the site from it and serves it on one port. Two
// workers: the tests read the site, and what they send (leads, applications) each finds again
// by a name of its own.
export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['../scripts/check/playwrightTimes.ts', { suite: 'site e2e' }]],
  outputDir: '../.cache/playwright/site',
  use: { baseURL: `http://127.0.0.1:${PORT}`, launchOptions: chromiumLaunch },
  // Every test at a desktop's width; those tagged @phone again at a phone's, where most visitors
  // are (DESIGN section 1): layout, forms, media and language tests, not the whole suite twice.
  projects: [
    { name: 'desktop' },
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node ../scripts/e2e/server.ts',
    // The first release goes live with its pages, before its pictures are all encoded: the
    // tests start once it is whole, which the server says on its output
    wait: { stdout: /e2e site published/ },
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(PORT) },
    stdout: 'pipe',
  },
});
