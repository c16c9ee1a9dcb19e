import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ADMIN_DIR,
  buildAdmin,
  INITIAL_JS_BUDGET,
  measureInitialJs,
} from '../scripts/initialJs.ts';

// The JavaScript the first screen loads, as `pnpm bench:admin` measures it, from a build of the
// admin with its real config: the one the whole check made of this tree before the tests
// (scripts/check.ts says so with ADMIN_PREBUILT), or else one of its own in a folder of its own
// (admin/dist is left alone: it may be older than the code).

describe('the first screen’s JavaScript', () => {
  const prebuilt = process.env.ADMIN_PREBUILT === '1';
  const outDir = prebuilt
    ? join(ADMIN_DIR, 'dist')
    : mkdtempSync(join(tmpdir(), 'conveyor-admin-build-'));
  afterAll(() => {
    if (!prebuilt) rmSync(outDir, { recursive: true, force: true });
  });

  it(`stays within ${INITIAL_JS_BUDGET / 1024} kB gzipped`, { timeout: 180_000 }, () => {
    if (!prebuilt) buildAdmin(outDir);
    const { entry, initial, initialBytes, lazy } = measureInitialJs(outDir);

    expect(entry).toHaveLength(1);
    const files = initial.map(({ file }) => file);
    expect(files).toContain(entry[0]);
    expect(initialBytes).toBeGreaterThan(0);
    // the admin itself and the other languages load when needed, not with the sign-in screen
    expect(lazy.map(({ file }) => file)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^assets\/App-/),
        expect.stringMatching(/^assets\/ru-/),
        expect.stringMatching(/^assets\/en-/),
      ]),
    );
    expect(initialBytes, files.join(', ')).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });
});
