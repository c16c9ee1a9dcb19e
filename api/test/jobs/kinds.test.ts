import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { JOB_KINDS } from '../../src/jobs/kinds.ts';
import { JobRunner } from '../../src/jobs/runner.ts';
import { skipReason } from '../helpers/database.ts';

// One list answers "what runs in the background" (api/src/jobs/kinds.ts): the app defines
// nothing it does not name, and names nothing it does not define.
describe.skipIf(skipReason)('the list of job kinds', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'conveyor-kinds-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** The kinds an app of these settings defines once registered (it never listens). */
  const definedBy = async (env: Record<string, string | boolean>, name: string) => {
    const config = loadConfig({
      DATA_DIR: join(dataDir, name),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      SEED_DEMO: false,
      SERVE_FRONTENDS: false,
      REDIS_URL: '',
      ...env,
    });
    const app = await buildApp(config, { logger: false });
    try {
      await app.ready();
      return app.jobs.kinds;
    } finally {
      await app.close();
    }
  };

  it('every kind listed is defined by the app, in one of its publishing modes, and no other', async () => {
    const building = await definedBy(
      { PUBLISH_ENABLED: true, PUBLISH_BUILD_WARM: false },
      'runner',
    );
    const announcing = await definedBy(
      {
        PUBLISH_ENABLED: true,
        PUBLISH_WEBHOOK_URLS: 'http://127.0.0.1:9/hook',
        PUBLISH_WEBHOOK_SECRET: 'webhook-secret-1',
      },
      'webhook',
    );
    const quiet = await definedBy({ PUBLISH_ENABLED: false }, 'off');
    expect(new Set([...building, ...announcing, ...quiet])).toEqual(
      new Set(Object.keys(JOB_KINDS)),
    );
    // the instance that builds runs the catch-up check and rollbacks; one that announces does not
    expect(building).toEqual(expect.arrayContaining(['publish.catchUp', 'site.rollback']));
    expect(announcing).toContain('publish.hook');
    expect(announcing).not.toContain('publish.catchUp');
    expect(quiet).not.toContain('publish.build');
  });

  it('a kind missing from the list is refused where it is defined', () => {
    const runner = new JobRunner({
      db: null as never,
      log: console as never,
      kinds: Object.keys(JOB_KINDS),
    });
    expect(() => runner.define('reports.weekly', { async run() {} })).toThrow(
      'job kind reports.weekly is not listed in api/src/jobs/kinds.ts',
    );
    expect(() => runner.define('jobs.prune', { async run() {} })).not.toThrow();
  });
});
