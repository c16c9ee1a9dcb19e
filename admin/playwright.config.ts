import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from '../scripts/e2e/playwright.ts';

// E2E_PORT: another port, when another checkout's browser tests hold the default one.
const PORT = Number(process.env.E2E_PORT ?? 8181);

// The back office in Debian's chromium against the real API on a fresh database with demo
// content (scripts/e2e/server.ts serves the built admin). One worker: the tests share it.
export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: '../.cache/playwright/admin',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'vite build --logLevel warn && node ../scripts/e2e/server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(PORT) },
    stdout: 'pipe',
  },
});
