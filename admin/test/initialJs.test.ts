import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAdmin, INITIAL_JS_BUDGET, measureInitialJs } from '../scripts/initialJs.ts';

// The JavaScript the first screen loads, as `pnpm bench:admin` measures it, from one build
// of the admin with its real config into a folder of its own (admin/dist is left alone).

describe('the first screen’s JavaScript', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'conveyor-admin-build-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it(`stays within ${INITIAL_JS_BUDGET / 1024} kB gzipped`, { timeout: 180_000 }, () => {
    buildAdmin(outDir);
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
