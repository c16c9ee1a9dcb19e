import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from '../scripts/e2e/playwright.ts';

// E2E_PORT: other ports (it and the next), when another checkout's browser tests hold these.
const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * The lanes the specs run in, at the same time: each a server of its own (its own database) and
 * one worker (the tests of a server share its data, one after another). Only the lanes of the
 * specs about publishing have a server that builds the site after saves, as `npm start` does;
 * on the others a save would start a site build that competes for the cores. A spec in no
 * list runs in the last lane. The lanes are balanced to take about as long each; more lanes only
 * make the browsers compete for the two cores.
 */
const LANES = [
  {
    name: 'publishing',
    publishes: true,
    // and specs that change nothing the site shows, to balance the lanes
    specs: [
      'autoPublish.spec.ts',
      'drafts.spec.ts',
      'publishing.spec.ts',
      'auth.spec.ts',
      'sessions.spec.ts',
      'twoFactor.spec.ts',
      'exports.spec.ts',
      'leads.spec.ts',
      'users.spec.ts',
      // short screens that save nothing the site shows, to even the lanes
      'missingScreens.spec.ts',
      'activity.spec.ts',
      'notifications.spec.ts',
      'history.spec.ts',
      // a backup, which changes nothing the site shows (the other lane was the longer)
      'backups.spec.ts',
      // requests and sign-ins only, nothing the site shows (the other lane was the longer)
      'dashboard.spec.ts',
      'conversation.spec.ts',
      // each role's menu walked, reading only (the other lane was the longer)
      'menus.spec.ts',
    ],
  },
  { name: 'back office', publishes: false, specs: [] as string[] },
];
const listed = LANES.flatMap((lane) => lane.specs);

// The back office in Debian's chromium against the real API on fresh databases with demo
// content (scripts/e2e/server.ts serves the built admin).
export default defineConfig({
  testDir: 'e2e',
  workers: LANES.length,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['../scripts/check/playwrightTimes.ts', { suite: 'admin e2e' }]],
  outputDir: '../.cache/playwright/admin',
  // A trace of the retry of a failed test only: recording one for every test (retain-on-failure)
  // costs CPU the tests compete for on two cores.
  // as for someone who asked for less motion (src/layout/motion.ts): no animation frames drawn
  use: { launchOptions: chromiumLaunch, trace: 'on-first-retry', reducedMotion: 'reduce' },
  projects: LANES.map((lane, index) => ({
    name: lane.name,
    ...(lane.specs.length ? { testMatch: lane.specs } : { testIgnore: listed }),
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${PORT + index}` },
  })),
  webServer: LANES.map((lane, index) => ({
    // the admin is built once, before the first server starts (unless the check built it before,
    // ADMIN_PREBUILT); the others wait for it, and all serve admin/dist
    command:
      index === 0
        ? `${process.env.ADMIN_PREBUILT === '1' ? '' : 'vite build --logLevel warn && '}node ../scripts/e2e/server.ts`
        : `node ../scripts/e2e/wait-for.ts http://127.0.0.1:${PORT}/api/health && node ../scripts/e2e/server.ts`,
    url: `http://127.0.0.1:${PORT + index}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // The servers that publish seed the demo without its pictures: their tests do not look at
    // them (the site's own tests do), and encoding them for the first release is CPU the tests
    // would wait for.
    env: {
      PORT: String(PORT + index),
      PUBLISH_ENABLED: String(lane.publishes),
      SEED_PICTURES: String(!lane.publishes),
    },
    stdout: 'pipe' as const,
  })),
});
