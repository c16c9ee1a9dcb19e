import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAP_FLAGS, leanStart, TUNED } from '../../src/lib/leanProcess.ts';

/** What a process started with `env` and `execArgv` reports of its compile cache and heap. */
function started(env: Record<string, string>, execArgv: string[]) {
  const { stdout } = spawnSync(
    process.execPath,
    [
      ...execArgv,
      '-e',
      `console.log(JSON.stringify({
        cache: require('node:module').getCompileCacheDir() ?? null,
        tuned: process.env.${TUNED} ?? null,
        flags: process.execArgv,
      }))`,
    ],
    { env, encoding: 'utf8' },
  );
  return JSON.parse(stdout) as { cache: string | null; tuned: string | null; flags: string[] };
}

describe('a lean start', () => {
  it("keeps Node's compile cache in the folder Node picks for it, unless one is given", () => {
    const plain = { PATH: process.env.PATH ?? '' };
    const lean = leanStart(plain, []);
    const reported = started(lean.env, lean.execArgv);
    // Node keeps each version's cache in a folder of its own inside the one it is given
    expect(reported.cache?.startsWith(join(tmpdir(), 'node-compile-cache'))).toBe(true);
    expect(reported.tuned).toBe('1');
    expect(reported.flags).toEqual(expect.arrayContaining(HEAP_FLAGS));

    const given = leanStart({ ...plain, NODE_COMPILE_CACHE: join(tmpdir(), 'elsewhere') }, []);
    expect(started(given.env, given.execArgv).cache?.startsWith(join(tmpdir(), 'elsewhere'))).toBe(
      true,
    );
    // and a process started without it has none
    expect(started(plain, []).cache).toBeNull();
  });
});
