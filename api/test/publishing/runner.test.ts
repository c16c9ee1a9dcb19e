import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteBuilder } from '../../src/publish/siteBuilder.ts';
import { skipReason } from '../helpers/database.ts';
import { hungCommand, processRuns, queueHarness } from '../helpers/publishing.ts';

// The queue running the bundled site builder: a real build process, stopped when it hangs.
describe.skipIf(skipReason)('rebuild queue running the site builder', () => {
  const { queue, rows } = queueHarness();

  it('records a hung build as timed out', async () => {
    const root = await mkdtemp(join(tmpdir(), 'conveyor-hung-'));
    try {
      const build = siteBuilder({
        siteRoot: root,
        command: hungCommand(join(root, 'pid')),
        cwd: root,
        env: () => ({}),
        keepReleases: 2,
        timeoutMs: 300,
        killGraceMs: 100,
      });
      const q = queue(build, 10, 50);
      await q.requestNow();
      await q.idle();
      const [row] = await rows();
      expect(row).toMatchObject({
        status: 'failed',
        error: 'the site build timed out after 0.3 s',
      });
      expect(row!.log_tail).toContain('waiting for the API');
      await expect
        .poll(() => processRuns(Number(readFileSync(join(root, 'pid'), 'utf8'))))
        .toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('at shutdown, stops the build in progress and asks for it again', async () => {
    const root = await mkdtemp(join(tmpdir(), 'conveyor-shutdown-'));
    try {
      const pidFile = join(root, 'pid');
      const build = siteBuilder({
        siteRoot: root,
        command: hungCommand(pidFile),
        cwd: root,
        env: () => ({}),
        keepReleases: 2,
        killGraceMs: 100,
      });
      const q = queue(build, 10, 50);
      await q.requestNow();
      await expect
        .poll(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '')
        .toBe(true);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      const closing = Date.now();
      await q.close();
      expect(Date.now() - closing).toBeLessThan(5000);
      await expect.poll(() => processRuns(pid)).toBe(false);
      expect((await rows()).map((row) => [row.status, row.error, row.requests])).toEqual([
        ['failed', 'stopped: the API shut down', 1],
        ['queued', null, 0],
      ]);
      expect(await readdir(join(root, 'releases'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
