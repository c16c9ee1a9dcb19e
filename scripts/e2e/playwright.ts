import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's headless build of chromium (apt-get install chromium-headless-shell). */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * How every Playwright test launches a browser: Debian's chromium (Playwright's own browser
 * download is not available here), headless, with the background services that would try to
 * reach the internet turned off. Its headless shell where installed: the same engine without
 * the desktop browser around it (Playwright's own default for headless runs), which takes far
 * less of the two cores the browser tests share with their servers. CHROMIUM_PATH points
 * elsewhere when needed.
 */
export const chromiumLaunch: LaunchOptions = {
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // V8's baseline compiler only (Sparkplug), not its optimizing ones (Maglev, TurboFan): a
    // test's page lives a few seconds, too short to repay the compiling those do on their own
    // threads, which takes cores the tests and their servers share. What the page does is the
    // same; only how fast its hottest code runs differs, which no test measures (the benches do,
    // in a browser of their own).
    '--js-flags=--max-opt=1',
  ],
};

/**
 * Why browser tests cannot run here, or null. Without chromium they skip, saying so; under CI
 * they fail instead (`.ci/run` installs it).
 */
export const chromiumSkipReason: string | null = (() => {
  const path = chromiumLaunch.executablePath!;
  if (existsSync(path)) return null;
  const message = `no chromium at ${path} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI) throw new Error(`${message}; CI must run the browser tests`);
  console.warn(`skipping browser tests: ${message}`);
  return message;
})();
